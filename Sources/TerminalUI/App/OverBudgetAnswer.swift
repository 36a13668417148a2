/// What the interface does when the record key finds a take that does not fit this machine
/// (a budget of 0.95 or more), as chosen in Menu › Recording and kept in the settings file.
public enum OverBudgetAnswer: String, Sendable, CaseIterable, Equatable {
  /// Show the budget's table and ask: record anyway, adapt and record, or cancel.
  case ask
  /// Make the changes that fit (leaving the settings the user chose) and record, saying which.
  case adapt
  /// Do not record; show why and what would fit.
  case refuse
  /// Record as set; frames may repeat or be held.
  case ignore

  /// The menu's explanation of each answer.
  public var explanation: String {
    switch self {
    case .ask: "show why and ask: record anyway, adapt, or cancel"
    case .adapt: "change what you left at its default until it fits, then record"
    case .refuse: "do not record; show why and what would fit"
    case .ignore: "record as set; frames may repeat when the machine falls behind"
    }
  }
}
