import CChafa

/// A libchafa canvas of one size, symbol set and colour mode, with the symbol map and
/// configuration it is made from. It owns the three handles and frees them when it goes; it is
/// used by one thread at a time (the executor that draws pictures), so it is not `Sendable`.
final class ChafaCanvas {
  /// The characters chafa may choose from.
  enum Symbols: String, Sendable, Equatable {
    /// Space, full block and the upper and lower halves: two pixels per cell, like `▀`.
    case halfBlocks = "half-blocks"
    /// Half blocks and the quadrants (`▖▗▘▝▚▞…`): 2×2 pixels per cell, in every monospace
    /// font's Block Elements.
    case quadrants
    /// Quadrants and the sextants (Unicode 13 Legacy Computing): 2×3 pixels per cell where the
    /// font has them.
    case sextants
    /// Printable ASCII only, for terminals without a UTF-8 locale.
    case ascii
  }

  /// The colours chafa may use; its indexed modes report palette indices.
  enum Colors: Sendable, Equatable {
    case trueColor
    case palette240
    case ansi16
    case none
  }

  /// The foreground and background chafa assumes the terminal has; in its indexed modes it
  /// names them by the indices below rather than by a palette entry.
  static let assumedForeground = 0xFF_FFFF
  static let assumedBackground = 0x00_0000
  /// Chafa's index for the assumed foreground (`CHAFA_PALETTE_INDEX_FG`, not in its headers).
  static let foregroundIndex = 257
  /// Chafa's index for the assumed background (`CHAFA_PALETTE_INDEX_BG`).
  static let backgroundIndex = 258

  /// Cells across.
  let columns: Int
  /// Cells down.
  let rows: Int
  /// The colour mode the canvas was made with.
  let colors: Colors
  private let symbolMap: OpaquePointer
  private let config: OpaquePointer
  private let canvas: OpaquePointer

  /// Creates a canvas of `columns` × `rows` cells (both at least 1).
  init(columns: Int, rows: Int, symbols: Symbols, colors: Colors) {
    precondition(columns > 0 && rows > 0, "a chafa canvas has at least one cell")
    self.columns = columns
    self.rows = rows
    self.colors = colors
    symbolMap = chafa_symbol_map_new()
    chafa_symbol_map_add_by_tags(symbolMap, Self.tags(for: symbols))
    config = chafa_canvas_config_new()
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_canvas_mode(config, Self.mode(for: colors))
    chafa_canvas_config_set_symbol_map(config, symbolMap)
    chafa_canvas_config_set_fg_color(config, UInt32(Self.assumedForeground))
    chafa_canvas_config_set_bg_color(config, UInt32(Self.assumedBackground))
    // Preprocessing boosts contrast and saturation for small palettes; the preview shows the
    // camera's colours as they are, like the half-block renderer.
    chafa_canvas_config_set_preprocessing_enabled(config, 0)
    canvas = chafa_canvas_new(config)
  }

  deinit {
    chafa_canvas_unref(canvas)
    chafa_canvas_config_unref(config)
    chafa_symbol_map_unref(symbolMap)
  }

  /// Lets chafa choose every cell's symbol and colours for a packed RGB picture (3 bytes a
  /// pixel, `bytesPerRow` apart), stretched over the whole canvas.
  func draw(rgb pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
    chafa_canvas_draw_all_pixels(
      canvas, CHAFA_PIXEL_RGB8, pixels, Int32(width), Int32(height), Int32(bytesPerRow))
  }

  /// The symbol chafa chose for cell (x, y).
  func character(x: Int, y: Int) -> Unicode.Scalar {
    Unicode.Scalar(chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))) ?? " "
  }

  /// The foreground and background of cell (x, y): packed 0xRRGGBB in true colour, palette
  /// indices otherwise, negative when chafa leaves the colour to the terminal.
  func colors(x: Int, y: Int) -> (foreground: Int, background: Int) {
    var foreground: Int32 = -1
    var background: Int32 = -1
    chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
    return (Int(foreground), Int(background))
  }

  /// Chafa draws with one thread: the cameras and the encoders need the other cores more than
  /// a picture needs to be a millisecond earlier. (A process-wide setting.)
  static func useOneThread() { chafa_set_n_threads(1) }

  private static func tags(for symbols: Symbols) -> ChafaSymbolTags {
    let blocks = [CHAFA_SYMBOL_TAG_SPACE, CHAFA_SYMBOL_TAG_SOLID, CHAFA_SYMBOL_TAG_VHALF]
    let chosen: [ChafaSymbolTags] =
      switch symbols {
      case .halfBlocks: blocks
      case .quadrants: blocks + [CHAFA_SYMBOL_TAG_HHALF, CHAFA_SYMBOL_TAG_QUAD]
      case .sextants:
        blocks + [CHAFA_SYMBOL_TAG_HHALF, CHAFA_SYMBOL_TAG_QUAD, CHAFA_SYMBOL_TAG_SEXTANT]
      case .ascii: [CHAFA_SYMBOL_TAG_ASCII]
      }
    return ChafaSymbolTags(rawValue: chosen.reduce(0) { $0 | $1.rawValue })
  }

  private static func mode(for colors: Colors) -> ChafaCanvasMode {
    switch colors {
    case .trueColor: CHAFA_CANVAS_MODE_TRUECOLOR
    // The 240 colours above the 16 a user may have redefined, as our own quantiser does.
    case .palette240: CHAFA_CANVAS_MODE_INDEXED_240
    case .ansi16: CHAFA_CANVAS_MODE_INDEXED_16
    case .none: CHAFA_CANVAS_MODE_FGBG
    }
  }
}
