public import DualCamCore

/// One camera as the budget sees it: what it sends, how fast, and over which bus.
public struct BudgetSource: Sendable, Hashable, Codable {
  /// What kind of source it is; only USB cameras load a USB bus.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A V4L2 camera on USB (UVC).
    case usbCamera = "usb-camera"
    /// A V4L2 device on another bus (CSI, PCI capture card, vivid).
    case otherCamera = "other-camera"
    /// A built-in test pattern.
    case synthetic
    /// A video file played as a camera.
    case file
  }

  /// Which camera this is.
  public var position: CameraPosition
  /// What kind of source it is.
  public var kind: Kind
  /// The format the source delivers before conversion to I420.
  public var format: WireFormat
  /// Frame size delivered.
  public var size: ImageSize
  /// Frame rate delivered.
  public var frameRate: FrameRate
  /// Where a USB camera is plugged in; nil for other kinds, or when sysfs could not tell.
  public var usb: USBPlacement?
  /// True when the camera also offers MJPEG at this size (so switching to it is a choice).
  public var offersMJPEG: Bool

  /// Creates a source description.
  public init(
    position: CameraPosition, kind: Kind, format: WireFormat, size: ImageSize,
    frameRate: FrameRate, usb: USBPlacement? = nil, offersMJPEG: Bool = false
  ) {
    self.position = position
    self.kind = kind
    self.format = format
    self.size = size
    self.frameRate = frameRate
    self.usb = usb
    self.offersMJPEG = offersMJPEG
  }
}

/// The pixel format on the wire between a camera and DualCam.
public enum WireFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// Packed 4:2:2, 2 bytes per pixel, converted to I420 on capture.
  case yuyv
  /// Semi-planar 4:2:0, 1.5 bytes per pixel, converted to I420 on capture.
  case nv12
  /// Planar 4:2:0 as DualCam uses it (synthetic and file sources): nothing to convert.
  case i420
  /// Motion JPEG: compressed on the wire, decoded to I420 on capture.
  case mjpeg

  /// Reads `SourceInfo.nativeFormat` (`YUYV`, `MJPEG`, `I420`, `NV12`, or a file's codec name,
  /// which is decoded before DualCam sees it and so counts as I420).
  public init(nativeFormat: String) {
    switch nativeFormat.lowercased() {
    case "yuyv", "yuy2", "yuyv422": self = .yuyv
    case "nv12": self = .nv12
    case "mjpeg", "mjpg", "jpeg": self = .mjpeg
    default: self = .i420
    }
  }

  /// Bytes per pixel of an uncompressed frame; nil for MJPEG, whose size depends on the picture.
  public var bytesPerPixel: Double? {
    switch self {
    case .yuyv: 2
    case .nv12, .i420: 1.5
    case .mjpeg: nil
    }
  }
}

/// Where a USB camera sits and what the kernel reserved for it.
public struct USBPlacement: Sendable, Hashable, Codable {
  /// The bus (root hub) whose periodic bandwidth the camera shares, e.g. `usb1`.
  public var bus: String
  /// The host controller above that root hub, e.g. `0000:00:14.0`, for the user.
  public var hostController: String?
  /// The device's sysfs name, e.g. `1-2` (port path), to tell it apart from other devices.
  public var device: String
  /// The link speed.
  public var speed: USBSpeed
  /// Bytes per bus interval the streaming interface's current alternate setting reserves
  /// (wMaxPacketSize × transactions, or SuperSpeed wBytesPerInterval); nil while the camera
  /// is idle (alternate setting 0), when the model estimates it instead.
  public var reservedBytesPerInterval: Int?

  /// Creates a placement.
  public init(
    bus: String, hostController: String? = nil, device: String, speed: USBSpeed,
    reservedBytesPerInterval: Int? = nil
  ) {
    self.bus = bus
    self.hostController = hostController
    self.device = device
    self.speed = speed
    self.reservedBytesPerInterval = reservedBytesPerInterval
  }
}

/// Periodic bandwidth another device on a bus has reserved (its current alternate settings).
public struct USBStream: Sendable, Hashable, Codable {
  /// The bus, as in `USBPlacement.bus`.
  public var bus: String
  /// The device's sysfs name.
  public var device: String
  /// The device's speed (a full-speed device behind a high-speed hub still uses bus time).
  public var speed: USBSpeed
  /// Bytes per bus interval reserved by its isochronous and interrupt endpoints, averaged
  /// over their service intervals.
  public var bytesPerInterval: Int

  /// Creates a stream description.
  public init(bus: String, device: String, speed: USBSpeed, bytesPerInterval: Int) {
    self.bus = bus
    self.device = device
    self.speed = speed
    self.bytesPerInterval = bytesPerInterval
  }
}

/// USB link speeds, as sysfs `speed` gives them in Mb/s.
public enum USBSpeed: String, Sendable, Hashable, Codable {
  /// USB 1.1 full speed, 12 Mb/s.
  case full
  /// USB 2.0 high speed, 480 Mb/s.
  case high
  /// USB 3.x SuperSpeed (Gen 1), 5 Gb/s.
  case superSpeed = "super"
  /// USB 3.1+ SuperSpeed Plus (Gen 2 and up), 10 Gb/s or more.
  case superSpeedPlus = "super-plus"

  /// The speed for sysfs's `speed` attribute (`1.5`, `12`, `480`, `5000`, `10000`, `20000`).
  public init?(megabitsPerSecond: Double) {
    switch megabitsPerSecond {
    case ..<100: self = .full
    case ..<1000: self = .high
    case ..<6000: self = .superSpeed
    default: self = .superSpeedPlus
    }
  }
}
