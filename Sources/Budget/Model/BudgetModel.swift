import Compositor
public import DualCamCore

/// The cost model: for given inputs, each resource's demand, capacity and cost, the budget's
/// cost (the largest, named), the verdict, and the changes that would make it fit.
///
/// Pure: no I/O, no clock. The same inputs always give the same estimate, so `record` and the
/// interface can re-run it for every settings change, and tests can pin it down.
public enum BudgetModel {
  /// The estimate for `inputs`, with suggestions when the cost is 0.95 or more.
  ///
  /// - Throws: `DualCamError.invalidArgument` when the layout cannot be built from the sources'
  ///   sizes (as `record` would refuse it).
  public static func estimate(_ inputs: BudgetInputs) throws(DualCamError) -> BudgetEstimate {
    var estimate = try costs(inputs)
    if estimate.verdict != .fits {
      estimate.suggestions = try DegradePlanner.suggestions(for: inputs, from: estimate)
    }
    return estimate
  }

  /// The changes that bring `inputs` (weighed as `estimate`) under 0.95 without changing the
  /// kinds in `fixed`: what adapting may do when the user chose those settings.
  public static func suggestions(
    for inputs: BudgetInputs, from estimate: BudgetEstimate, leaving fixed: Set<BudgetChange.Kind>
  ) throws(DualCamError) -> [BudgetSuggestion] {
    guard estimate.verdict != .fits else { return [] }
    return try DegradePlanner.suggestions(for: inputs, from: estimate, leaving: fixed)
  }

  /// The estimate for `inputs` without suggestions.
  public static func costs(_ inputs: BudgetInputs) throws(DualCamError) -> BudgetEstimate {
    let canvas = try canvasSize(inputs)
    var resources = USBCostModel.costs(inputs)
    resources.append(CPUCostModel.cost(inputs, canvas: canvas))
    resources.append(contentsOf: DiskCostModel.costs(inputs, canvas: canvas))
    resources.append(MemoryCostModel.cost(inputs, canvas: canvas))
    return BudgetEstimate(resources: resources)
  }

  /// The works a take measures on its outputs' threads, by the output's name (`dualview`:
  /// compositing and its encoder; `front`, `back`: their encoders, none for a stream copy):
  /// what a take's measured costs are learned as (`CalibrationTable.learn`).
  public static func takeWorks(for inputs: BudgetInputs) throws(DualCamError)
    -> [String: [CalibrationWork]]
  {
    var works: [String: [CalibrationWork]] = [:]
    for stage in CPUCostModel.stages(inputs, canvas: try canvasSize(inputs)) {
      if let output = stage.output { works[output, default: []].append(stage.work) }
    }
    return works
  }

  /// What the rest of a take of `inputs` is learned as: everything its process does per
  /// output frame besides the works of `takeWorks(for:)`.
  public static func takeOverheadWork(for inputs: BudgetInputs) throws(DualCamError)
    -> CalibrationWork
  {
    CPUCostModel.overheadWork(inputs, canvas: try canvasSize(inputs))
  }

  /// The per-frame work calibration must have measured to weigh the CPU for `inputs` and, with
  /// `alternatives`, for the suggestions the planner may try (other presets, MJPEG decoding);
  /// sizes the planner tries are scaled by area from these. The take's own works come first.
  public static func calibrationNeeded(for inputs: BudgetInputs, alternatives: Bool = true)
    throws(DualCamError) -> [CalibrationWork]
  {
    var works: [CalibrationWork] = []
    func add(_ work: CalibrationWork) {
      if !works.contains(work) { works.append(work) }
    }
    func add(_ stages: [CPUCostModel.Stage]) {
      for stage in stages where stage.work.kind != .takeOverhead { add(stage.work) }
    }
    add(CPUCostModel.stages(inputs, canvas: try canvasSize(inputs)))
    guard alternatives else { return works }
    for change in DegradePlanner.formatChanges(inputs) {
      let variant = try change.applied(to: inputs)
      add(CPUCostModel.stages(variant, canvas: try canvasSize(variant)))
    }
    // Other presets are measured at one size only (the cameras', the smaller) and scaled by
    // area to the dual view's: a first run with a slow preset stays short.
    for change in DegradePlanner.presetChanges(inputs) {
      let variant = try change.applied(to: inputs)
      let stages = CPUCostModel.stages(variant, canvas: try canvasSize(variant))
      let encoders = stages.filter { $0.work.kind == .encode }
      let smallest = encoders.min { $0.work.size.area < $1.work.size.area }
      add(stages.filter { $0.work.kind != .encode || $0.work == smallest?.work })
    }
    return works
  }

  /// The dual view's size for the inputs' layout and camera sizes.
  public static func canvasSize(_ inputs: BudgetInputs) throws(DualCamError) -> ImageSize {
    let size = inputs.settings.size
    let front = inputs.sources.first { $0.position == .front }?.size ?? size
    let back = inputs.sources.first { $0.position == .back }?.size ?? size
    return try StackLayout(settings: inputs.settings.layout, frontSize: front, backSize: back)
      .canvasSize
  }
}
