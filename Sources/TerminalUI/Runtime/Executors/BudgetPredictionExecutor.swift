import Budget
import DualCamCore
import Foundation
import Session

/// Predicts the budget of settings for the menus on a thread of its own, so the interface
/// never waits for sysfs or the model. It never calibrates: it weighs with the calibration
/// already cached, and a CPU stage not in the cache is shown as "not calibrated".
///
/// One prediction runs at a time; requests made meanwhile wait, the newest first.
final class BudgetPredictionExecutor {
  private let answers = Mailbox<[RecordingSettings: MenuBudget]>()
  private var worker: Thread?
  private var waiting: (sources: AppState.Sources, settings: [RecordingSettings])?
  private let makePrediction:
    @Sendable (AppState.Sources) -> (@Sendable (RecordingSettings) -> MenuBudget?)

  /// An executor predicting with the cached calibration of this machine; tests stand in
  /// their own prediction.
  init(
    makePrediction:
      @escaping @Sendable (AppState.Sources) -> (@Sendable (RecordingSettings) -> MenuBudget?) =
      BudgetPredictionExecutor.cachedPrediction
  ) {
    self.makePrediction = makePrediction
  }

  /// Predicts `settings` for the cameras `sources`; answers come from `collect()`.
  func request(_ settings: [RecordingSettings], sources: AppState.Sources) {
    guard !settings.isEmpty else { return }
    if let queued = waiting, queued.sources == sources {
      waiting = (sources, settings + queued.settings.filter { !settings.contains($0) })
    } else {
      waiting = (sources, settings)
    }
    startNext()
  }

  /// The predictions finished since the last call, if any; starts the next waiting one.
  func collect() -> [RecordingSettings: MenuBudget]? {
    guard worker != nil, let done = answers.take() else { return nil }
    worker = nil
    startNext()
    return done
  }

  /// Waits for a running prediction (tests).
  func waitForAnswers(timeout: Double = 10) -> [RecordingSettings: MenuBudget]? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let done = collect() { return done }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  private func startNext() {
    guard worker == nil, let job = waiting else { return }
    waiting = nil
    let box = answers
    let make = makePrediction
    let thread = Thread {
      let predict = make(job.sources)
      var done: [RecordingSettings: MenuBudget] = [:]
      for settings in job.settings {
        done[settings] = predict(settings) ?? MenuBudget(resources: [])
      }
      box.put(done)
    }
    thread.name = "budget-prediction"
    worker = thread
    thread.start()
  }

  /// Weighs with `CachedBudgetPrediction`: every resource that applies, the CPU as "not
  /// calibrated" when its stages are not cached.
  static let cachedPrediction:
    @Sendable (AppState.Sources) -> (@Sendable (RecordingSettings) -> MenuBudget?) = {
      sources in
      let prediction = CachedBudgetPrediction(front: sources.front, back: sources.back)
      return { settings in
        guard let estimate = try? prediction.estimate(for: settings) else { return nil }
        return menuBudget(estimate)
      }
    }

  /// The menus' view of an estimate: resources that apply, unweighed CPU as not calibrated.
  static func menuBudget(_ estimate: BudgetEstimate) -> MenuBudget {
    MenuBudget(
      resources: estimate.resources.compactMap { resource in
        if let cost = resource.cost { return MenuBudget.Resource(name: resource.name, cost: cost) }
        // Only the CPU is weighed from a calibration; others that are not weighed do not apply.
        guard resource.kind == .cpu else { return nil }
        return MenuBudget.Resource(name: resource.name, cost: nil, note: "not calibrated")
      })
  }
}
