/// Hands out ncurses colour pairs for (foreground, background) combinations, defining each on
/// first use. Pairs are a scarce resource (32 767 or 65 535), so when a frame might run out the
/// table starts over, and the terminal redraws everything with the new numbering.
struct ColorPairTable {
  /// Pair numbers available (pair 0 is the terminal's default and never redefined).
  let capacity: Int
  private var numbers: [ColorKey: Int] = [:]
  /// Pairs that must be defined before use: number, foreground, background.
  private(set) var pendingDefinitions: [(pair: Int, foreground: Int, background: Int)] = []
  /// True when the table started over since the terminal last looked.
  var wasReset = false

  struct ColorKey: Hashable {
    var foreground: Int
    var background: Int
  }

  init(capacity: Int) { self.capacity = capacity }

  /// Starts over when fewer than `cells` pairs are left, so that no pair is redefined while a
  /// frame is being drawn.
  mutating func prepareFrame(cells: Int) {
    if numbers.count + cells >= capacity - 1 {
      numbers.removeAll(keepingCapacity: true)
      wasReset = true
    }
  }

  /// The pair for `cell`'s colours at `depth`; definitions go to `pendingDefinitions`.
  mutating func pair(for cell: Cell, depth: TerminalCapabilities.ColorDepth) -> Int {
    let key = ColorKey(
      foreground: Self.colorNumber(cell.foreground, depth: depth),
      background: Self.colorNumber(cell.background, depth: depth))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let number = numbers[key] { return number }
    guard numbers.count < capacity - 1 else { return 0 }
    let number = numbers.count + 1
    numbers[key] = number
    pendingDefinitions.append((number, key.foreground, key.background))
    return number
  }

  /// Takes the definitions made since the last call.
  mutating func takeDefinitions() -> [(pair: Int, foreground: Int, background: Int)] {
    defer { pendingDefinitions.removeAll(keepingCapacity: true) }
    return pendingDefinitions
  }

  /// The ncurses colour number of `color`: -1 for the default, an RGB value for direct colour
  /// (values below 8 are ANSI colours in direct-colour terminfo, so near-black is nudged up),
  /// else a palette index.
  static func colorNumber(_ color: TerminalColor, depth: TerminalCapabilities.ColorDepth) -> Int {
    guard case .rgb(let red, let green, let blue) = color else { return -1 }
    switch depth {
    case .trueColor:
      return max(Int(color.packedRGB ?? 0), 8)
    case .palette256:
      return ColorQuantizer.palette256(red: red, green: green, blue: blue)
    case .ansi16:
      return ColorQuantizer.ansi16(red: red, green: green, blue: blue)
    case .monochrome:
      return -1
    }
  }
}

/// ASCII stand-ins for the Unicode characters the views use, for terminals without UTF-8.
enum AsciiFallback {
  static func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return scalar }
    switch scalar {
    case "─", "━", "═": return "-"
    case "│", "┃", "║": return "|"
    case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼": return "+"
    case "●", "◆", "■": return "*"
    case "‖": return "="
    case "›", "»", "→": return ">"
    case "‹", "«", "←": return "<"
    case "↑": return "^"
    case "↓": return "v"
    case "…": return "~"
    case "×": return "x"
    case "·": return "."
    case "█", "▀", "▄": return "#"
    case "░": return "."
    case "−": return "-"
    default: return "?"
    }
  }
}
