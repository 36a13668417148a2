/// A frame rate as an exact fraction (30000/1001 for NTSC's 29.97), so slot times never drift.
public struct FrameRate: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Frames per `denominator` seconds.
  public var numerator: Int
  /// Seconds per `numerator` frames.
  public var denominator: Int

  /// Creates `numerator / denominator` frames per second, reduced (12500/1000 becomes 25/2).
  public init(numerator: Int, denominator: Int = 1) {
    var (a, b) = (abs(numerator), abs(denominator))
    while b != 0 { (a, b) = (b, a % b) }
    let divisor = max(a, 1)
    self.numerator = numerator / divisor
    self.denominator = denominator / divisor
  }

  /// Frames per second as a floating-point value.
  public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

  /// The duration of frame number `index` from frame 0, exact to the nanosecond.
  public func time(ofFrame index: Int64) -> Int64 {
    // 128-bit intermediate so hours-long takes at high rates cannot overflow.
    let product = Int128(index) * 1_000_000_000 * Int128(denominator)
    return Int64(product / Int128(numerator))
  }

  /// Nanoseconds per frame (rounded down).
  public var periodNanoseconds: Int64 { time(ofFrame: 1) }

  /// `30`, `29.97`, `12.5`: how users write it.
  public var description: String {
    if denominator == 1 { return "\(numerator)" }
    let value = framesPerSecond
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
  }

  /// The highest rate a camera or encoder is asked for.
  public static let maximumFramesPerSecond = 240

  /// The largest numerator or denominator of a parsed rate; encoders hold time bases in 32 bits,
  /// and no real rate needs more than 30000/1001's precision.
  public static let maximumTerm = 1_000_000

  /// Parses `30`, `29.97`, `30000/1001` or `12.5`; NTSC rates map to their exact fractions.
  public init(parsing text: String) throws(DualCamError) {
    let outOfRange = DualCamError.invalidArgument(
      "frame rate \(text) is outside 1–\(Self.maximumFramesPerSecond) fps",
      fix: "use a rate your cameras deliver, e.g. 30")
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
      numerator > 0, denominator > 0
    {
      guard numerator <= Self.maximumTerm, denominator <= Self.maximumTerm else { throw outOfRange }
      self.init(numerator: numerator, denominator: denominator)
    } else if parts.count == 1, let value = Double(text), value.isFinite, value > 0 {
      // Checked before any conversion: Int(1e308) would trap.
      guard value >= 1, value <= Double(Self.maximumFramesPerSecond) else { throw outOfRange }
      let ntsc: [Double: FrameRate] = [
        23.976: FrameRate(numerator: 24000, denominator: 1001),
        29.97: FrameRate(numerator: 30000, denominator: 1001),
        59.94: FrameRate(numerator: 60000, denominator: 1001),
      ]
      if let exact = ntsc[value] {
        self = exact
      } else if let whole = Int(exactly: value) {
        self.init(numerator: whole)
      } else {
        self.init(numerator: Int((value * 1000).rounded()), denominator: 1000)
      }
    } else {
      throw .invalidArgument(
        "frame rate '\(text)' is not a positive number",
        fix: "write it like 30, 29.97 or 30000/1001")
    }
    guard framesPerSecond >= 1, framesPerSecond <= Double(Self.maximumFramesPerSecond) else {
      throw outOfRange
    }
  }
}
