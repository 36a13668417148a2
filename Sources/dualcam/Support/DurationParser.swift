import DualCamCore

/// Reads `--duration` values: `10s`, `1m30s`, `2h`, `500ms`, or bare seconds (`90`, `2.5`).
enum DurationParser {
  /// Seconds in `text`.
  static func seconds(in text: String) throws(DualCamError) -> Double {
    let invalid = DualCamError.invalidArgument(
      "duration '\(text)' is not understood", fix: "write it like 10s, 1m30s, 2h or 90")
    if let plain = Double(text) {
      guard plain > 0, plain.isFinite else { throw invalid }
      return plain
    }
    var total = 0.0
    var number = ""
    var rest = Substring(text.lowercased())
    while let character = rest.first {
      if character.isNumber || character == "." {
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
    guard number.isEmpty, total > 0, total.isFinite else { throw invalid }
    return total
  }

  /// The number of output frames `text` lasts at `rate` (at least one).
  static func frames(in text: String, at rate: FrameRate) throws(DualCamError) -> Int64 {
    let value = try seconds(in: text)
    return max(1, Int64((value * rate.framesPerSecond).rounded()))
  }
}
