/// What the terminal can show, decided from several signals rather than `TERM` alone.
public struct TerminalCapabilities: Sendable, Equatable {
  /// How many colours the terminal can show.
  public enum ColorDepth: String, Sendable, Equatable, CaseIterable, Codable {
    /// 24-bit colour.
    case trueColor = "truecolor"
    /// The xterm 256-colour palette.
    case palette256 = "256"
    /// The 16 ANSI colours.
    case ansi16 = "16"
    /// No colour: attributes only.
    case monochrome = "none"
  }

  /// Colours available.
  public var colorDepth: ColorDepth
  /// True when the locale is UTF-8, so box drawing and half blocks can be shown.
  public var unicode: Bool
  /// The pixel protocols the terminal said it speaks when asked (`GraphicsQuery`); empty
  /// when it was not asked or did not answer.
  public var pixelProtocols: PixelProtocols
  /// The terminal shows a frame written between the synchronized-output marks whole (DEC
  /// private mode 2026, asked for at start-up).
  public var synchronizedOutput = false

  /// Creates a set of capabilities.
  public init(colorDepth: ColorDepth, unicode: Bool, pixelProtocols: PixelProtocols = []) {
    self.colorDepth = colorDepth
    self.unicode = unicode
    self.pixelProtocols = pixelProtocols
  }

  /// The glyphs these capabilities allow.
  public var glyphs: Glyphs { unicode ? .unicode : .ascii }

  /// What the backend learned from terminfo and the environment.
  public struct Signals: Sendable, Equatable {
    /// terminfo's `colors` (after `start_color`), 0 when the terminal has none.
    public var terminfoColors: Int
    /// terminfo's `RGB` flag: the entry speaks direct colour.
    public var terminfoDirectColor: Bool
    /// `$COLORTERM`.
    public var colorTermVariable: String?
    /// `$TERM`.
    public var termVariable: String?
    /// The locale's character set (`nl_langinfo(CODESET)`).
    public var localeCodeset: String?
    /// `$NO_COLOR` is set (https://no-color.org).
    public var noColorRequested: Bool

    /// Creates the signals.
    public init(
      terminfoColors: Int, terminfoDirectColor: Bool, colorTermVariable: String?,
      termVariable: String?, localeCodeset: String?, noColorRequested: Bool
    ) {
      self.terminfoColors = terminfoColors
      self.terminfoDirectColor = terminfoDirectColor
      self.colorTermVariable = colorTermVariable
      self.termVariable = termVariable
      self.localeCodeset = localeCodeset
      self.noColorRequested = noColorRequested
    }
  }

  /// Decides the capabilities.
  ///
  /// Direct colour needs both a terminal that says it speaks it (`COLORTERM` or the terminfo
  /// `RGB` flag) and an entry ncurses can drive it through (direct colours in terminfo);
  /// otherwise the palette ncurses reports wins, because writing colours the entry does not
  /// describe would scramble the screen. `NO_COLOR` turns colour off; `override` (the user's
  /// setting) caps the result but never raises it above what the terminal can show.
  public static func detect(from signals: Signals, override: ColorDepth? = nil)
    -> TerminalCapabilities
  {
    let unicode =
      signals.localeCodeset.map { codeset in
        let normalized = codeset.uppercased().replacingOccurrences(of: "-", with: "")
        return normalized == "UTF8"
      } ?? false
    var depth: ColorDepth
    if signals.noColorRequested || signals.terminfoColors < 8 {
      depth = .monochrome
    } else if signals.terminfoColors >= 1 << 24 && signals.terminfoDirectColor {
      depth = .trueColor
    } else if signals.terminfoColors >= 256 {
      depth = .palette256
    } else {
      depth = .ansi16
    }
    if let override, override.rank < depth.rank { depth = override }
    return TerminalCapabilities(colorDepth: depth, unicode: unicode)
  }

  /// The name of a direct-colour terminfo entry worth trying when the terminal says it speaks
  /// 24-bit colour but its own entry is a 256-colour one (xterm-256color under a modern
  /// terminal emulator): `xterm-direct`, `tmux-direct`, …
  public static func directColorEntry(for signals: Signals) -> String? {
    guard !signals.terminfoDirectColor, signals.terminfoColors < 1 << 24,
      let colorTerm = signals.colorTermVariable?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit",
      let term = signals.termVariable
    else { return nil }
    let family = term.split(separator: "-").first.map(String.init) ?? term
    return "\(family)-direct"
  }
}

extension TerminalCapabilities.ColorDepth {
  /// Orders depths from none to 24-bit.
  var rank: Int {
    switch self {
    case .monochrome: 0
    case .ansi16: 1
    case .palette256: 2
    case .trueColor: 3
    }
  }
}
