import Capture
import DualCamCore
import Foundation
import Session
import Testing

@testable import TerminalUI

/// Keys and events in, state and commands out: the interface's behaviour without a terminal.
@Suite struct AppUpdateTests {
  let permissive = AppEnvironment.permissive

  private func press(
    _ keys: [Key], _ state: inout AppState, environment: AppEnvironment = .permissive
  )
    -> [AppCommand]
  {
    keys.flatMap { AppUpdate.update(&state, .key($0), environment: environment) }
  }

  @Test func recordThenStop() {
    var state = StateFixtures.previewing()
    #expect(press([.character("r")], &state) == [.startRecording])
    state = StateFixtures.recording()
    #expect(press([.character("r")], &state) == [.stopRecording])
    #expect(state.stopPending)
    #expect(press([.character("r")], &state).isEmpty, "a second r while saving does nothing")
  }

  @Test func pauseNeedsATake() {
    var state = StateFixtures.previewing()
    #expect(press([.character(" ")], &state).isEmpty)
    #expect(state.toasts.last?.text.contains("Nothing to pause") == true)
    state = StateFixtures.recording()
    #expect(press([.character(" ")], &state) == [.togglePause])
  }

  @Test func quitWhileRecordingStopsSavesThenQuits() {
    var state = StateFixtures.recording()
    #expect(press([.character("q")], &state).isEmpty)
    guard case .confirm = state.topOverlay else {
      Issue.record("quitting while recording must ask first")
      return
    }
    #expect(press([.character("n")], &state).isEmpty)
    #expect(state.overlays.isEmpty && !state.quitting)
    #expect(press([.character("q"), .character("y")], &state) == [.stopRecording])
    let review = TakeReview(
      folder: URL(fileURLWithPath: "/t"), duration: 1, frames: 30, pauses: 0, files: [])
    #expect(AppUpdate.update(&state, .takeFinished(review), environment: permissive) == [.quit])
    #expect(state.quitting)
  }

  @Test func discardingWhileRecordingAsksThenStopsAndDeletes() {
    var state = StateFixtures.recording()
    #expect(press([.character("X")], &state).isEmpty)
    #expect(press([.character("n")], &state).isEmpty)
    #expect(!state.discardAfterStop)
    #expect(press([.character("X"), .character("y")], &state) == [.stopRecording])
    let folder = URL(fileURLWithPath: "/videos/take")
    let review = TakeReview(
      folder: folder, duration: 1, frames: 30, pauses: 0, files: [])
    let after = AppUpdate.update(&state, .takeFinished(review), environment: permissive)
    #expect(after == [.discardTake(folder)])
    #expect(state.overlays.isEmpty, "a discarded take gets no review")
  }

  @Test func quitWhenIdleQuitsAtOnce() {
    var state = StateFixtures.previewing()
    #expect(press([.character("q")], &state) == [.quit])
  }

  @Test func zoomKeysStepAndQuickLevels() {
    var state = StateFixtures.previewing()
    #expect(press([.character("+")], &state) == [.setZoom(.front, factor: 1.25)])
    #expect(state.settings.layout.frontZoom.factor == 1.25)
    #expect(press([.character("4")], &state) == [.setZoom(.front, factor: 4)])
    _ = press([.tab], &state)
    #expect(state.camera.focused == .back)
    #expect(press([.character("2")], &state) == [.setZoom(.back, factor: 2)])
    #expect(state.settings.layout.backZoom.factor == 2)
    #expect(state.settings.layout.frontZoom.factor == 4)
  }

  @Test func hardwareZoomLeavesTheLayoutAlone() {
    var state = StateFixtures.previewing()
    state.hardwareZoom[.front] = true
    #expect(press([.character("2")], &state) == [.setZoom(.front, factor: 2)])
    #expect(state.settings.layout.frontZoom.factor == 1)
    #expect(state.zoomFactor(of: .front) == 2)
    #expect(press([.character("+")], &state) == [.setZoom(.front, factor: 2.5)])
  }

  @Test func swapAndSplit() {
    var state = StateFixtures.previewing()
    let swapped = press([.character("s")], &state)
    #expect(state.settings.layout.order == .backOnTop)
    #expect(swapped.first == .applyLayout(state.settings.layout))
    #expect(press([.character("x")], &state).isEmpty, "the full stack has no split")
    #expect(state.toasts.last?.isProblem == true)
    state.settings.layout.canvas = .portrait
    _ = press([.character("x")], &state)
    #expect(state.settings.layout.split == .sixtyForty)
  }

