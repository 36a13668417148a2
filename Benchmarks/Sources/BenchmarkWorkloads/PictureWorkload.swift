public import DualCamCore
public import TerminalUI

/// The terminal picture renderers on one dual-view picture: our half blocks
/// (`PreviewRenderer`) against libchafa's symbols (`ChafaCellRenderer`), for time per frame
/// and for how close the cells' colours come to the picture.
public final class PictureWorkload {
  /// A renderer and colour depth to compare.
  public enum Case: String, CaseIterable, Sendable {
    case halfBlocksTrueColor = "half blocks (PreviewRenderer), 24-bit"
    case halfBlocks256 = "half blocks (PreviewRenderer), 256"
    case chafaQuadrantsTrueColor = "chafa quadrants, 24-bit"
    case chafaSextantsTrueColor = "chafa sextants, 24-bit"
    case chafaQuadrants256 = "chafa quadrants, 256"
    case chafaQuadrants16 = "chafa quadrants, 16"
    case halfBlocks16 = "half blocks (PreviewRenderer), 16"

    var depth: TerminalCapabilities.ColorDepth {
      switch self {
      case .halfBlocksTrueColor, .chafaQuadrantsTrueColor, .chafaSextantsTrueColor: .trueColor
      case .halfBlocks256, .chafaQuadrants256: .palette256
      case .halfBlocks16, .chafaQuadrants16: .ansi16
      }
    }

    var isChafa: Bool { rawValue.hasPrefix("chafa") }
  }

  /// Cells across and down.
  public let columns: Int
  public let rows: Int
  private let frame: FrameBuffer
  private var buffer: CellBuffer
  private var chafa: [Case: ChafaCellRenderer] = [:]

  /// A workload drawing a synthetic `size` I420 picture into `columns` × `rows` cells.
  public init(size: ImageSize, columns: Int, rows: Int) throws {
    self.columns = columns
    self.rows = rows
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    guard let frame = pool.lease() else {
      throw DualCamError.invalidArgument("no frame for the picture", fix: "")
    }
    self.frame = frame
    buffer = CellBuffer(width: columns, height: rows)
    Self.paint(frame.image)
    for kind in Case.allCases where kind.isChafa {
      chafa[kind] = ChafaCellRenderer(
        capabilities: TerminalCapabilities(colorDepth: kind.depth, unicode: true),
        sextants: kind == .chafaSextantsTrueColor)
    }
  }

  deinit { frame.release() }

  /// Draws the picture once with `kind`.
  public func run(_ kind: Case) {
    if let renderer = chafa[kind] {
      renderer.draw(frame.image, into: &buffer, x: 0, y: 0, columns: columns, rows: rows)
    } else {
      PreviewRenderer.draw(
        frame.image, into: &buffer, x: 0, y: 0, columns: columns, rows: rows,
        method: .halfBlocks, glyphs: .unicode)
    }
  }

  /// Draws with `kind` and returns the cells' mean error against the picture: each cell is
  /// cut into 2 × 6 parts (halves, quadrants and sextants all fall on that grid), each part
  /// shows the foreground or the background its symbol puts there (after the terminal's
  /// palette, in 256 and 16 colours), and the error is the mean absolute difference per
  /// channel (0–255) against the picture averaged over the same part.
  public func fidelity(_ kind: Case) -> (meanError: Double, unknownSymbols: Int) {
    run(kind)
    let reference = PictureFidelity.averaged(frame.image, width: columns * 2, height: rows * 6)
    var total = 0
    var unknown = 0
    for row in 0..<rows {
      for column in 0..<columns {
        let cell = buffer[column, row]
        guard let mask = PictureFidelity.mask(cell.character) else {
          unknown += 1
          continue
        }
        let foreground = shown(cell.foreground, depth: kind.depth)
        let background = shown(cell.background, depth: kind.depth)
        for part in 0..<12 {
          let color = mask & (1 << part) != 0 ? foreground : background
          let x = column * 2 + part % 2
          let y = row * 6 + part / 2
          let offset = (y * columns * 2 + x) * 3
          total += abs(Int(color.0) - Int(reference[offset]))
          total += abs(Int(color.1) - Int(reference[offset + 1]))
          total += abs(Int(color.2) - Int(reference[offset + 2]))
        }
      }
    }
    return (Double(total) / Double((columns * rows - unknown) * 12 * 3), unknown)
  }

  /// The colour the terminal shows for `color` at `depth` (the backend quantises RGB cells).
  private func shown(_ color: TerminalColor, depth: TerminalCapabilities.ColorDepth) -> (
    UInt8, UInt8, UInt8
  ) {
    guard case .rgb(let r, let g, let b) = color else { return (0, 0, 0) }
    let index: Int
    switch depth {
    case .palette256: index = ColorQuantizer.palette256(red: r, green: g, blue: b)
    case .ansi16: index = ColorQuantizer.ansi16(red: r, green: g, blue: b)
    default: return (r, g, b)
    }
    guard case .rgb(let pr, let pg, let pb) = ChafaCellRenderer.paletteColor(index) else {
      return (0, 0, 0)
    }
    return (pr, pg, pb)
  }

  /// A camera-like dual view: smooth gradients, a soft disc, colour bars, fine stripes and
  /// hard edges, so both smooth areas and detail count.
  public static func paint(_ image: ImageView) {
    let width = image.size.width
    let height = image.size.height
    for y in 0..<height {
      let luma = image.plane0.row(y)
      let half = y < height / 2 ? 0 : 1
      let localY = y - half * height / 2
      for x in 0..<width {
        var value = 40 + 150 * x / width + 30 * localY / (height / 2)
        let dx = x - width / 3
        let dy = localY - height / 4
        if dx * dx + dy * dy < (height / 8) * (height / 8) {
          value = 220 - (dx * dx + dy * dy) / 400
        }
        if x > width * 2 / 3, localY % 24 < 12, half == 0 { value = 30 }
        if half == 1, x % 9 < 3, localY > height / 4 { value = 200 }
        luma[x] = UInt8(min(max(value, 16), 235))
      }
    }
    for y in 0..<(height / 2) {
      let u = image.plane1.row(y)
      let v = image.plane2.row(y)
      for x in 0..<(width / 2) {
        let bar = (x * 14 / width) % 7
        let inBars = y % (height / 4) < height / 12
        u[x] = UInt8(inBars ? [90, 200, 60, 160, 128, 100, 220][bar] : 128 + (x % 200) / 5 - 20)
        v[x] = UInt8(inBars ? [200, 80, 60, 180, 128, 220, 100][bar] : 128 + (y % 180) / 6 - 15)
      }
    }
  }
}
