/// What one resource is asked for, what it has, and the ratio of the two.
///
/// Encoded as JSON by `dualcam budget --json`; the field names are an interface for scripts.
public struct ResourceCost: Sendable, Hashable, Codable {
  /// The kinds of resource the budget weighs.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Periodic bandwidth of one USB bus (one entry per bus).
    case usbBus = "usb-bus"
    /// Processor time of the cores this process may use.
    case cpu
    /// Free space in the output folder.
    case diskSpace = "disk-space"
    /// Sustained write rate of the output folder's file system.
    case diskWriteRate = "disk-write-rate"
    /// Memory available to the process.
    case memory
  }

  /// How the demand was found.
  public enum Basis: String, Sendable, Hashable, Codable {
    /// Read from the system or measured on this machine for exactly these settings.
    case measured
    /// Measured on this machine at other settings and scaled (e.g. by picture area).
    case scaled
    /// Computed from stated assumptions (documented where the estimate is made).
    case estimated
  }

  /// Which resource.
  public var kind: Kind
  /// Its name for people, e.g. `USB bus usb1 (0000:00:14.0)`.
  public var name: String
  /// How much the settings need, in `unit`.
  public var demand: Double
  /// How much there is, in `unit`.
  public var capacity: Double
  /// The unit of `demand` and `capacity`.
  public var unit: String
  /// `demand / capacity`; nil when the resource does not apply or cannot be weighed.
  public var cost: Double?
  /// How the demand was found.
  public var basis: Basis
  /// One line that explains the figures (what counts, what is assumed, minutes left …).
  public var explanation: String

  /// A resource that is weighed: `cost` is `demand / capacity` (infinite for no capacity).
  public init(
    kind: Kind, name: String, demand: Double, capacity: Double, unit: String, basis: Basis,
    explanation: String
  ) {
    self.kind = kind
    self.name = name
    self.demand = demand
    self.capacity = capacity
    self.unit = unit
    self.cost = capacity > 0 ? demand / capacity : (demand > 0 ? .infinity : 0)
    self.basis = basis
    self.explanation = explanation
  }

  /// A resource that does not apply (no USB camera) or cannot be weighed (nothing measured);
  /// `reason` says which.
  public static func notWeighed(_ kind: Kind, name: String, reason: String) -> ResourceCost {
    var cost = ResourceCost(
      kind: kind, name: name, demand: 0, capacity: 0, unit: "", basis: .estimated,
      explanation: reason)
    cost.cost = nil
    return cost
  }

  /// The verdict of this resource alone; nil when it is not weighed.
  public var verdict: BudgetVerdict? { cost.map(BudgetVerdict.init(cost:)) }
}

/// Whether settings fit: below 0.95 they do, up to 1.0 they are tight, above 1.0 they are over.
///
/// The margin below 1.0 is the product's aim (as in `AVCaptureMultiCamSession.hardwareCost`):
/// a rig at 0.97 keeps up on an idle machine but falls behind when anything else wakes up.
public enum BudgetVerdict: String, Sendable, Hashable, Codable, Comparable {
  /// Cost < 0.95.
  case fits
  /// 0.95 ≤ cost ≤ 1.0.
  case tight
  /// Cost > 1.0.
  case over

  /// The cost below which settings fit.
  public static let fitLimit = 0.95
  /// The cost above which settings are over.
  public static let overLimit = 1.0

  /// The verdict for `cost`.
  public init(cost: Double) {
    if cost < Self.fitLimit {
      self = .fits
    } else if cost <= Self.overLimit {
      self = .tight
    } else {
      self = .over
    }
  }

  /// Fits before tight before over.
  public static func < (lhs: BudgetVerdict, rhs: BudgetVerdict) -> Bool {
    lhs.severity < rhs.severity
  }

  private var severity: Int {
    switch self {
    case .fits: 0
    case .tight: 1
    case .over: 2
    }
  }
}
