import Budget
import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The settings menus' predicted cost: asked for once per settings, drawn as a bar per
/// resource and as the cost of the highlighted item's ← and → choices.
@Suite struct MenuBudgetTests {
  /// The Recording page with its third row (Codec) highlighted.
  static func codecRow() -> AppState {
    var state = StateFixtures.previewing()
    var navigation = MenuNavigation()
    navigation.path.append((.recording, 2))
    state.overlays = [.menu(navigation)]
    return state
  }

  static func settings(_ codec: VideoCodec) -> RecordingSettings {
    var settings = RecordingSettings()
    settings.codec = codec
    return settings
  }

  @Test func asksForTheSettingsAndBothChoicesOnce() {
    var state = Self.codecRow()
    let commands = AppUpdate.budgetPredictions(&state)
    #expect(
      commands == [
        .predictBudget([RecordingSettings(), Self.settings(.ffv1), Self.settings(.hevc)])
      ])
    #expect(AppUpdate.budgetPredictions(&state).isEmpty, "asked once")
    _ = AppUpdate.update(
      &state, .budgetPredicted([RecordingSettings(): MenuBudget(resources: [])]),
      environment: .permissive)
    #expect(state.menuBudgets.predicted[RecordingSettings()] != nil)
    #expect(state.menuBudgets.requested.count == 2, "the others are still on their way")
  }

  @Test func pagesWithoutRecordingSettingsAskNothing() {
    var state = StateFixtures.previewing()
    state.overlays = [.menu(MenuNavigation())]
    #expect(AppUpdate.budgetPredictions(&state).isEmpty)
    #expect(!AppRenderer.render(state).text.contains("Predicted cost"))
  }

  @Test func barsAndChoiceCosts() {
    var state = Self.codecRow()
    state.menuBudgets.keep([
      RecordingSettings(): MenuBudget(resources: [
        .init(name: "CPU", cost: 0.62), .init(name: "disk space", cost: 0.97),
        .init(name: "memory", cost: 0.1),
      ]),
      Self.settings(.ffv1): MenuBudget(resources: [.init(name: "CPU", cost: 0.4)]),
      Self.settings(.hevc): MenuBudget(resources: [.init(name: "CPU", cost: 1.35)]),
    ])
    let buffer = AppRenderer.render(state)
    #expect(buffer.text.contains("← 0.40  → 1.35"))
    assertSnapshot(buffer, named: "menu-recording-budget-80x24")
  }

  @Test func anUncalibratedCPUSaysSo() {
    var state = Self.codecRow()
    state.menuBudgets.keep([
      RecordingSettings(): MenuBudget(resources: [
        .init(name: "CPU", cost: nil, note: "not calibrated"), .init(name: "memory", cost: 0.1),
      ])
    ])
    #expect(AppRenderer.render(state).text.contains("not calibrated"))
  }

  @Test func aChoiceWhoseCPUWasNeverMeasuredShowsNoCost() {
    var state = Self.codecRow()
    let uncalibrated = MenuBudget(resources: [
      .init(name: "CPU", cost: nil, note: "not calibrated"), .init(name: "disk space", cost: 0.05),
    ])
    state.menuBudgets.keep([
      RecordingSettings(): uncalibrated,
      Self.settings(.ffv1): uncalibrated,
      Self.settings(.hevc): MenuBudget(resources: [.init(name: "CPU", cost: 1.35)]),
    ])
    #expect(uncalibrated.cost == nil)
    let text = AppRenderer.render(state).text
    #expect(text.contains("← not measured  → 1.35"), "\(text)")
    #expect(!text.contains("← 0.05"))
  }

  @Test func theExecutorPredictsOffTheInterfaceThread() {
    let executor = BudgetPredictionExecutor { _ in
      { settings in
        #expect(!Thread.isMainThread)
        return MenuBudget(resources: [.init(name: "CPU", cost: settings.codec == .hevc ? 1.2 : 0.5)]
        )
      }
    }
    let sources = StateFixtures.previewing().sources
    executor.request([RecordingSettings(), Self.settings(.hevc)], sources: sources)
    let answers = executor.waitForAnswers()
    #expect(answers?[RecordingSettings()]?.cost == 0.5)
    #expect(answers?[Self.settings(.hevc)]?.cost == 1.2)
  }

  @Test func theCachedPredictionNeverCalibrates() throws {
    // An empty cache: the CPU cannot be weighed and is shown as not calibrated, at once.
    let folder = try TemporaryFolder()
    let cache = CalibrationCache(
      folder: folder.url, machine: MachineFingerprint(cpuModel: "test", cores: 2, machineID: "t"))
    let sources = StateFixtures.previewing().sources
    let prediction = CachedBudgetPrediction(front: sources.front, back: sources.back, cache: cache)
    let estimate = try prediction.estimate(for: RecordingSettings())
    let menu = BudgetPredictionExecutor.menuBudget(estimate)
    #expect(
      menu.resources.contains { $0.name == "CPU" && $0.cost == nil && $0.note == "not calibrated" })
    #expect(!FileManager.default.fileExists(atPath: cache.file.path), "nothing was calibrated")
  }
}
