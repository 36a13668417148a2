import CChafa

/// Turns a picture into real pixels for a terminal that speaks a pixel protocol: chafa's sixel
/// or kitty graphics output, sized to a rectangle of cells, as bytes for `PixelPlacement` to
/// place. It owns chafa's canvas configuration, canvas and terminal description and frees them
/// when it goes; one thread uses it at a time, so it is not `Sendable`.
///
/// `PixelWriter` uses its sixel output; kitty pictures use our own framing (`KittyGraphics`),
/// which sends a new image id per frame instead of chafa's fixed one.
public final class ChafaPixelEncoder {
  /// The protocol the bytes speak (one of them, not a set).
  public let pixelProtocol: PixelProtocols
  private let termInfo: OpaquePointer
  private var canvas: (columns: Int, rows: Int, config: OpaquePointer, canvas: OpaquePointer)?
  /// The pixels of a cell the encoder was made for.
  public let cellWidth: Int
  /// Likewise, in height.
  public let cellHeight: Int

  /// An encoder for `pixelProtocol` (`.kitty` or `.sixel`) on a terminal whose cells are
  /// `cellWidth` × `cellHeight` pixels (from `TIOCGWINSZ`; kitty scales to the cells anyway).
  public init(pixelProtocol: PixelProtocols, cellWidth: Int = 10, cellHeight: Int = 20) {
    precondition(pixelProtocol == .kitty || pixelProtocol == .sixel, "one pixel protocol")
    self.pixelProtocol = pixelProtocol
    self.cellWidth = max(cellWidth, 1)
    self.cellHeight = max(cellHeight, 1)
    // The fallback description knows every sequence chafa can write; which one is used is
    // decided by the query (`GraphicsQuery`), not by a terminal name.
    termInfo = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
    // One thread, as for the symbols: the cameras and encoders need the other cores more.
    ChafaCanvas.useOneThread()
  }

  deinit {
    releaseCanvas()
    chafa_term_info_unref(termInfo)
  }

  /// The bytes that draw a packed RGB picture (`width` × `height`, 3 bytes a pixel) over
  /// `columns` × `rows` cells, starting at the cursor.
  public func encode(
    rgb pixels: UnsafePointer<UInt8>, width: Int, height: Int, columns: Int, rows: Int
  ) -> [UInt8] {
    guard columns > 0, rows > 0, width > 0, height > 0 else { return [] }
    let canvas = prepare(columns: columns, rows: rows)
    chafa_canvas_draw_all_pixels(
      canvas, CHAFA_PIXEL_RGB8, pixels, Int32(width), Int32(height), Int32(width * 3))
    guard let printed = chafa_canvas_print(canvas, termInfo) else { return [] }
    defer { g_string_free(printed, 1) }
    let length = Int(printed.pointee.len)
    return printed.pointee.str.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  private func prepare(columns: Int, rows: Int) -> OpaquePointer {
    if let canvas, canvas.columns == columns, canvas.rows == rows { return canvas.canvas }
    releaseCanvas()
    let config = chafa_canvas_config_new()!
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_cell_geometry(config, Int32(cellWidth), Int32(cellHeight))
    chafa_canvas_config_set_pixel_mode(
      config, pixelProtocol == .kitty ? CHAFA_PIXEL_MODE_KITTY : CHAFA_PIXEL_MODE_SIXELS)
    let made = chafa_canvas_new(config)!
    canvas = (columns, rows, config, made)
    return made
  }

  private func releaseCanvas() {
    guard let canvas else { return }
    chafa_canvas_unref(canvas.canvas)
    chafa_canvas_config_unref(canvas.config)
    self.canvas = nil
  }
}
