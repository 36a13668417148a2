import Foundation

/// The text a search looks through for one take, folded for comparison.
enum TakeSearchText {
  /// Lower case, accents removed: "Café" is found by "cafe".
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Name, local date and time (`2026-11-23 14:02`), device names, host, notes and tags.
  static func text(name: String, date: Date?, summary: TakeSummary?) -> String {
    var parts = [name]
    if let date {
      let time = Calendar.current.dateComponents(
        [.year, .month, .day, .hour, .minute], from: date)
      parts.append(
        String(
          format: "%04d-%02d-%02d %02d:%02d", time.year ?? 0, time.month ?? 0, time.day ?? 0,
          time.hour ?? 0, time.minute ?? 0))
    }
    if let summary {
      parts += [summary.frontDevice, summary.backDevice, summary.hostname, summary.notes]
        .compactMap { $0 }
      parts += summary.tags
    }
    return fold(parts.joined(separator: "\n"))
  }
}
