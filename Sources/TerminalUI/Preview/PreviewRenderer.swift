public import DualCamCore

/// Draws an I420 picture into cells, with the best method the terminal has.
public enum PreviewRenderer {
  /// How a picture becomes cells.
  public enum Method: String, Sendable, Equatable {
    /// `▀` with the upper pixel as foreground and the lower as background: two square pixels
    /// per cell, in 24-bit or palette colours.
    case halfBlocks = "half-blocks"
    /// One coloured blank per cell (colour, but no Unicode).
    case colorCells = "colour cells"
    /// Characters by brightness (` .:-=+*#%@`), coloured where the terminal has any colour.
    case characters = "characters"

    /// The best method for `capabilities`.
    public init(for capabilities: TerminalCapabilities) {
      switch (capabilities.colorDepth, capabilities.unicode) {
      case (.trueColor, true), (.palette256, true): self = .halfBlocks
      case (.trueColor, false), (.palette256, false): self = .colorCells
      default: self = .characters
      }
    }

    /// Picture pixels per cell, vertically.
    public var pixelsPerCellRow: Int { self == .halfBlocks ? 2 : 1 }
  }

  /// The brightness ramp of the character method, dark to light.
  static let ramp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

  /// Draws `image` into `columns` × `rows` cells of `buffer` from (x, y). Each cell covers two
  /// picture rows (a cell is about twice as tall as wide): half blocks show both, the other
  /// methods their average. A picture of exactly `columns` × 2·`rows` pixels maps one to one;
  /// any other size is sampled (nearest pixel), as playback of a recorded file needs.
  public static func draw(
    _ image: ImageView, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int,
    method: Method, glyphs: Glyphs
  ) {
    precondition(image.format == .i420, "the preview draws I420 pictures")
    guard columns > 0, rows > 0 else { return }
    let width = image.size.width
    let height = image.size.height
    for row in 0..<rows {
      let upperRow = min(row * 2 * height / (rows * 2), height - 1)
      let lowerRow = min((row * 2 + 1) * height / (rows * 2), height - 1)
      for column in 0..<columns {
        let pixel = min(column * width / columns, width - 1)
        let upper = rgb(image, pixel, upperRow)
        let lower = rgb(image, pixel, lowerRow)
        let cell = Self.cell(upper: upper, lower: lower, method: method, glyphs: glyphs)
        buffer[x + column, y + row] = cell
      }
    }
  }

  /// The cell showing two vertically adjacent pixels with `method`.
  static func cell(
    upper: (UInt8, UInt8, UInt8), lower: (UInt8, UInt8, UInt8), method: Method, glyphs: Glyphs
  ) -> Cell {
    switch method {
    case .halfBlocks:
      return Cell(
        glyphs.upperHalfBlock ?? " ", foreground: .rgb(upper.0, upper.1, upper.2),
        background: .rgb(lower.0, lower.1, lower.2))
    case .colorCells:
      let mean = average(upper, lower)
      return Cell(" ", background: .rgb(mean.0, mean.1, mean.2))
    case .characters:
      let mean = average(upper, lower)
      let luma = (Int(mean.0) * 77 + Int(mean.1) * 150 + Int(mean.2) * 29) >> 8
      return Cell(ramp[luma * ramp.count / 256], foreground: .rgb(mean.0, mean.1, mean.2))
    }
  }

  /// The RGB colour of pixel (x, y), BT.601 limited range as the cameras and encoders use.
  public static func rgb(_ image: ImageView, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
    let luma = Int(image.plane0.row(y)[x])
    let u = Int(image.plane1.row(y / 2)[x / 2]) - 128
    let v = Int(image.plane2.row(y / 2)[x / 2]) - 128
    let c = (luma - 16) * 298
    func clamp(_ value: Int) -> UInt8 { UInt8(min(max((value + 128) >> 8, 0), 255)) }
    return (clamp(c + 409 * v), clamp(c - 100 * u - 208 * v), clamp(c + 516 * u))
  }

  private static func average(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> (
    UInt8, UInt8, UInt8
  ) {
    (
      UInt8((Int(a.0) + Int(b.0)) / 2), UInt8((Int(a.1) + Int(b.1)) / 2),
      UInt8((Int(a.2) + Int(b.2)) / 2)
    )
  }
}
