import Session

/// The running take's live cost: in the status bar the largest resource's cost (green below
/// 0.95, yellow to 1.0, red above), in the diagnostics panel every resource measured.
enum LiveCostView {
  /// The status bar's segment, `cost CPU 0.82`; nil between takes and before the first reading.
  static func statusSegment(_ state: AppState, style: CellStyle) -> (String, CellStyle)? {
    guard state.isTakeRunning, let largest = state.liveCost?.largest else { return nil }
    return (
      "cost \(largest.name) \(Formatting.cost(largest.cost))",
      style.foreground(color(of: largest))
    )
  }

  /// The diagnostics panel's lines: a heading and one line per resource, flagged when over.
  static func diagnosticsLines(_ state: AppState) -> [(String, Bool)] {
    guard state.isTakeRunning, let reading = state.liveCost, !reading.resources.isEmpty else {
      return []
    }
    var lines: [(String, Bool)] = [("BUDGET (live)", false)]
    // Output threads are on the take's output lines, as time per frame.
    for resource in reading.resources where resource.kind != LiveResourceCost.outputThreadKind {
      lines.append(
        (
          "  \(resource.name) \(Formatting.cost(resource.cost)) \(resource.verdict)",
          resource.verdict == "over"
        ))
    }
    if reading.lagRepeats > 0 {
      lines.append(("  \(reading.lagRepeats) frames repeated (last seconds)", true))
    }
    return lines
  }

  /// Green below 0.95, yellow up to 1.0, red above: the budget's verdicts.
  static func color(of resource: LiveResourceCost) -> TerminalColor {
    switch resource.verdict {
    case "fits": Palette.good
    case "tight": Palette.warning
    default: Palette.bad
    }
  }
}
