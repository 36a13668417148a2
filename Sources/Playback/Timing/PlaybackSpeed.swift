/// The speeds the player offers, as whole quarters of real time so that timing stays exact.
public enum PlaybackSpeed: Int, Sendable, CaseIterable, Comparable {
  case quarter = 1
  case half = 2
  case normal = 4
  case oneAndHalf = 6
  case double = 8

  /// Quarters of a second of the take played per second of the clock.
  public var quarters: Int64 { Int64(rawValue) }

  /// `0.25×`, `1×`, `1.5×`.
  public var label: String {
    switch self {
    case .quarter: "0.25×"
    case .half: "0.5×"
    case .normal: "1×"
    case .oneAndHalf: "1.5×"
    case .double: "2×"
    }
  }

  /// The next speed up (or down), staying at the ends.
  public func stepped(by direction: Int) -> PlaybackSpeed {
    let all = Self.allCases
    let index = all.firstIndex(of: self)! + direction
    return all[min(max(index, 0), all.count - 1)]
  }

  public static func < (lhs: PlaybackSpeed, rhs: PlaybackSpeed) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
