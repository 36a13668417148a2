import Foundation

/// The budget of a set of settings: every resource's cost, the largest named, the verdict, and
/// (when it does not fit) the changes that would bring it under.
///
/// Encoded as JSON by `dualcam budget --json`; the field names are an interface for scripts.
public struct BudgetEstimate: Sendable, Hashable, Codable {
  /// Every resource, in the order USB, CPU, disk space, disk write rate, memory.
  public var resources: [ResourceCost]
  /// The largest cost among the weighed resources; nil when none could be weighed.
  public var cost: Double?
  /// The resource with that cost.
  public var limitingResource: String?
  /// The verdict of `cost` (`fits` when nothing could be weighed; `unweighed` then says so).
  public var verdict: BudgetVerdict
  /// Resources that could not be weighed although they apply (CPU not calibrated, …).
  public var unweighed: [String]
  /// Changes that would bring the cost under 0.95, in the design's order, each with the cost
  /// it leads to; empty when the settings fit.
  public var suggestions: [BudgetSuggestion]

  /// Assembles an estimate from resource costs.
  public init(resources: [ResourceCost], suggestions: [BudgetSuggestion] = []) {
    self.resources = resources
    let weighed = resources.filter { $0.cost != nil }
    let largest = weighed.max { $0.cost! < $1.cost! }
    cost = largest?.cost
    limitingResource = largest?.name
    verdict = largest.flatMap(\.verdict) ?? .fits
    unweighed =
      resources
      .filter { $0.cost == nil && !$0.explanation.hasPrefix("does not apply") }
      .map(\.name)
    self.suggestions = suggestions
  }

  /// One line for the user: the verdict, the cost and what limits it.
  public var headline: String {
    guard let cost, let limitingResource else {
      return "budget unknown: no resource could be weighed"
    }
    let figure = String(format: "%.2f", cost)
    switch verdict {
    case .fits: return "fits: cost \(figure), largest is \(limitingResource)"
    case .tight:
      return "tight: cost \(figure) (\(limitingResource)); fits on an idle machine only"
    case .over: return "over: cost \(figure), limited by \(limitingResource)"
    }
  }
}

/// One change that lowers the cost, and the cost after it (and every change before it).
public struct BudgetSuggestion: Sendable, Hashable, Codable {
  /// What to change.
  public var change: BudgetChange
  /// The budget's cost once this and the earlier suggestions are applied.
  public var cost: Double?
  /// The verdict at that cost.
  public var verdict: BudgetVerdict
  /// The resource that limits it then.
  public var limitingResource: String?

  /// Creates a suggestion.
  public init(
    change: BudgetChange, cost: Double?, verdict: BudgetVerdict, limitingResource: String?
  ) {
    self.change = change
    self.cost = cost
    self.verdict = verdict
    self.limitingResource = limitingResource
  }

  /// `camera format MJPEG instead of YUYV → cost 0.62 (fits)`.
  public var line: String {
    let figure = cost.map { String(format: "%.2f", $0) } ?? "unknown"
    return "\(change.summary) → cost \(figure) (\(verdict.rawValue))"
  }
}
