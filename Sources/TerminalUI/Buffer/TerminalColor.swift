/// A colour as the views ask for it: the terminal's own default, or an RGB value that the
/// backend maps to what the terminal can show (direct colour, the 256-colour cube, 16 colours).
public enum TerminalColor: Hashable, Sendable {
  /// The terminal's default foreground or background.
  case standard
  /// An 8-bit RGB colour.
  case rgb(UInt8, UInt8, UInt8)

  /// Packs an RGB colour as 0xRRGGBB; nil for the terminal's default.
  public var packedRGB: UInt32? {
    switch self {
    case .standard: nil
    case .rgb(let red, let green, let blue):
      UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }
  }
}

/// The colours the interface uses, named by role so that every view agrees.
public enum Palette {
  /// Recording: the REC dot and its label.
  public static let recording = TerminalColor.rgb(230, 50, 50)
  /// Paused.
  public static let paused = TerminalColor.rgb(240, 180, 40)
  /// Healthy values (no drops, plenty of disk).
  public static let good = TerminalColor.rgb(80, 200, 120)
  /// Values that need attention.
  public static let warning = TerminalColor.rgb(240, 180, 40)
  /// Values that are wrong (drops, a failure, a lost camera).
  public static let bad = TerminalColor.rgb(235, 70, 70)
  /// Secondary text.
  public static let dim = TerminalColor.rgb(140, 140, 150)
  /// Bars: status bar and title lines.
  public static let barBackground = TerminalColor.rgb(40, 44, 52)
  /// Text on bars.
  public static let barText = TerminalColor.rgb(220, 223, 228)
  /// Selected rows and keys.
  public static let accent = TerminalColor.rgb(97, 175, 239)
  /// Backgrounds of dialogs and menus.
  public static let panel = TerminalColor.rgb(30, 33, 40)
  /// Text on panels.
  public static let panelText = TerminalColor.rgb(220, 223, 228)
  /// The highlighted row of a list.
  public static let selection = TerminalColor.rgb(60, 90, 140)
}
