internal import CNcurses
public import DualCamCore
import Foundation

/// The one type that talks to ncurses: opens the terminal, reads keys, and copies cell buffers
/// to the screen in the colours the terminal can show.
public final class NcursesTerminal: TerminalBackend {
  public let capabilities: TerminalCapabilities
  private let screen: OpaquePointer
  private var pairs = ColorPairTable(capacity: 0)
  private var previous: CellBuffer?
  private var closed = false
  /// Writes real-pixel pictures after each refresh when the terminal speaks kitty or sixel.
  private var pixels: PixelWriter?

  /// Opens the terminal on stdin/stdout.
  ///
  /// - Parameter colorLimit: the user's cap on colours (never raised above the terminal's).
  /// - Throws: when stdin/stdout is not a terminal or terminfo has no entry for `$TERM`.
  public init(colorLimit: TerminalCapabilities.ColorDepth? = nil) throws(DualCamTerminalError) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw .notATerminal
    }
    setlocale(LC_ALL, "")
    // Asked before ncurses reads the keyboard, so the replies never arrive as keys.
    let replies = Self.askTheTerminal(timeoutMilliseconds: 300)
    let environment = ProcessInfo.processInfo.environment
    var opened: OpaquePointer?
    // A terminal that announces 24-bit colour under a 256-colour entry gets the matching
    // direct-colour entry when terminfo has one (Debian's ncurses-term ships them).
    if let colorTerm = environment["COLORTERM"]?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit", let term = environment["TERM"],
      !term.hasSuffix("-direct")
    {
      let family = term.split(separator: "-").first.map(String.init) ?? term
      opened = cnc_newterm("\(family)-direct")
    }
    if opened == nil { opened = cnc_newterm(nil) }
    guard let opened else { throw .unknownTerminal(environment["TERM"] ?? "(unset)") }
    screen = opened
    set_term(screen)
    raw()
    noecho()
    nonl()
    keypad(cnc_stdscr(), true)
    set_escdelay(25)
    curs_set(0)
    cnc_enable_clicks()
    if has_colors() {
      start_color()
      use_default_colors()
    }
    let signals = TerminalCapabilities.Signals(
      terminfoColors: has_colors() ? Int(cnc_colors()) : 0,
      terminfoDirectColor: tigetflag("RGB") > 0,
      colorTermVariable: environment["COLORTERM"], termVariable: environment["TERM"],
      localeCodeset: String(cString: cnc_codeset()),
      noColorRequested: environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
    var detected = TerminalCapabilities.detect(from: signals, override: colorLimit)
    detected.pixelProtocols = replies.protocols
    detected.synchronizedOutput = replies.synchronizedOutput
    capabilities = detected
    pairs = ColorPairTable(capacity: has_colors() ? Int(cnc_color_pairs()) : 0)
    if let spoken = PictureChoice.pixelProtocol(for: detected) {
      pixels = PixelWriter(
        pixelProtocol: spoken, cellSize: Self.cellPixels(), clock: SystemMonotonicClock(),
        output: Self.writeOut)
    }
  }

  /// The pixels of a cell, (0, 0) when the terminal does not say.
  private static func cellPixels() -> (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    cnc_cell_pixels(STDOUT_FILENO, &width, &height)
    return (Int(width), Int(height))
  }

  /// Writes `bytes` to the terminal whole (after ncurses has flushed its own output).
  private static func writeOut(_ bytes: [UInt8]) {
    cnc_flush_output()
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
        if count > 0 {
          offset += count
        } else if count < 0, errno == EINTR || errno == EAGAIN {
          continue
        } else {
          return
        }
      }
    }
  }

  public func pixelPictureSize(columns: Int, rows: Int) -> ImageSize? {
    pixels?.pictureSize(columns: columns, rows: rows)
  }

  public func pixelLinkKeepsUp(columns: Int, rows: Int) -> Bool {
    pixels?.linkKeepsUp(columns: columns, rows: rows) ?? true
  }

  public func setRecording(_ recording: Bool) {
    pixels?.recording = recording
  }

  deinit { close() }

  /// Sends `GraphicsQuery.request` and reads the replies until the DA1 answer or the timeout,
  /// with the terminal in raw mode meanwhile (restored after).
  private static func askTheTerminal(timeoutMilliseconds: Int) -> GraphicsQuery.Reply {
    let none = GraphicsQuery.Reply(protocols: [], complete: false)
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return none }
    var raw = saved
    cfmakeraw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return none }
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    let written = GraphicsQuery.request.withUnsafeBytes {
      write(STDOUT_FILENO, $0.baseAddress, $0.count)
    }
    guard written == GraphicsQuery.request.count else { return none }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { break }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let left = Int32((deadline - now) / 1_000_000) + 1
      guard poll(&descriptor, 1, left) > 0 else { break }
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += chunk[0..<count]
      if GraphicsQuery.parse(received).complete { break }
    }
    return GraphicsQuery.parse(received)
  }

  public var size: (width: Int, height: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cnc_getmaxyx(cnc_stdscr(), &rows, &columns)
    return (Int(columns), Int(rows))
  }

  public func nextEvent(timeoutMilliseconds: Int) -> TerminalInput? {
    wtimeout(cnc_stdscr(), Int32(timeoutMilliseconds))
    var character: wint_t = 0
    let result = wget_wch(cnc_stdscr(), &character)
    if result == ERR { return nil }
    if result == CNC_KEY_CODE_YES {
      let code = Int32(character)
      if code == CNC_KEY_MOUSE {
        var row: Int32 = 0
        var column: Int32 = 0
        guard cnc_last_click(&row, &column) == OK else { return nil }
        return .key(.click(x: Int(column), y: Int(row)))
      }
      if code == CNC_KEY_RESIZE {
        previous = nil
        pixels?.reset(cellSize: Self.cellPixels())
        let current = size
        return .resized(width: current.width, height: current.height)
      }
      return Self.functionKey(code).map(TerminalInput.key)
    }
    switch character {
    case 3, 28: return .interrupt
    case 27: return readEscapeSequence().map(TerminalInput.key)
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 8, 127: return .key(.backspace)
    case 1...26:
      return .key(.control(Character(Unicode.Scalar(UInt8(0x60 + character)))))
    default:
      guard let scalar = Unicode.Scalar(UInt32(character)), character >= 32 else { return nil }
      return .key(.character(Character(scalar)))
    }
  }

  /// Reads the rest of a sequence that starts with Esc (see `EscapeSequenceDecoder`): what
  /// follows at once belongs to it; a lone Esc is the Esc key.
  private func readEscapeSequence() -> Key? {
    var decoder = EscapeSequenceDecoder()
    // The first character must be there already (ncurses waited ESCDELAY for it); the rest
    // of a sequence may come a little later over a slow link.
    var timeout: Int32 = 0
    while true {
      wtimeout(cnc_stdscr(), timeout)
      var character: wint_t = 0
      let result = wget_wch(cnc_stdscr(), &character)
      guard result != ERR else { return decoder.keyWhenCutShort }
      // A key ncurses decoded itself cannot be part of a sequence: the one before is cut.
      guard result != CNC_KEY_CODE_YES else { return nil }
      switch decoder.feed(UInt32(character)) {
      case .more: timeout = 25
      case .finished(let key): return key
      case .finishedBefore(let key):
        unget_wch(wchar_t(bitPattern: UInt32(character)))
        return key
      }
    }
  }

  static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case CNC_KEY_UP: .up
    case CNC_KEY_DOWN: .down
    case CNC_KEY_LEFT: .left
    case CNC_KEY_RIGHT: .right
    case CNC_KEY_PPAGE: .pageUp
    case CNC_KEY_NPAGE: .pageDown
    case CNC_KEY_HOME: .home
    case CNC_KEY_END: .end
    case CNC_KEY_BTAB: .backTab
    case CNC_KEY_BACKSPACE: .backspace
    case CNC_KEY_DC: .delete
    case CNC_KEY_ENTER: .enter
    case CNC_KEY_F0 + 1...CNC_KEY_F0 + 12: .function(Int(code - CNC_KEY_F0))
    default: nil
    }
  }

  public func present(_ picture: CellBuffer) {
    let current = size
    guard picture.width == current.width, picture.height == current.height else { return }
    var buffer = picture
    if let pixels {
      // Under a picture in pixels the cells stay blank: nothing there changes from frame to
      // frame, so ncurses never writes over the picture (and sends no half blocks).
      for area in picture.pictures where area.rect.maxY < buffer.height {
        buffer.fill(area.rect, with: .blank)
      }
      for gone in pixels.vanishedSixelAreas(keeping: picture.pictures) {
        wredrawln(cnc_stdscr(), Int32(gone.y), Int32(gone.height))
      }
    }
    let mono = capabilities.colorDepth == .monochrome
    pairs.prepareFrame(cells: buffer.width * buffer.height)
    if pairs.wasReset { previous = nil }
    for row in 0..<buffer.height {
      for column in 0..<buffer.width {
        let cell = buffer[column, row]
        if let previous, previous.width == buffer.width, previous.height == buffer.height,
          previous[column, row] == cell
        {
          continue
        }
        var attributes = cell.attributes
        // Without colour, a coloured background (bars, selections) reads as reverse video.
        if mono, cell.background != .standard { attributes.insert(.reverse) }
        let pair = mono ? 0 : pairs.pair(for: cell, depth: capabilities.colorDepth)
        for definition in pairs.takeDefinitions() {
          init_extended_pair(
            Int32(definition.pair), Int32(definition.foreground), Int32(definition.background))
        }
        let scalar = capabilities.unicode ? cell.character : AsciiFallback.map(cell.character)
        _ = cnc_put_cell(
          Int32(row), Int32(column), wchar_t(bitPattern: scalar.value),
          attributes.contains(.bold) ? 1 : 0, attributes.contains(.dim) ? 1 : 0,
          attributes.contains(.underline) ? 1 : 0, attributes.contains(.reverse) ? 1 : 0,
          Int32(pair))
      }
    }
    previous = buffer
    pairs.wasReset = false
    // Between the marks the terminal shows the frame whole: the text and the pictures in
    // pixels land together, never half drawn.
    if capabilities.synchronizedOutput { Self.writeOut(Self.beginSynchronizedUpdate) }
    refresh()
    pixels?.write(picture.pictures, screenHeight: buffer.height)
    if capabilities.synchronizedOutput { Self.writeOut(Self.endSynchronizedUpdate) }
  }

  /// DEC private mode 2026 set and reset: a synchronized update begins and ends.
  static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
  static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

  public func close() {
    guard !closed else { return }
    closed = true
    pixels?.reset()
    endwin()
    delscreen(screen)
  }
}

/// Why the interface could not open the terminal.
public enum DualCamTerminalError: Error, Sendable {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// terminfo has no entry for `$TERM`.
  case unknownTerminal(String)
}
