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
  }

  private let cache: CalibrationCache
  private let measure: Measure

  /// A calibrator over `cache`, measuring with `measure` (the real stages by default).
  public init(cache: CalibrationCache, measure: @escaping Measure = Calibrator.measureStages) {
    self.cache = cache
    self.measure = measure
  }

  /// The works `calibrate(for:)` would have to measure now (not in the cache), so a caller can
  /// say that it is about to take a few seconds.
  public func missing(for inputs: BudgetInputs) throws(DualCamError) -> [CalibrationWork] {
    let cached = Set(cache.load().entries.map(\.work))
    return try BudgetModel.calibrationNeeded(for: inputs).filter { !cached.contains($0) }
  }

  /// The table for `inputs` and whatever the planner may try from them.
  public func calibrate(for inputs: BudgetInputs) throws(DualCamError) -> Outcome {
    let needed = try BudgetModel.calibrationNeeded(for: inputs)
    let cached = cache.load()
    var table = CalibrationTable(takeFigures: cached.takeFigures)
    var fresh = CalibrationTable()
    var outcome = Outcome(table: table, measured: [], reused: [], problems: [])
    for work in needed {
      if let entry = cached.entries.first(where: { $0.work == work }) {
        table.record(entry)
        outcome.reused.append(work)
        continue
      }
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
