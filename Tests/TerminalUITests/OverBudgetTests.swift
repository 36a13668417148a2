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
}
