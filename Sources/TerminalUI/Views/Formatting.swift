import DualCamCore
import Foundation

/// Numbers as the status bar and dialogs write them.
enum Formatting {
  /// `1.2 GB`, `340 MB`, `12 kB` (decimal units, as disks are sold).
  static func bytes(_ value: Int64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var amount = Double(max(value, 0))
    var unit = 0
    while amount >= 1000 && unit < units.count - 1 {
      amount /= 1000
      unit += 1
    }
    if unit == 0 { return "\(Int(amount)) B" }
    return amount < 10
      ? String(format: "%.1f %@", amount, units[unit])
      : String(format: "%.0f %@", amount, units[unit])
  }

  /// `HH:MM:SS`.
  static func clock(seconds: Double) -> String { ClockText.hoursMinutesSeconds(seconds) }

  /// `4 h 12 min`, `38 min`, `< 1 min`.
  static func minutes(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "—" }
    let minutes = Int(saturating: seconds / 60)
    if minutes < 1 { return "< 1 min" }
    if minutes < 120 { return "\(minutes) min" }
    return "\(minutes / 60) h \(minutes % 60) min"
  }

  /// `29.9`.
  static func rate(_ value: Double) -> String { String(format: "%.1f", value) }

  /// A budget cost, two decimals (`0.82`); `∞`-free: a cost with no capacity reads `over`.
  static func cost(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f", value) : "over"
  }
}
