extension BudgetEstimate {
  /// The changes that would bring the cost under 0.95, in the design's order, as lines for
  /// people: one line saying there is none, or a heading, the numbered changes (each includes
  /// the ones above) and a last line when even all of them are not enough.
  public var changeLines: [String] {
    guard let last = suggestions.last else {
      return ["no change of camera format, preset, frame rate or size brings it under 0.95"]
    }
    var lines = ["changes that bring it under 0.95, in this order (each includes the ones above):"]
    for (index, suggestion) in suggestions.enumerated() {
      lines.append("  \(index + 1). \(suggestion.line)")
    }
    if last.verdict != .fits { lines.append("even with all of them it does not fit") }
    return lines
  }
}
