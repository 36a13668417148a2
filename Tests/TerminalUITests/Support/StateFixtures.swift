import Capture
import DualCamCore
import Foundation
import Session

@testable import TerminalUI

/// States to render and update without a session or a terminal.
enum StateFixtures {
  static let front = SourceInfo(
    kind: .synthetic, label: "SYNTHETIC front", identity: "synthetic:front",
    size: ImageSize(width: 1280, height: 720), frameRate: FrameRate(numerator: 30),
    nativeFormat: "i420")
  static let back = SourceInfo(
    kind: .v4l2, label: "Integrated Camera (/dev/video2)", identity: "usb-cam",
    size: ImageSize(width: 1280, height: 720), frameRate: FrameRate(numerator: 30),
    nativeFormat: "yuyv", details: ["path": "/dev/video2"])

  /// An 80×24 interface previewing two sources, with a deterministic preview picture.
  static func previewing(width: Int = 80, height: Int = 24) -> AppState {
    var state = AppState(
      width: width, height: height,
      capabilities: TerminalCapabilities(colorDepth: .palette256, unicode: true),
      settings: RecordingSettings(),
      sources: .init(front: front, back: back, frontSpec: "synthetic", backSpec: "/dev/video2"))
    state.session = snapshot(state: .previewing)
    state.measuredRates.front = 30
    state.measuredRates.back = 29.9
    state.system.clock = "14:03:22"
    state.system.cpuLoad = 0.42
    state.system.freeDiskBytes = 52_100_000_000
    state.system.estimatedBytesPerSecond = 1_500_000
    state.camera.preview = gradientPreview(width: 36, height: 20)
    state.camera.previewRegions = [
      .front: ScreenRect(x: 0, y: 0, width: 36, height: 10),
      .back: ScreenRect(x: 0, y: 10, width: 36, height: 10),
    ]
    return state
  }

  /// The same, recording for 83 s with some output.
  static func recording() -> AppState {
    var state = previewing()
    var session = snapshot(state: .recording)
    session.recordedFrames = 2490
    session.recordedSeconds = 83
    session.wallSeconds = 90
    session.pausedSeconds = 7
    session.front.dropped = 2
    session.outputs = [
      .init(name: "dualview", frames: 2490, bytes: 31_200_000, queued: 2, queueCapacity: 8),
      .init(name: "front", frames: 2490, bytes: 15_700_000, queued: 0, queueCapacity: 8),
      .init(name: "back", frames: 2490, bytes: 15_500_000, queued: 0, queueCapacity: 8),
    ]
    state.session = session
    return state
  }

  static func snapshot(state: SessionController.State) -> SessionSnapshot {
    SessionSnapshot(
      state: state, recordedFrames: 0, recordedSeconds: 0, wallSeconds: 0, pausedSeconds: 0,
      lagRepeats: 0,
      front: .init(
        label: "SYNTHETIC front", delivered: 900, dropped: 0, duplicates: 0, signalLost: false),
      back: .init(
        label: "Integrated Camera", delivered: 897, dropped: 0, duplicates: 0, signalLost: false,
        maxArrivalDelay: 0.0213),
      outputs: [], failure: nil, takeFolder: nil, takeEnded: false)
  }

  /// A preview drawn with the character method from a left-to-right brightness ramp.
  static func gradientPreview(width: Int, height: Int) -> CellBuffer {
    var buffer = CellBuffer(width: width, height: height)
    let ramp = PreviewRenderer.ramp
    for row in 0..<height {
      for column in 0..<width {
        buffer[column, row] = Cell(ramp[column * ramp.count / width])
      }
    }
    return buffer
  }

  /// Controls as a UVC webcam reports them.
  static let webcamControls: [CameraControl] = [
    CameraControl(
      id: 0x0098_0900, name: "brightness", label: "Brightness", kind: .integer, value: 128,
      minimum: 0, maximum: 255, step: 1, defaultValue: 128, flags: [], menu: []),
    CameraControl(
      id: ControlPairs.whiteBalanceAuto, name: "white_balance_automatic",
      label: "White Balance, Automatic", kind: .boolean, value: 1, minimum: 0, maximum: 1, step: 1,
      defaultValue: 1, flags: [], menu: []),
    CameraControl(
      id: ControlPairs.focusAuto, name: "focus_automatic_continuous",
      label: "Focus, Automatic Continuous", kind: .boolean, value: 1, minimum: 0, maximum: 1,
      step: 1, defaultValue: 1, flags: [], menu: []),
    CameraControl(
      id: ControlPairs.exposureAuto, name: "auto_exposure", label: "Auto Exposure", kind: .menu,
      value: 3, minimum: 0, maximum: 3, step: 1, defaultValue: 3, flags: [],
      menu: [
        .init(index: 1, label: "Manual Mode"), .init(index: 3, label: "Aperture Priority Mode"),
      ]),
  ]
}
