public import DualCamCore

/// The first change, in the design's degrade order (camera format, encoder preset, frame rate,
/// resolution), that lowers one resource's cost: the advice given when that resource goes over
/// during a take, for the next one.
public enum DegradeOrder {
  /// The mildest change of the earliest step that lowers `kind`'s cost for `inputs`; nil when
  /// no change does (the resource does not depend on the settings, or they are the lightest).
  public static func firstChange(relieving kind: ResourceCost.Kind, in inputs: BudgetInputs)
    throws(DualCamError) -> BudgetChange?
  {
    let start = try BudgetModel.costs(inputs)
    guard let before = largestCost(of: kind, in: start) else { return nil }
    let steps: [(BudgetInputs) -> [BudgetChange]] = [
      DegradePlanner.formatChanges, DegradePlanner.presetChanges,
      DegradePlanner.frameRateChanges, DegradePlanner.sizeChanges,
    ]
    for step in steps {
      for change in step(inputs) {
        let trial = try BudgetModel.costs(try change.applied(to: inputs))
        // A preset never calibrated leaves the CPU unweighed: that is no relief.
        if let after = largestCost(of: kind, in: trial), after < before - 1e-9 { return change }
      }
    }
    return nil
  }

  /// The advice for every resource the estimate of `inputs` weighs, by kind (`cpu`, …).
  public static func advice(for inputs: BudgetInputs) -> [ResourceCost.Kind: BudgetChange] {
    var advice: [ResourceCost.Kind: BudgetChange] = [:]
    guard let estimate = try? BudgetModel.costs(inputs) else { return advice }
    for kind in Set(estimate.resources.filter { $0.cost != nil }.map(\.kind)) {
      if let change = try? firstChange(relieving: kind, in: inputs) { advice[kind] = change }
    }
    return advice
  }

  private static func largestCost(of kind: ResourceCost.Kind, in estimate: BudgetEstimate)
    -> Double?
  {
    estimate.resources.filter { $0.kind == kind }.compactMap(\.cost).max()
  }
}
