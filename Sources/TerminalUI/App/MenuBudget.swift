public import DualCamCore

/// The predicted cost of one set of recording settings, as the settings menus show it: a bar
/// per resource, and the cost of the choices either side of the highlighted item.
public struct MenuBudget: Sendable, Equatable {
  /// One resource's predicted cost.
  public struct Resource: Sendable, Equatable {
    /// The resource in words (`CPU`, `disk space`, `USB bus usb1 (…)`).
    public var name: String
    /// Demand over capacity; nil when it is not weighed (`note` says why).
    public var cost: Double?
    /// Why it is not weighed: `not calibrated` for a CPU stage not measured yet.
    public var note: String?

    /// Creates a resource.
    public init(name: String, cost: Double?, note: String? = nil) {
      self.name = name
      self.cost = cost
      self.note = note
    }
  }

  /// The resources that apply, in the model's order.
  public var resources: [Resource]

  /// Creates a prediction.
  public init(resources: [Resource]) { self.resources = resources }

  /// The largest cost; nil when a resource that applies is not weighed (the CPU not
  /// calibrated yet), since the largest of the others would be no cost of these settings.
  public var cost: Double? {
    guard !resources.isEmpty, resources.allSatisfy({ $0.cost != nil }) else { return nil }
    return resources.compactMap(\.cost).max()
  }
}

/// The menus' predictions, by the settings they were made for, and which are on their way.
public struct MenuBudgets: Sendable, Equatable {
  /// Predictions made.
  public var predicted: [RecordingSettings: MenuBudget] = [:]
  /// Settings asked for and not answered yet (asked once).
  public var requested: Set<RecordingSettings> = []

  /// No predictions.
  public init() {}

  /// The settings of `wanted` not predicted nor asked for; marks them asked.
  mutating func toRequest(_ wanted: [RecordingSettings]) -> [RecordingSettings] {
    var new: [RecordingSettings] = []
    for settings in wanted
    where predicted[settings] == nil && !requested.contains(settings) && !new.contains(settings) {
      new.append(settings)
    }
    requested.formUnion(new)
    return new
  }

  /// Keeps `answers`; old ones go when there are many (the menus only need the newest).
  mutating func keep(_ answers: [RecordingSettings: MenuBudget]) {
    if predicted.count > 64 { predicted.removeAll() }
    predicted.merge(answers) { _, new in new }
    requested.subtract(answers.keys)
  }
}
