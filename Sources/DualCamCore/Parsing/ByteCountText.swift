import Foundation

/// A count of bytes as people read it, in decimal units: `1.25 GB`, `31.2 MB`, `80 KB`.
public enum ByteCountText {
  /// `count` in GB with two decimals, MB with one, or whole KB.
  public static func decimal(_ count: Int64) -> String {
    let value = Double(count)
    if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
    if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
    return String(format: "%.0f KB", value / 1e3)
  }
}
