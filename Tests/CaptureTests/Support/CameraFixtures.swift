internal import CV4L2
import Capture
import Foundation

/// Ready-made fake cameras and controls shared by the discovery and controls tests.
enum CameraFixtures {
  static let exposureAuto = ControlPairs.exposureAuto
  static let exposureTime = ControlPairs.exposureAbsolute
  static let brightnessID: UInt32 = 0x0098_0900
  static let powerLineID: UInt32 = 0x0098_0918
  static let linkFrequencyID: UInt32 = 0x009f_0901
  static let pixelRateID: UInt32 = 0x009f_0902

  /// A UVC webcam: MJPG and YUYV with discrete sizes and intervals.
  static func webcam(card: String, busInfo: String) -> FakeCameraKernel.Node {
    FakeCameraKernel.Node(
      card: card, busInfo: busInfo,
      formats: [
        .init(
          fourCC: "MJPG", description: "Motion-JPEG", compressed: true,
          sizes: [(640, 480, [(1, 30), (1, 15)]), (1920, 1080, [(1, 30), (1, 60)])]),
        .init(
          fourCC: "YUYV", description: "YUYV 4:2:2",
          sizes: [(640, 480, [(1, 30)]), (1280, 720, [(1, 10), (1001, 30000)])]),
      ],
      controls: controls())
  }

  /// A vivid-like platform camera with a stepwise size range.
  static func platformCamera(busInfo: String) -> FakeCameraKernel.Node {
    FakeCameraKernel.Node(
      driver: "vivid", card: "vivid", busInfo: busInfo,
      formats: [
        .init(
          fourCC: "NV12", description: "Y/UV 4:2:0", stepwise: (16, 4096, 2, 16, 2160, 2),
          stepwiseIntervals: ((1, 60), (1, 1), (1, 60)))
      ])
  }

  /// A metadata node (UVC exposes one beside each camera).
  static func metadataNode(busInfo: String) -> FakeCameraKernel.Node {
    FakeCameraKernel.Node(
      card: "Meta", busInfo: busInfo,
      deviceCaps: UInt32(V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING))
  }

  /// A typical webcam's controls, plus a class header and a compound control to be skipped.
  static func controls() -> [FakeCameraKernel.Control] {
    [
      .init(
        id: 0x0098_0001, type: V4L2_CTRL_TYPE_CTRL_CLASS.rawValue, name: "User Controls",
        flags: UInt32(V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_WRITE_ONLY)),
      .init(
        id: brightnessID, type: V4L2_CTRL_TYPE_INTEGER.rawValue, name: "Brightness",
        minimum: -64, maximum: 64, step: 1, defaultValue: 0, value: 0),
      .init(
        id: 0x0098_0902, type: V4L2_CTRL_TYPE_INTEGER.rawValue, name: "Saturation",
        minimum: 0, maximum: 100, step: 10, defaultValue: 50, value: 50),
      .init(
        id: ControlPairs.whiteBalanceAuto, type: V4L2_CTRL_TYPE_BOOLEAN.rawValue,
        name: "White Balance, Automatic", defaultValue: 1, value: 1),
      .init(
        id: ControlPairs.gain, type: V4L2_CTRL_TYPE_INTEGER.rawValue, name: "Gain",
        minimum: 0, maximum: 255, defaultValue: 32, value: 32),
      .init(
        id: powerLineID, type: V4L2_CTRL_TYPE_MENU.rawValue, name: "Power Line Frequency",
        minimum: 0, maximum: 2, defaultValue: 1, value: 1,
        menu: [0: "Disabled", 1: "50 Hz", 2: "60 Hz"]),
      .init(
        id: ControlPairs.whiteBalanceTemperature, type: V4L2_CTRL_TYPE_INTEGER.rawValue,
        name: "White Balance Temperature", minimum: 2800, maximum: 6500, step: 10,
        defaultValue: 4600, value: 4600),
      .init(
        id: 0x0098_0a00, type: V4L2_CTRL_TYPE_U8.rawValue, name: "Some Compound",
        flags: UInt32(V4L2_CTRL_FLAG_HAS_PAYLOAD)),
      .init(
        id: exposureAuto, type: V4L2_CTRL_TYPE_MENU.rawValue, name: "Auto Exposure",
        minimum: 0, maximum: 3, defaultValue: 3, value: 3,
        menu: [1: "Manual Mode", 3: "Aperture Priority Mode"]),
      .init(
        id: exposureTime, type: V4L2_CTRL_TYPE_INTEGER.rawValue,
        name: "Exposure Time, Absolute", minimum: 3, maximum: 2047, defaultValue: 250, value: 250),
      .init(
        id: ControlPairs.zoomAbsolute, type: V4L2_CTRL_TYPE_INTEGER.rawValue,
        name: "Zoom, Absolute", minimum: 100, maximum: 500, defaultValue: 100, value: 100),
      .init(
        id: linkFrequencyID, type: V4L2_CTRL_TYPE_INTEGER_MENU.rawValue, name: "Link Frequency",
        minimum: 0, maximum: 1, defaultValue: 0, value: 0,
        integerMenu: [0: 400_000_000, 1: 800_000_000]),
      .init(
        id: pixelRateID, type: V4L2_CTRL_TYPE_INTEGER64.rawValue, name: "Pixel Rate",
        minimum: 1, maximum: 1 << 40, defaultValue: 1 << 33,
        flags: UInt32(V4L2_CTRL_FLAG_READ_ONLY), value: 1 << 33),
    ]
  }
}
