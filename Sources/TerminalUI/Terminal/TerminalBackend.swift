public import DualCamCore

/// What the runner needs from a terminal: its size and abilities, keys, and a way to show a
/// cell buffer. `NcursesTerminal` is the real one; tests drive the runner without it.
public protocol TerminalBackend: AnyObject {
  /// Current size in cells.
  var size: (width: Int, height: Int) { get }
  /// What the terminal can show.
  var capabilities: TerminalCapabilities { get }
  /// The next key or resize, waiting at most `timeoutMilliseconds` (0: don't wait).
  func nextEvent(timeoutMilliseconds: Int) -> TerminalInput?
  /// Shows `buffer` (which has the terminal's size).
  func present(_ buffer: CellBuffer)
  /// Gives the terminal back to the shell.
  func close()
  /// The size a real-pixel picture over `columns` × `rows` cells should have; nil when this
  /// terminal shows no pixels (it did not answer the query, or it is a test's).
  func pixelPictureSize(columns: Int, rows: Int) -> ImageSize?
  /// False when the link to the terminal cannot carry pictures of `columns` × `rows` cells
  /// twice a second (measured while writing them).
  func pixelLinkKeepsUp(columns: Int, rows: Int) -> Bool
  /// Tells the terminal a take is recording, so pictures get less of the link.
  func setRecording(_ recording: Bool)
}

extension TerminalBackend {
  public func pixelPictureSize(columns: Int, rows: Int) -> ImageSize? { nil }
  public func pixelLinkKeepsUp(columns: Int, rows: Int) -> Bool { true }
  public func setRecording(_ recording: Bool) {}
}

/// Input from the terminal.
public enum TerminalInput: Equatable, Sendable {
  /// A key.
  case key(Key)
  /// The window changed size.
  case resized(width: Int, height: Int)
  /// Ctrl-C or Ctrl-\ (the terminal is in raw mode, so they arrive as keys).
  case interrupt
}
