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
