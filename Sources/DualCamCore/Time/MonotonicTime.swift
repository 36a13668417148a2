/// A point on the monotonic clock (CLOCK_MONOTONIC), in nanoseconds.
///
/// V4L2 stamps captured buffers on the same clock, so capture times and the presentation clock
/// compare directly.
public struct MonotonicTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Nanoseconds since an arbitrary origin (boot, for the system clock).
  public var nanoseconds: Int64

  /// Creates a time from nanoseconds.
  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// The origin.
  public static let zero = MonotonicTime(nanoseconds: 0)

  /// Creates a time from seconds (for tests and configuration).
  public static func seconds(_ seconds: Double) -> MonotonicTime {
    MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded()))
  }

  /// Seconds since the origin.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// The time `nanoseconds` later.
  public static func + (lhs: MonotonicTime, nanoseconds: Int64) -> MonotonicTime {
    MonotonicTime(nanoseconds: lhs.nanoseconds + nanoseconds)
  }

  /// The time `nanoseconds` earlier.
  public static func - (lhs: MonotonicTime, nanoseconds: Int64) -> MonotonicTime {
    MonotonicTime(nanoseconds: lhs.nanoseconds - nanoseconds)
  }

  /// Nanoseconds from `rhs` to `lhs`.
  public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> Int64 {
    lhs.nanoseconds - rhs.nanoseconds
  }

  public var description: String {
    let micros = (abs(nanoseconds) + 500) / 1000
    let fraction = String(micros % 1_000_000)
    let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
    return "\(nanoseconds < 0 ? "-" : "")\(micros / 1_000_000).\(padded)s"
  }
}
