import DualCamCore
import Foundation
import Session
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
          frames: 2490, pauses: 1, front: .init(dropped: 2, repeatsInFile: 40),
          back: .init(repeatsInFile: 38), encoderLagRepeats: 38,
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

  static func hintLine(_ state: AppState) -> String { AppRenderer.render(state).line(23) }

  @Test func theHintLineSaysWhatTheKeysDoNow() {
    var state = StateFixtures.previewing()
    #expect(Self.hintLine(state).hasPrefix(" r Record  g Gallery  m Menu  ? Help  q Quit"))
    state = StateFixtures.recording()
    #expect(Self.hintLine(state).hasPrefix(" r Stop  Space Pause  m Menu  ? Help"))
    #expect(Self.hintLine(state).contains("disk 52 GB free"))
    state.session?.state = .paused
    #expect(Self.hintLine(state).hasPrefix(" r Stop  Space Resume"))
    state.stopPending = true
    #expect(Self.hintLine(state).hasPrefix(" … Saving the take"))
    #expect(!Self.hintLine(state).contains("Record") && !Self.hintLine(state).contains("Pause"))
    state = StateFixtures.previewing()
    state.overlays = [
      .review(
        TakeReview(
          folder: URL(fileURLWithPath: "/t"), duration: 1, frames: 30, pauses: 0, files: []))
    ]
    #expect(Self.hintLine(state).hasPrefix(" k Keep  x Discard  p Play"))
    #expect(!Self.hintLine(state).contains("Record"))
  }

  @Test func aCleanTakesReviewHasNoProblemsAndAProblemTakesSaysWhatToDo() {
    let clean = TakeReview(
      folder: URL(fileURLWithPath: "/videos/DualCam/take"), duration: 1, frames: 30, pauses: 0,
      files: [])
    #expect(clean.problems.isEmpty)
    var state = StateFixtures.previewing()
    state.overlays = [.review(clean)]
    let text = AppRenderer.render(state).text
    #expect(text.contains("saved in /videos/DualCam") && !text.contains("!"))
    let lagging = TakeReview(
      folder: clean.folder, duration: 8, frames: 237, pauses: 0,
      front: .init(repeatsInFile: 210), back: .init(dropped: 1, repeatsInFile: 211),
      encoderLagRepeats: 209, files: [])
    #expect(lagging.problems.count == 2)
    #expect(
      lagging.problems[0].hasPrefix(
        "The encoders fell behind: 209 of 237 frame times show the picture before again in "
          + "every file (written as repeated frames)"))
    #expect(lagging.problems[1].hasPrefix("The back camera lost 1 frame before the files"))
    let held = TakeReview(
      folder: clean.folder, duration: 13, frames: 780, pauses: 0, encoderLagRepeats: 746,
      encoderLagHeld: 574, files: [])
    #expect(
      held.problems[0].hasPrefix(
        "The encoders fell behind: 746 of 780 frame times show the picture before again in "
          + "every file: 172 as repeated frames, 574 held (no frame written; the one before "
          + "lasts longer)"))
  }

  @Test func savingSaysWhatIsLeftAndThatQuittingLeavesTheTakeToRecover() {
    var state = StateFixtures.recording()
    state.session?.state = .finalizing
    state.session?.saving = SavingProgress(outputs: [
      .init(name: "dualview", framesDue: 200, framesWritten: 156, secondsPerFrame: 0.1),
      .init(name: "front", framesDue: 200, framesWritten: 190, secondsPerFrame: 0.05),
      .init(name: "back", framesDue: 200, framesWritten: 200, secondsPerFrame: 0.05),
    ])
    let title = AppRenderer.render(state).line(0)
    // 546 of 600 frames written; the dual view's 44 frames at 0.1 s each are what is left.
    #expect(title.contains("SAVING 91% · 44 frames left, about 5 s"), "\(title)")
    #expect(
      Self.hintLine(state).hasPrefix(" … Saving the take  q Quit (the take is left to recover)"))
    state.session?.saving = SavingProgress(outputs: [
      .init(name: "dualview", framesDue: 200, framesWritten: 200, secondsPerFrame: 0.1)
    ])
    #expect(AppRenderer.render(state).line(0).contains("SAVING · completing the files"))

    // q while saving asks, and says what becomes of the take; yes quits without waiting.
    let none = AppUpdate.update(&state, .key(.character("q")), environment: .permissive)
    #expect(none.isEmpty)
    guard case .confirm(let question) = state.overlays.last else {
      Issue.record("no question: \(state.overlays)")
      return
    }
    #expect(question.title == "Quit while saving?")
    #expect(question.message.contains("`dualcam recover`"))
    let commands = AppUpdate.update(&state, .key(.character("y")), environment: .permissive)
    #expect(commands == [.quit])
    #expect(state.leavesTakeUnsaved && state.quitting)
  }
}
