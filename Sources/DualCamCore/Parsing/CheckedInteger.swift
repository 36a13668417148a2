extension Double {
  /// This value rounded to the nearest whole number, when that lies in `range`; nil for NaN,
  /// infinities and everything outside.
  ///
  /// `Int(_: Double)` traps on values it cannot hold, so every number that came from a user
  /// (a flag, the settings file, a source option) goes through here and is refused with a
  /// message instead.
  public func roundedInteger(in range: ClosedRange<Int>) -> Int? {
    guard isFinite else { return nil }
    let whole = rounded()
    guard whole >= Double(range.lowerBound), whole <= Double(range.upperBound) else { return nil }
    // Double(Int.max) rounds up to 2^63, which the bound check above lets through.
    return Int(exactly: whole)
  }
}
