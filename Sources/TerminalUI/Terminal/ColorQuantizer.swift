/// Maps RGB colours onto what a terminal can show: the xterm 256-colour palette (a 6×6×6 cube
/// and a 24-step grey ramp) or the 16 ANSI colours.
public enum ColorQuantizer {
  /// The cube's six levels per channel.
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The xterm palette index closest to (r, g, b): the nearer of the best cube colour and the
  /// best grey, by squared distance.
  public static func palette256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let r = Int(red)
    let g = Int(green)
    let b = Int(blue)
    let ri = cubeIndex(r)
    let gi = cubeIndex(g)
    let bi = cubeIndex(b)
    let cubeDistance =
      square(cubeLevels[ri] - r) + square(cubeLevels[gi] - g) + square(cubeLevels[bi] - b)
    let average = (r + g + b) / 3
    // Greys 232…255 are 8, 18, …, 238.
    let greyStep = min(max((average - 3) / 10, 0), 23)
    let greyLevel = 8 + 10 * greyStep
    let greyDistance = square(greyLevel - r) + square(greyLevel - g) + square(greyLevel - b)
    return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * ri + 6 * gi + bi
  }

  /// The ANSI colour (0–15) closest to (r, g, b).
  public static func ansi16(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (index, color) in ansiColors.enumerated() {
      let distance =
        square(color.0 - Int(red)) + square(color.1 - Int(green)) + square(color.2 - Int(blue))
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }

  /// The usual xterm values of the 16 ANSI colours.
  static let ansiColors: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  private static func cubeIndex(_ value: Int) -> Int {
    value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
  }

  private static func square(_ value: Int) -> Int { value * value }
}
