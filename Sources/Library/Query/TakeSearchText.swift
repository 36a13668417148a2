import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The text a search looks through for one take, folded for comparison.
enum TakeSearchText {
  /// Lower case, accents removed: "Café" is found by "cafe".
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Name, local date and time (`2026-11-23 14:02`), device names, host, notes and tags.
  static func text(name: String, date: Date?, summary: TakeSummary?) -> String {
    var parts = [name]
    if let date { parts.append(localMinute(date)) }
    if let summary {
      parts += [summary.frontDevice, summary.backDevice, summary.hostname, summary.notes]
        .compactMap { $0 }
      parts += summary.tags
    }
    return fold(parts.joined(separator: "\n"))
  }

  /// `2026-11-23 14:02` in the local time zone, by `localtime_r` (a `Calendar` per take costs
  /// more than reading the take).
  static func localMinute(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var local = tm()
    guard localtime_r(&seconds, &local) != nil else { return "" }
    return String(
      format: "%04d-%02d-%02d %02d:%02d", Int(local.tm_year) + 1900, Int(local.tm_mon) + 1,
      Int(local.tm_mday), Int(local.tm_hour), Int(local.tm_min))
  }
}
