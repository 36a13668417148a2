/// Reads `--duration` values: `10s`, `1m30s`, `2h`, `500ms`, or bare seconds (`90`, `2.5`).
public enum DurationParser {
  /// The longest duration accepted, in seconds (1000 hours): longer is a typo, and the frame
  /// count of anything far longer would not fit in an integer.
  public static let maximumSeconds = 1000.0 * 3600

  /// Seconds in `text`.
  public static func seconds(in text: String) throws(DualCamError) -> Double {
    let invalid = DualCamError.invalidArgument(
      "duration '\(text)' is not understood", fix: "write it like 10s, 1m30s, 2h or 90")
    let total = try sum(of: text, invalid: invalid)
    guard total > 0, total.isFinite else { throw invalid }
    guard total <= maximumSeconds else {
      throw .invalidArgument(
        "duration '\(text)' is longer than 1000 hours",
        fix: "give a shorter --duration, or leave it out to record until Ctrl-C")
    }
    return total
  }

  /// The number of output frames `text` lasts at `rate` (at least one).
  public static func frames(in text: String, at rate: FrameRate) throws(DualCamError) -> Int64 {
    let value = try seconds(in: text)
    // 1000 h at 240 fps is under 10^9 frames: the conversion cannot trap.
    return max(1, Int64((value * rate.framesPerSecond).rounded()))
  }

  private static func sum(of text: String, invalid: DualCamError) throws(DualCamError) -> Double {
    if let plain = Double(text) { return plain }
    var total = 0.0
    var number = ""
    var rest = Substring(text.lowercased())
    while let character = rest.first {
      if character.isASCII, character.isNumber || character == "." {
        number.append(character)
        rest = rest.dropFirst()
        continue
      }
      let unit: (length: Int, seconds: Double)
      if rest.hasPrefix("ms") {
        unit = (2, 0.001)
      } else if character == "h" {
        unit = (1, 3600)
      } else if character == "m" {
        unit = (1, 60)
      } else if character == "s" {
        unit = (1, 1)
      } else {
        throw invalid
      }
      guard let value = Double(number) else { throw invalid }
      total += value * unit.seconds
      number = ""
      rest = rest.dropFirst(unit.length)
    }
    guard number.isEmpty else { throw invalid }
    return total
  }
}
