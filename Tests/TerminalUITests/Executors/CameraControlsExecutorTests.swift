import DualCamCore
import Testing

@testable import TerminalUI

/// The camera-controls executor on sources without controls (V4L2 controls are covered by the
/// Capture tests' fake kernel).
@Suite struct CameraControlsExecutorTests {
  @Test func sourcesWithoutControlsSaySo() {
    let executor = CameraControlsExecutor()
    let source = StateFixtures.front
    guard
      case .controlsLoaded(.front, let controls, let zoom) = executor.load(.front, source: source)
        .first
    else {
      Issue.record("loading must answer")
      return
    }
    #expect(controls.isEmpty && !zoom)
    let events = executor.set(.front, source: source, name: "brightness", value: 3)
    guard case .notice(let note) = events.first else {
      Issue.record("setting must say why it cannot")
      return
    }
    #expect(note == "The front source has no camera controls")
  }

  @Test func aV4L2SourceWhoseDeviceIsGoneHasNoControls() {
    let executor = CameraControlsExecutor()
    var source = StateFixtures.back
    source.details["path"] = "/dev/dualcam-test-no-such-device"
    guard case .controlsLoaded(.back, let controls, _) = executor.load(.back, source: source).first
    else {
      Issue.record("loading must answer")
      return
    }
    #expect(controls.isEmpty)
    guard case .notice(let note) = executor.reset(.back, source: source, name: nil).first else {
      Issue.record("resetting must say why it cannot")
      return
    }
    #expect(note == "The back source has no camera controls")
  }
}
