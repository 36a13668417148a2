extension FixedWidthInteger {
  /// `value` truncated toward zero, as `Self(value)` does, but total: NaN gives 0, and a value
  /// beyond the type's range gives its nearest bound instead of stopping the process.
  ///
  /// Every number read from outside (a take's `metadata.json`, a file's timestamps) that
  /// becomes an integer goes through this: a take whose duration says `-1e308` is a lie to
  /// show as such, not a crash.
  public init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Self.max) {
      self = .max
    } else if value <= Double(Self.min) {
      self = .min
    } else {
      self = Self(value)
    }
  }
}

/// `HH:MM:SS` for a duration from anywhere; `--:--:--` for one that cannot be (negative, not a
/// number, infinite), never a trap.
public enum ClockText {
  /// The duration `seconds` as hours, minutes and seconds.
  public static func hoursMinutesSeconds(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "--:--:--" }
    let whole = Int(saturating: seconds)
    return "\(twoDigits(whole / 3600)):\(twoDigits(whole / 60 % 60)):\(twoDigits(whole % 60))"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
