/// One character cell of the screen: a character and how it is drawn.
public struct Cell: Hashable, Sendable {
  /// Text attributes of a cell.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (or bright) text.
    public static let bold = Attributes(rawValue: 1)
    /// Dim text.
    public static let dim = Attributes(rawValue: 2)
    /// Underlined text.
    public static let underline = Attributes(rawValue: 4)
    /// Foreground and background swapped; readable without any colour.
    public static let reverse = Attributes(rawValue: 8)
  }

  /// The character shown; always one column wide.
  public var character: Unicode.Scalar
  /// Text colour.
  public var foreground: TerminalColor
  /// Cell colour.
  public var background: TerminalColor
  /// Bold, dim, underline, reverse.
  public var attributes: Attributes

  /// Creates a cell.
  public init(
    _ character: Unicode.Scalar = " ", foreground: TerminalColor = .standard,
    background: TerminalColor = .standard, attributes: Attributes = []
  ) {
    self.character = character
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// An empty cell in the terminal's default colours.
  public static let blank = Cell()
}

/// How a run of text is drawn: colours and attributes without the characters.
public struct CellStyle: Hashable, Sendable {
  /// Text colour.
  public var foreground: TerminalColor
  /// Cell colour.
  public var background: TerminalColor
  /// Attributes.
  public var attributes: Cell.Attributes

  /// Creates a style.
  public init(
    foreground: TerminalColor = .standard, background: TerminalColor = .standard,
    attributes: Cell.Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours.
  public static let plain = CellStyle()

  /// This style with another foreground.
  public func foreground(_ color: TerminalColor) -> CellStyle {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// This style with attributes added.
  public func adding(_ extra: Cell.Attributes) -> CellStyle {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }
}
