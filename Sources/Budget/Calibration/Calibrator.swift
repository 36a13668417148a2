public import DualCamCore

/// Makes sure the calibration table holds every work the model needs for some inputs: reuses
/// what the cache has for this machine, measures the rest (up to a second or two each, so a
/// first run or a settings change costs 1–5 s from 480p to 1080p), and saves it.
public struct Calibrator: Sendable {
  /// Measures one work: processor seconds per frame. The inputs give the layout and sizes.
  public typealias Measure =
    @Sendable (CalibrationWork, BudgetInputs) throws(DualCamError) -> Double

  /// What a calibration did.
  public struct Outcome: Sendable {
    /// Every measurement the inputs need that could be had, cached or new.
    public var table: CalibrationTable
    /// Works measured now.
    public var measured: [CalibrationWork]
    /// Works found in the cache.
    public var reused: [CalibrationWork]
    /// Works that could not be measured, with the reason (e.g. no HEVC encoder), and a cache
    /// that could not be saved.
    public var problems: [String]
    /// The calibration was stopped before every work was measured (what was is kept).
    public var cancelled = false
  }

  private let cache: CalibrationCache
  private let measure: Measure

  /// A calibrator over `cache`, measuring with `measure` (the real stages by default).
  public init(cache: CalibrationCache, measure: @escaping Measure = Calibrator.measureStages) {
    self.cache = cache
    self.measure = measure
  }

  /// The table for `inputs` and, with `alternatives`, whatever the planner may try from them.
  /// `progress` hears of each work before it is measured (its number from 1, how many are to
  /// be measured, the work); `isCancelled` is asked before each, and a true answer stops the
  /// calibration with what was measured so far (`Outcome.cancelled`).
  public func calibrate(
    for inputs: BudgetInputs, alternatives: Bool = true,
    progress: (_ number: Int, _ count: Int, _ work: CalibrationWork) -> Void = { _, _, _ in },
    isCancelled: () -> Bool = { false }
  ) throws(DualCamError) -> Outcome {
    let needed = try BudgetModel.calibrationNeeded(for: inputs, alternatives: alternatives)
    let cached = cache.load()
    var table = CalibrationTable(takeFigures: cached.takeFigures)
    var fresh = CalibrationTable()
    var outcome = Outcome(table: table, measured: [], reused: [], problems: [])
    let toMeasure = needed.filter { work in !cached.entries.contains { $0.work == work } }.count
    for work in needed {
      if let entry = cached.entries.first(where: { $0.work == work }) {
        table.record(entry)
        outcome.reused.append(work)
        continue
      }
      guard !outcome.cancelled, !isCancelled() else {
        outcome.cancelled = true
        continue
      }
      progress(outcome.measured.count + outcome.problems.count + 1, toMeasure, work)
      do throws(DualCamError) {
        let seconds = try measure(work, inputs)
        let entry = CalibrationTable.Entry(work: work, cpuSecondsPerFrame: seconds)
        table.record(entry)
        fresh.record(entry)
        outcome.measured.append(work)
      } catch {
        outcome.problems.append("could not calibrate \(work): \(error.problem)")
      }
    }
    if !fresh.entries.isEmpty {
      do throws(DualCamError) {
        try cache.save(fresh)
      } catch {
        outcome.problems.append(error.problem)
      }
    }
    outcome.table = table
    return outcome
  }

  /// Keeps what a take measured its encoders to cost, for the next predictions at the same
  /// settings (`CalibrationTable.learned`).
  public func learn(_ figures: [CalibrationTable.TakeFigure]) throws(DualCamError) {
    guard !figures.isEmpty else { return }
    try cache.save(CalibrationTable(takeFigures: figures))
  }

  /// Measures `work` with the engine's real stages on this machine.
  public static let measureStages: Measure = { work, inputs throws(DualCamError) in
    let size = inputs.settings.size
    let front = inputs.sources.first { $0.position == .front }?.size ?? size
    let back = inputs.sources.first { $0.position == .back }?.size ?? size
    return try CalibrationBench.measure(
      work, layout: inputs.settings.layout, frontSize: front, backSize: back)
  }
}