  @Test func refusedLayoutIsNotApplied() {
    var state = StateFixtures.recording()
    let refusing = AppEnvironment(
      checkSettings: { _ in nil },
      checkLayout: { _ in .invalidArgument("a running take cannot change its size", fix: "") })
    #expect(press([.character("s")], &state, environment: refusing).isEmpty)
    #expect(state.settings.layout.order == .frontOnTop)
    #expect(state.toasts.last?.text.contains("cannot change its size") == true)
  }

  @Test func exposureFocusAndWhiteBalanceUseTheCameraControls() {
    var state = StateFixtures.previewing()
    #expect(press([.character("]")], &state).isEmpty, "the synthetic front camera has none")
    _ = press([.tab], &state)
    state.controls[.back] = StateFixtures.webcamControls
    #expect(
      press([.character("]")], &state) == [.setControl(.back, name: "brightness", value: 140)])
    #expect(
      press([.character("[")], &state) == [.setControl(.back, name: "brightness", value: 116)])
    #expect(
      press([.character("f")], &state) == [
        .setControl(.back, name: "focus_automatic_continuous", value: 0)
      ])
    #expect(
      press([.character("w")], &state) == [
        .setControl(.back, name: "white_balance_automatic", value: 0)
      ])
  }

  @Test func menusChangeRecordingSettings() {
    var state = StateFixtures.previewing()
    // Menu → Recording (fourth row) → Codec (third row) → next codec.
    let commands = press(
      [.character("m"), .down, .down, .down, .enter, .down, .down, .right], &state)
    var expected = RecordingSettings()
    expected.codec = .hevc
    // The menus also ask for the predicted cost of what they show (MenuBudgetTests).
    #expect(
      commands.filter { !$0.isBudgetPrediction } == [.applySettings(expected), .saveSettings])
    #expect(state.settings.codec == .hevc)
    #expect(press([.escape, .escape], &state).isEmpty)
    #expect(state.overlays.isEmpty)
  }

  @Test func invalidSettingsAreRefusedWithTheReason() {
    var state = StateFixtures.previewing()
    let environment = AppEnvironment(
      checkSettings: { settings in
        settings.container == .mp4
          ? .invalidArgument("MP4 cannot hold FFV1", fix: "choose MKV or MOV") : nil
      }, checkLayout: { _ in nil })
    let commands = press(
      [.character("m"), .down, .down, .down, .enter, .down, .down, .down, .down, .right], &state,
      environment: environment)
    #expect(commands.filter { !$0.isBudgetPrediction }.isEmpty)
    #expect(state.settings.container == .mov)
    #expect(state.toasts.last?.text == "Not applied: MP4 cannot hold FFV1 — choose MKV or MOV")
  }

  @Test func theEngineRefusesWhatCannotBeRecorded() {
    var settings = RecordingSettings()
    settings.codec = .ffv1
    settings.container = .mp4
    let size = settings.size
    #expect(throws: DualCamError.self) {
      try SessionController.check(settings, frontSize: size, backSize: size)
    }
    settings.container = .mkv
    #expect(throws: Never.self) {
      try SessionController.check(settings, frontSize: size, backSize: size)
    }
  }

  @Test func recordingSettingsAreLockedDuringATake() {
    var state = StateFixtures.recording()
    let commands = press([.character("m"), .down, .down, .down, .enter, .right], &state)
    #expect(commands.isEmpty)
    #expect(state.toasts.last?.text.contains("stop the take first") == true)
  }

  @Test func cameraControlSliderAndReset() {
    var state = StateFixtures.previewing()
    state.camera.focused = .back
    state.controls[.back] = StateFixtures.webcamControls
    // Menu → Camera controls (sixth row) → Brightness (second row).
    let opened = press([.character("m"), .down, .down, .down, .down, .down, .enter, .down], &state)
    #expect(opened.isEmpty)
    #expect(press([.right], &state) == [.setControl(.back, name: "brightness", value: 129)])
    #expect(press([.pageDown], &state) == [.setControl(.back, name: "brightness", value: 138)])
    #expect(press([.character("r")], &state) == [.resetControls(.back, name: "brightness")])
  }

  @Test func theFrameRatesAfterSavingATakeAreTheCamerasNotTheSavesBacklog() {
    var state = StateFixtures.previewing()
    func tick(at time: Double, delivered: Int, _ sessionState: SessionController.State) {
      var snapshot = StateFixtures.snapshot(state: sessionState)
      snapshot.front.delivered = delivered
      snapshot.back.delivered = delivered
      _ = AppUpdate.update(
        &state, .tick(uptime: time, session: snapshot, system: .init()), environment: permissive)
    }
    tick(at: 1, delivered: 0, .recording)
    tick(at: 2, delivered: 30, .recording)
    // Saving for a minute: the snapshot is the last one before, frozen.
    for second in 3...62 { tick(at: Double(second), delivered: 30, .finalizing) }
    tick(at: 62.6, delivered: 30 + 30 * 60, .previewing)
    #expect(abs(state.measuredRates.front - 30) < 1, "\(state.measuredRates.front) fps")
  }

  @Test func aTakeWaitingForTheCalibrationShowsItsStageAndEscCancelsIt() {
    var state = StateFixtures.previewing()
    _ = AppUpdate.update(&state, .recordingWaitsForCalibration, environment: permissive)
    _ = AppUpdate.update(&state, .calibrationStage(number: 2, count: 5), environment: permissive)
    let screen = AppRenderer.render(state)
    #expect(screen.line(0).contains("CALIBRATING 2/5, then recording"))
    #expect(screen.line(23).hasPrefix(" Esc Cancel the take"))
    #expect(press([.escape], &state) == [.cancelRecordingWhenCalibrated])
    #expect(!state.recordingWaitsForCalibration)
    #expect(!AppRenderer.render(state).line(0).contains("CALIBRATING"))
    _ = AppUpdate.update(&state, .calibrationEnded, environment: permissive)
    #expect(state.calibration == nil)
  }

  @Test func aFinishedTakeIsOverAtOnceNotAtTheNextSnapshot() {
    var state = StateFixtures.recording()
    let review = TakeReview(
      folder: URL(fileURLWithPath: "/t"), duration: 1, frames: 30, pauses: 0, files: [])
    _ = AppUpdate.update(&state, .takeFinished(review), environment: permissive)
    #expect(!state.isTakeRunning)
    #expect(state.savedTakes == [URL(fileURLWithPath: "/t")])
    #expect(!AppRenderer.render(state).text.contains("REC "))
  }

  @Test func reviewKeepDiscardAndPlay() {
    var state = StateFixtures.previewing()
    let folder = URL(fileURLWithPath: "/videos/take")
    let review = TakeReview(
      folder: folder, duration: 3, frames: 90, pauses: 1, files: [])
    _ = AppUpdate.update(&state, .takeFinished(review), environment: permissive)
    #expect(press([.character("x")], &state).isEmpty)
    #expect(press([.character("y")], &state) == [.discardTake(folder)])
    #expect(state.overlays.isEmpty)

    _ = AppUpdate.update(&state, .takeFinished(review), environment: permissive)
    // The review's p opens the one player, the gallery's, and the review comes back after.
    #expect(press([.character("p")], &state) == [.playTake(folder)])
    #expect(state.overlays.isEmpty)
    _ = AppUpdate.update(
      &state, .playerOpened(PlayerFixtures.take(events: false)), environment: permissive)
    #expect(state.screens.focused is PlayerScreen)
    _ = press([.escape], &state)
    guard case .review = state.topOverlay, state.screens.isAtRoot else {
      Issue.record("the review comes back after the player")
      return
    }
    // A take the player cannot open: the review waits under the error.
    #expect(press([.character("p")], &state) == [.playTake(folder)])
    _ = AppUpdate.update(
      &state, .failed(ErrorReport(title: "Cannot play the take", problem: "x", fix: nil)),
      environment: permissive)
    guard case .error = state.topOverlay, case .review = state.overlays.first else {
      Issue.record("the review waits under the error: \(state.overlays)")
      return
    }
    _ = press([.enter], &state)
    #expect(press([.character("k")], &state).isEmpty)
    #expect(state.overlays.isEmpty)
  }

  @Test func outputFailureStopsTheTakeOnce() {
    var state = StateFixtures.recording()
    var session = state.session!
    session.failure = "dualview: No space left on device"
    let first = AppUpdate.update(
      &state, .tick(uptime: 1, session: session, system: .init()), environment: permissive)
    #expect(first == [.stopRecording])
    let second = AppUpdate.update(
      &state, .tick(uptime: 1.1, session: session, system: .init()), environment: permissive)
    #expect(second.isEmpty)
  }

  @Test func fullDiskSaysDiskFullWithWhatWasSavedAndWhere() {
    var state = StateFixtures.recording()
    var session = state.session!
    session.failure = "the disk is full: the take stops and finishes with the room it set aside"
    session.diskFull = true
    let stop = AppUpdate.update(
      &state, .tick(uptime: 1, session: session, system: .init()), environment: permissive)
    #expect(stop == [.stopRecording])
    #expect(state.toasts.last?.text == "Disk full: stopping the take and saving what was recorded")
    #expect(state.toasts.allSatisfy { !$0.text.contains("Output failed") })
    let review = TakeReview(
      folder: URL(fileURLWithPath: "/videos/2026-11-24_10-00-00"), duration: 12.5, frames: 375,
      pauses: 0, files: [], stoppedForFullDisk: true)
    _ = AppUpdate.update(&state, .takeFinished(review), environment: permissive)
    #expect(
      state.toasts.last?.text
        == "Disk full: 375 frames (\(Formatting.clock(seconds: 12.5))) saved in "
        + "/videos/2026-11-24_10-00-00")
    guard case .review = state.topOverlay else {
      Issue.record("the review shows the saved take")
      return
    }
  }

  @Test func clicksFocusACameraAndPickMenuRows() {
    var state = StateFixtures.previewing()
    // The fixture's preview is 36×20 cells centred in the 80×22 area: back is the lower half.
    let back = CameraScreenView.regionsOnScreen(state, screen: state.camera)[.back]!
    _ = press([.click(x: back.x + 3, y: back.y + 2)], &state)
    #expect(state.camera.focused == .back)
    _ = press([.character("m")], &state)
    let area = ScreenLayout(width: 80, height: 24).content
    let geometry = MenuView.Geometry(page: MenuCatalog.mainPage(state), selected: 0, area: area)
    let recordingRow = geometry.box.y + 1 + 3
    #expect(press([.click(x: geometry.box.x + 5, y: recordingRow)], &state).isEmpty)
    guard case .menu(let selected) = state.topOverlay else {
      Issue.record("the menu stays open")
      return
    }
    #expect(selected.selected == 3)
    _ = press([.click(x: geometry.box.x + 5, y: recordingRow)], &state)
    guard case .menu(let opened) = state.topOverlay else {
      Issue.record("the menu stays open")
      return
    }
    #expect(opened.page == .recording, "a click on the selected row opens it")
    _ = press([.click(x: 0, y: 0)], &state)
    guard case .menu(let back) = state.topOverlay else {
      Issue.record("a click outside goes back one page")
      return
    }
    #expect(back.page == .main)
  }

  @Test func theDevicesPageLooksForCamerasAgainAndAssigns() {
    var state = StateFixtures.previewing()
    // Menu → Devices (seventh row).
    let opened = press([.character("m")] + Array(repeating: .down, count: 6) + [.enter], &state)
    #expect(opened == [.refreshDevices])
    let found: [AppState.DeviceChoice] = [
      .init(spec: "/dev/video0", label: "C920 (/dev/video0)"),
      .init(spec: "/dev/video2", label: "Integrated Camera (/dev/video2)"),
      .init(spec: "synthetic", label: "synthetic test pattern"),
    ]
    _ = AppUpdate.update(&state, .devicesFound(found), environment: permissive)
    #expect(
      press([.left], &state) == [.assignSources(front: "/dev/video2", back: "synthetic")],
      "choosing the back camera for the front swaps the two")
    #expect(
      press([.down, .down, .enter], &state) == [
        .assignSources(front: "/dev/video2", back: "synthetic")
      ])
  }

  @Test func toastsExpire() {
    var state = StateFixtures.previewing()
    _ = AppUpdate.update(&state, .notice("hello"), environment: permissive)
    _ = AppUpdate.update(
      &state, .tick(uptime: 2, session: nil, system: .init()), environment: permissive)
    #expect(state.toasts.count == 1)
    _ = AppUpdate.update(
      &state, .tick(uptime: 3.5, session: nil, system: .init()), environment: permissive)
    #expect(state.toasts.isEmpty)
  }

  @Test func everyActionHasAKeyAndHelpListsThemAll() {
    let help = HelpView.lines(CameraScreen().helpSections).map(\.text)
    for action in CameraAction.allCases {
      #expect(!action.keys.isEmpty)
      #expect(help.contains(action.title), "help misses \(action)")
      let bound = action.keys.map { CameraAction.bound(to: $0) }
      #expect(bound.allSatisfy { $0 == action }, "\(action)'s keys are taken by another action")
    }
  }

  @Test func everyActionIsReachableFromAMenu() {
    let state = StateFixtures.previewing()
    let titles = [MenuPageID.main, .layout, .cameraControls, .advanced].flatMap {
      MenuCatalog.page($0, in: state).items.map(\.title)
    }
    #expect(titles.contains("Start recording") && titles.contains("Pause"))
    #expect(titles.contains("On top") && titles.contains("Split"))
    #expect(titles.contains("Front zoom") && titles.contains("Back zoom"))
    #expect(titles.contains("Camera") && titles.contains("Diagnostics panel"))
    #expect(titles.contains("Keys and help") && titles.contains("Quit"))
  }
}

extension AppCommand {
  /// A menu's request for predicted costs, which tests about other commands leave aside.
  var isBudgetPrediction: Bool {
    if case .predictBudget = self { return true }
    return false
  }
}
