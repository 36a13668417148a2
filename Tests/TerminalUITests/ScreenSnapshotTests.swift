import DualCamCore
import Foundation
import Testing

@testable import TerminalUI

/// Whole screens, rendered without a terminal and compared with text snapshots.
@Suite struct ScreenSnapshotTests {
  @Test func cameraScreenWhilePreviewing() {
    assertSnapshot(
      AppRenderer.render(StateFixtures.previewing()), named: "camera-preview-80x24")
  }

  @Test func cameraScreenWhileRecording() {
    assertSnapshot(
      AppRenderer.render(StateFixtures.recording()), named: "camera-recording-80x24")
  }

  @Test func pausedTakeSaysSo() {
    var state = StateFixtures.recording()
    state.session?.state = .paused
    let title = AppRenderer.render(state).line(0)
    #expect(title.contains("‖ PAUSED 00:01:23"))
  }

  @Test func wideTerminal() {
    var state = StateFixtures.previewing(width: 140, height: 40)
    state.fpsCounterVisible = true
    state.camera.focused = .back
    assertSnapshot(AppRenderer.render(state), named: "camera-preview-140x40")
  }

  @Test func windowTooSmall() {
    let state = StateFixtures.previewing(width: 60, height: 20)
    assertSnapshot(AppRenderer.render(state), named: "too-small-60x20")
  }

  @Test func helpScreen() {
    var state = StateFixtures.previewing()
    state.overlays = [.help(scroll: 0)]
    assertSnapshot(AppRenderer.render(state), named: "help-80x24")
  }

  @Test func mainMenu() {
    var state = StateFixtures.previewing()
    state.overlays = [.menu(MenuNavigation())]
    assertSnapshot(AppRenderer.render(state), named: "menu-main-80x24")
  }

  @Test func recordingMenu() {
    var state = StateFixtures.previewing()
    var navigation = MenuNavigation()
    navigation.path.append((.recording, 2))
    state.overlays = [.menu(navigation)]
    assertSnapshot(AppRenderer.render(state), named: "menu-recording-80x24")
  }

  @Test func cameraControlsMenu() {
    var state = StateFixtures.previewing()
    state.camera.focused = .back
    state.controls[.back] = StateFixtures.webcamControls
    var navigation = MenuNavigation()
    navigation.path.append((.cameraControls, 1))
    state.overlays = [.menu(navigation)]
    assertSnapshot(AppRenderer.render(state), named: "menu-controls-80x24")
  }

  @Test func quitWhileRecordingAsks() {
    var state = StateFixtures.recording()
    _ = AppUpdate.update(&state, .key(.character("q")), environment: .permissive)
    assertSnapshot(AppRenderer.render(state), named: "confirm-quit-80x24")
  }

  @Test func errorDialog() {
    var state = StateFixtures.previewing()
    state.overlays = [
      .error(
        ErrorReport(
          title: "Recording did not start",
          problem:
            "the USB bus 1-1 has no bandwidth left for /dev/video2 (YUYV 1280x720 at 30 fps)",
          fix: "use MJPEG, a lower frame rate or size, or plug a camera into another USB controller"
        ))
    ]
    assertSnapshot(AppRenderer.render(state), named: "error-80x24")
  }

  @Test func reviewAfterTake() {
    var state = StateFixtures.previewing()
    state.overlays = [
      .review(
        TakeReview(
          folder: URL(fileURLWithPath: "/videos/DualCam/2026-11-23_14-03-22"), duration: 83,
          frames: 2490, pauses: 1, dropped: 2, duplicates: 1,
          files: [
            ("dualview_2026-11-23_14-03-22.mov", 31_200_000),
            ("front_2026-11-23_14-03-22.mov", 15_700_000),
            ("back_2026-11-23_14-03-22.mov", 15_500_000),
          ]))
    ]
    assertSnapshot(AppRenderer.render(state), named: "review-80x24")
  }

  @Test func diagnosticsPanel() {
    var state = StateFixtures.recording()
    state.diagnosticsVisible = true
    assertSnapshot(AppRenderer.render(state), named: "diagnostics-80x24")
  }

  @Test func asciiTerminalDrawsNoUnicodeFrames() {
    var state = StateFixtures.previewing()
    state.capabilities = TerminalCapabilities(colorDepth: .monochrome, unicode: false)
    state.overlays = [.menu(MenuNavigation())]
    let text = AppRenderer.render(state).text
    #expect(text.contains("+- Menu"))
    #expect(!text.contains("┌"))
  }

  @Test func statusBarDropsSegmentsThatDoNotFit() {
    let buffer = AppRenderer.render(StateFixtures.recording())
    let status = buffer.line(22)
    #expect(status.count <= 80)
    #expect(status.contains("front 30.0fps drop 2 dup 0"))
  }

  @Test func aFinishedTakesDropsLeaveThePreview() throws {
    var state = StateFixtures.recording()
    state.session?.state = .previewing
    let buffer = AppRenderer.render(state)
    let status = buffer.line(22)
    #expect(status.contains("front 30.0fps") && !status.contains("drop"), "\(status)")
    let front = try #require(status.range(of: "front"))
    let x = status.distance(from: status.startIndex, to: front.lowerBound)
    #expect(buffer[x, 22].foreground != Palette.bad, "not red once the take is over")
  }
}
