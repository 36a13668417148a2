public import DualCamCore

/// Draws pictures into cells through libchafa's per-cell API: chafa chooses each cell's symbol
/// (half blocks, quadrants, sextants or ASCII) and colours, and the cells go into our own
/// `CellBuffer`, so ncurses stays the one writer to the screen.
///
/// It keeps one canvas and one sampling buffer and makes new ones only when the size or the
/// method changes, so a frame allocates nothing. One thread uses it at a time (the executor
/// that owns it); it is not `Sendable`.
public final class ChafaCellRenderer {
  /// Picture samples per cell handed to chafa: 4 across and 8 down (square pixels in a cell
  /// twice as tall as wide; enough for sextants' 2×3).
  static let samplesAcross = 4
  static let samplesDown = 8

  private let symbols: ChafaCanvas.Symbols
  private let colors: ChafaCanvas.Colors
  private var canvas: ChafaCanvas?
  private var samples: [UInt8] = []

  /// A renderer for what `capabilities` allow: quadrants where the locale is UTF-8 (or
  /// `symbols` when given), ASCII otherwise, in the terminal's colour depth.
  public convenience init(for capabilities: TerminalCapabilities) {
    self.init(capabilities: capabilities, sextants: false)
  }

  /// A renderer that also uses sextants where the locale is UTF-8 and `sextants` is true (the
  /// font must have Unicode 13's Legacy Computing block).
  public init(capabilities: TerminalCapabilities, sextants: Bool) {
    symbols = capabilities.unicode ? (sextants ? .sextants : .quadrants) : .ascii
    colors =
      switch capabilities.colorDepth {
      case .trueColor: .trueColor
      case .palette256: .palette240
      case .ansi16: .ansi16
      case .monochrome: .none
      }
    ChafaCanvas.useOneThread()
  }

  /// Draws an I420 `image` into `columns` × `rows` cells of `buffer` from (x, y), stretched
  /// like `PreviewRenderer.draw` (the caller fits the proportions).
  public func draw(
    _ image: ImageView, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int
  ) {
    precondition(image.format == .i420, "the preview draws I420 pictures")
    guard columns > 0, rows > 0, image.size.width > 0, image.size.height > 0 else { return }
    let width = columns * Self.samplesAcross
    let height = rows * Self.samplesDown
    let sourceWidth = image.size.width
    let sourceHeight = image.size.height
    prepare(columns: columns, rows: rows, samples: width * height * 3)
    samples.withUnsafeMutableBufferPointer { out in
      var offset = 0
      for row in 0..<height {
        let sourceRow = min(
          (row * sourceHeight + sourceHeight / (2 * height)) / height, sourceHeight - 1)
        for column in 0..<width {
          let sourceColumn = min(column * sourceWidth / width, sourceWidth - 1)
          let pixel = PreviewRenderer.rgb(image, sourceColumn, sourceRow)
          out[offset] = pixel.0
          out[offset + 1] = pixel.1
          out[offset + 2] = pixel.2
          offset += 3
        }
      }
    }
    render(width: width, height: height, bytesPerRow: width * 3, into: &buffer, x: x, y: y)
  }

  /// Draws a packed RGB picture (`size`, 3 bytes a pixel) into `columns` × `rows` cells of
  /// `buffer` from (x, y), stretched; chafa does the scaling.
  public func draw(
    rgb pixels: [UInt8], size: ImageSize, into buffer: inout CellBuffer, x: Int, y: Int,
    columns: Int, rows: Int
  ) {
    guard columns > 0, rows > 0, size.width > 0, size.height > 0,
      pixels.count >= size.width * size.height * 3
    else { return }
    prepare(columns: columns, rows: rows, samples: 0)
    guard let canvas else { return }
    pixels.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      canvas.draw(rgb: base, width: size.width, height: size.height, bytesPerRow: size.width * 3)
    }
    copyCells(into: &buffer, x: x, y: y)
  }

  private func prepare(columns: Int, rows: Int, samples count: Int) {
    if canvas?.columns != columns || canvas?.rows != rows {
      canvas = ChafaCanvas(columns: columns, rows: rows, symbols: symbols, colors: colors)
    }
    if samples.count != count { samples = [UInt8](repeating: 0, count: count) }
  }

  private func render(
    width: Int, height: Int, bytesPerRow: Int, into buffer: inout CellBuffer, x: Int, y: Int
  ) {
    guard let canvas else { return }
    samples.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      canvas.draw(rgb: base, width: width, height: height, bytesPerRow: bytesPerRow)
    }
    copyCells(into: &buffer, x: x, y: y)
  }

  private func copyCells(into buffer: inout CellBuffer, x: Int, y: Int) {
    guard let canvas else { return }
    for row in 0..<canvas.rows {
      for column in 0..<canvas.columns {
        let character = canvas.character(x: column, y: row)
        let colors = canvas.colors(x: column, y: row)
        buffer[x + column, y + row] = Cell(
          character, foreground: color(colors.foreground), background: color(colors.background))
      }
    }
  }

  /// Our colour for chafa's: packed RGB in true colour; palette indices become the palette's
  /// own RGB values, which `ColorQuantizer` maps back to the same index.
  private func color(_ value: Int) -> TerminalColor {
    guard value >= 0 else { return .standard }
    switch colors {
    case .trueColor:
      return Self.packed(value)
    case .palette240, .ansi16:
      return Self.paletteColor(value)
    case .none:
      return .standard
    }
  }

  private static func packed(_ value: Int) -> TerminalColor {
    .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
  }

  /// The RGB value of xterm palette entry `index` (0–255), or of chafa's own indices above it
  /// for the foreground and background it assumes (`ChafaCanvas.assumedForeground`, …);
  /// `.standard` for anything else (transparent).
  public static func paletteColor(_ index: Int) -> TerminalColor {
    switch index {
    case ChafaCanvas.foregroundIndex: return packed(ChafaCanvas.assumedForeground)
    case ChafaCanvas.backgroundIndex: return packed(ChafaCanvas.assumedBackground)
    case 0..<16:
      let color = ColorQuantizer.ansiColors[index]
      return .rgb(UInt8(color.0), UInt8(color.1), UInt8(color.2))
    case 16..<232:
      let cube = index - 16
      let levels = ColorQuantizer.cubeLevels
      return .rgb(
        UInt8(levels[cube / 36]), UInt8(levels[(cube / 6) % 6]), UInt8(levels[cube % 6]))
    case 232..<256:
      let grey = UInt8(8 + 10 * (index - 232))
      return .rgb(grey, grey, grey)
    default:
      return .standard
    }
  }
}
