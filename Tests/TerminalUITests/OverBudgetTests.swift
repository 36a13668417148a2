import Budget
import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The budget check behind the record key: a take that fits starts with its budget in the
/// metadata; one that does not asks first, and "record anyway" starts it.
@Suite(.serialized) struct OverBudgetTests {
  @Test func overBudgetAsksAndRecordsAnywayOnYes() {
    var state = StateFixtures.previewing()
    let explanation = "over: cost 1.40, limited by CPU."
    #expect(
      AppUpdate.update(&state, .overBudget(explanation), environment: .permissive).isEmpty)
    guard case .confirm(let question) = state.topOverlay else {
      Issue.record("an over-budget take must ask first")
      return
    }
    #expect(question.action == .recordOverBudget)
    #expect(question.message.hasPrefix(explanation))
    #expect(
      AppUpdate.update(&state, .key(.character("n")), environment: .permissive).isEmpty,
      "no records nothing")
    #expect(state.overlays.isEmpty)
    _ = AppUpdate.update(&state, .overBudget(explanation), environment: .permissive)
    #expect(
      AppUpdate.update(&state, .key(.character("y")), environment: .permissive)
        == [.startRecordingOverBudget])
  }

  @Test func theDialogLaysOutTheSameTableAsDualcamBudget() throws {
    // Two YUYV 720p30 cameras on one USB 2.0 bus: over, with the changes that fit.
    let inputs = BudgetFixtures.twoYUYVCamerasOnOneBus()
    let lines = try BudgetModel.estimate(inputs).reportLines
    var state = StateFixtures.previewing(width: 140, height: 40)
    _ = AppUpdate.update(
      &state, .overBudget(lines.joined(separator: "\n")), environment: .permissive)
    let text = AppRenderer.render(state).text
    // Each line of the table as `dualcam budget` prints it, whole where the screen has room.
    for line in lines where line.count < 120 {
      #expect(text.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
    }
    #expect(text.contains("  1. camera format MJPEG instead of YUYV"))
    assertSnapshot(AppRenderer.render(state), named: "over-budget-140x40")
  }

  @Test func atEightyByTwentyFourTheTableScrollsAndTheButtonsStay() throws {
    let lines = try BudgetModel.estimate(BudgetFixtures.twoYUYVCamerasOnOneBus()).reportLines
    var state = StateFixtures.previewing(width: 80, height: 24)
    _ = AppUpdate.update(
      &state, .overBudget(lines.joined(separator: "\n")), environment: .permissive)
    var screen = AppRenderer.render(state).text
    #expect(screen.contains("y Record anyway") && screen.contains("n Cancel"))
    #expect(screen.contains("↑↓ 1–"), "the view says there is more")
    #expect(!screen.contains("1. camera format MJPEG"), "the changes are below the fold")
    for _ in 0..<40 { _ = AppUpdate.update(&state, .key(.down), environment: .permissive) }
    screen = AppRenderer.render(state).text
    #expect(screen.contains("1. camera format MJPEG"), "scrolled to the end: \(screen)")
    #expect(screen.contains("y Record anyway"))
    assertSnapshot(AppRenderer.render(state), named: "over-budget-80x24-scrolled")
    // The answers still work after scrolling.
    let commands = AppUpdate.update(&state, .key(.character("a")), environment: .permissive)
    #expect(commands == [.startRecordingAdapted])
  }

  @Test func theOverBudgetAnswerInTheMenusDecidesWhatTheRecordKeyDoes() {
    let table = "over: cost 1.40, limited by USB bus 1"
    func answer(_ choice: OverBudgetAnswer) -> (AppState, [AppCommand]) {
      var state = StateFixtures.previewing()
      state.overBudgetAnswer = choice
      let commands = AppUpdate.update(&state, .overBudget(table), environment: .permissive)
      return (state, commands)
    }
    var (state, commands) = answer(.ask)
    #expect(commands.isEmpty)
    guard case .confirm(let question) = state.overlays.last else {
      Issue.record("ask shows the dialog")
      return
    }
    #expect(question.title == "Over budget" && question.alternative?.key == "a")

    (state, commands) = answer(.adapt)
    #expect(commands == [.startRecordingAdapted] && state.overlays.isEmpty)

    (state, commands) = answer(.ignore)
    #expect(commands == [.startRecordingOverBudget])
    #expect(state.toasts.last?.text.contains("recording anyway") == true)

    (state, commands) = answer(.refuse)
    #expect(commands.isEmpty)
    guard case .confirm(let refusal) = state.overlays.last else {
      Issue.record("refuse says why")
      return
    }
    #expect(refusal.title == "Not recorded: over budget" && refusal.message.contains(table))
    #expect(!AppRenderer.render(state).text.contains("n Cancel"), "one answer: Close")
    #expect(AppUpdate.update(&state, .key(.enter), environment: .permissive).isEmpty)
    #expect(state.overlays.isEmpty)

    // The menu row cycles through the answers and saves the choice.
    state = StateFixtures.previewing()
    let page = MenuCatalog.recordingPage(state)
    let row = page.items.first { $0.title == "Over budget" }
    #expect(row?.value == "ask")
    guard let effect = row?.adjust(1), case .overBudget(let next) = effect else {
      Issue.record("the row changes the answer")
      return
    }
    #expect(next == .adapt)
  }

  @Test func aTakeThatFitsStartsWithItsBudgetInTheMetadata() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: SessionExecutorTests.opener)
    defer { executor.shutdown(takeRunning: false) }
    let settings = SessionExecutorTests.settings(folder: folder.url)
    _ = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    let events = SessionExecutorTests.recordOnceCalibrated(executor)
    guard case .recordingStarted(let take) = events.first else {
      Issue.record("a take that fits starts once calibrated: \(events)")
      return
    }
    Thread.sleep(forTimeInterval: 0.5)
    executor.startStop()
    guard case .takeFinished(let review) = executor.waitForStop() else {
      Issue.record("the take did not finish")
      return
    }
    #expect(take.path.hasSuffix(".partial"))
    let metadata = try TakeInspector(folder: review.folder).metadata
    let budget = try #require(metadata.budget)
    #expect(budget.verdict == "fits" && budget.mode == "refuse")
    #expect(budget.predicted.contains { $0.kind == "cpu" && ($0.cost ?? 0) > 0 })
    #expect(budget.measured != nil)
  }

  @Test func adaptIsTheThirdAnswer() {
    var state = StateFixtures.previewing()
    _ = AppUpdate.update(&state, .overBudget("over."), environment: .permissive)
    guard case .confirm(let question) = state.topOverlay else {
      Issue.record("an over-budget take must ask first")
      return
    }
    #expect(question.alternative?.key == "a")
    #expect(AppRenderer.render(state).text.contains("a Adapt and record"))
    #expect(
      AppUpdate.update(&state, .key(.character("a")), environment: .permissive)
        == [.startRecordingAdapted])
    #expect(state.overlays.isEmpty)
  }

  @Test func otherQuestionsHaveNoAdapt() {
    var state = StateFixtures.previewing()
    state.overlays = [
      .confirm(
        Confirmation(
          title: "Discard?", message: "x", confirmLabel: "Delete",
          action: .discardTake(URL(fileURLWithPath: "/tmp/x"))))
    ]
    #expect(AppUpdate.update(&state, .key(.character("a")), environment: .permissive).isEmpty)
    #expect(state.overlays.count == 1, "a means nothing here")
  }

  @Test func adaptedSettingsAreKeptAndSavedAsAMenuChangeIs() {
    var state = StateFixtures.previewing()
    var adapted = state.settings
    adapted.preset = "ultrafast"
    let commands = AppUpdate.update(
      &state, .recordingAdapted(adapted, lines: ["budget: adapted: preset ultrafast"]),
      environment: .permissive)
    #expect(commands == [.saveSettings])
    #expect(state.settings == adapted)
    #expect(state.toasts.last?.text == "budget: adapted: preset ultrafast")
  }

  /// A calibrator that measures nothing, caching in `folder`: `cost` stands in for every
  /// measurement (CPU seconds a frame).
  static func standInCalibrator(in folder: URL, cost: @escaping Calibrator.Measure) -> Calibrator {
    Calibrator(
      cache: CalibrationCache(
        folder: folder, machine: MachineFingerprint(cpuModel: "test", cores: 1, machineID: "t")),
      measure: cost)
  }

  /// Every stage costs far too much with the `medium` preset and next to nothing with faster
  /// ones, so `medium` is over and a faster preset fits.
  static func fakeCalibrator(in folder: URL) -> Calibrator {
    standInCalibrator(in: folder) { work, _ in work.preset == "medium" ? 1.0 : 0.0001 }
  }

  /// Every stage of a picture wider than 640 costs far too much, so the default 1280x720 is
  /// over and a size 640 wide fits.
  static func sizeCalibrator(in folder: URL) -> Calibrator {
    standInCalibrator(in: folder) { work, _ in work.size.width > 640 ? 1.0 : 0.0001 }
  }

  @Test func aChosenSettingIsNotAdaptedAway() throws {
    let folder = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let executor = SessionExecutor(
      openSources: SessionExecutorTests.opener, calibrator: Self.fakeCalibrator(in: cache.url))
    defer { executor.shutdown(takeRunning: false) }
    var settings = SessionExecutorTests.settings(folder: folder.url)
    settings.preset = "medium"  // chosen in the menus: only a faster preset would fit
    let opened = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    guard case .sessionOpened(let sources, _) = opened.first else {
      Issue.record("the session did not open: \(opened)")
      return
    }
    guard case .overBudget = SessionExecutorTests.recordOnceCalibrated(executor).first else {
      Issue.record("medium must be over budget with the stand-in calibration")
      return
    }
    let events = executor.startRecordingAdapted(sources: sources)
    guard case .failed(let report) = events.first, events.count == 1 else {
      Issue.record("expected a refusal, got \(events)")
      return
    }
    #expect(report.title == "Not recorded: it fits only by changing your settings")
    #expect(report.fix?.contains("preset fast instead of medium") == true, "\(report)")
    #expect(executor.session?.settings == settings, "nothing was changed")
    #expect(executor.session?.state != .recording)
    #expect(folder.entries.isEmpty, "nothing was recorded")
  }

  @Test func anAdaptedTakeRecordsModeAdaptAndTheChanges() throws {
    let folder = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let executor = SessionExecutor(
      openSources: SessionExecutorTests.opener, calibrator: Self.sizeCalibrator(in: cache.url))
    defer { executor.shutdown(takeRunning: false) }
    var settings = SessionExecutorTests.settings(folder: folder.url)
    settings.size = RecordingSettings().size  // left at the default: adapting may lower it
    let opened = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    guard case .sessionOpened(let sources, _) = opened.first else {
      Issue.record("the session did not open: \(opened)")
      return
    }
    guard case .overBudget = SessionExecutorTests.recordOnceCalibrated(executor).first else {
      Issue.record("1280x720 must be over budget with the stand-in calibration")
      return
    }
    let events = executor.startRecordingAdapted(sources: sources)
    guard
      let adaptedEvent = events.first(where: {
        if case .recordingAdapted = $0 { return true }
        return false
      }), case .recordingAdapted(let adapted, let lines) = adaptedEvent
    else {
      Issue.record("no adaptation: \(events)")
      return
    }
    #expect(adapted.size.width <= 640, "the size, left at the default, was lowered: \(adapted)")
    #expect(lines.contains { $0.hasPrefix("budget: adapted: size 640x") })
    #expect(executor.session?.settings == adapted, "the session records with the adapted settings")
    guard case .recordingStarted = events.last else {
      Issue.record("the adapted take did not start: \(events)")
      return
    }
    Thread.sleep(forTimeInterval: 0.3)
    executor.startStop()
    guard case .takeFinished(let review) = executor.waitForStop() else {
      Issue.record("the take did not finish")
      return
    }
    let budget = try #require(try TakeInspector(folder: review.folder).metadata.budget)
    #expect(budget.mode == "adapt")
    #expect(!budget.changesApplied.isEmpty)
    #expect(budget.verdictBefore == "over")
    #expect(budget.warnings != nil)
  }
}
