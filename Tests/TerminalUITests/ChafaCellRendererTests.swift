import Compositor
import DualCamCore
import Testing

@testable import TerminalUI

/// libchafa's cells in our buffer: symbols for what the terminal allows, colours in its depth.
@Suite struct ChafaCellRendererTests {
  let red: (UInt8, UInt8, UInt8) = (220, 20, 20)
  let blue: (UInt8, UInt8, UInt8) = (20, 20, 220)

  /// `columns` × `rows` cells' worth of pixels (8 × 8 a cell), `left` in the left half of each
  /// cell and `right` in the right half.
  func splitPicture(
    columns: Int, rows: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8)
  )
    -> (pixels: [UInt8], size: ImageSize)
  {
    let size = ImageSize(width: columns * 8, height: rows * 8)
    var pixels: [UInt8] = []
    for _ in 0..<size.height {
      for x in 0..<size.width {
        let color = x % 8 < 4 ? left : right
        pixels += [color.0, color.1, color.2]
      }
    }
    return (pixels, size)
  }

  func capabilities(_ depth: TerminalCapabilities.ColorDepth, unicode: Bool = true)
    -> TerminalCapabilities
  {
    TerminalCapabilities(colorDepth: depth, unicode: unicode)
  }

  @Test func quadrantsSplitACellLeftAndRightWhereHalfBlocksCannot() {
    let picture = splitPicture(columns: 3, rows: 2, left: red, right: blue)
    let renderer = ChafaCellRenderer(for: capabilities(.trueColor))
    var cells = CellBuffer(width: 5, height: 4)
    renderer.draw(
      rgb: picture.pixels, size: picture.size, into: &cells, x: 1, y: 1, columns: 3, rows: 2)
    for y in 1...2 {
      for x in 1...3 {
        let cell = cells[x, y]
        #expect(cell.character == "▌" || cell.character == "▐", "\(cell)")
        let colors: Set = [cell.foreground, cell.background]
        #expect(colors == [.rgb(red.0, red.1, red.2), .rgb(blue.0, blue.1, blue.2)], "\(cell)")
      }
    }
    // Only the rectangle is drawn.
    #expect(cells[0, 0] == .blank)
    #expect(cells[4, 3] == .blank)
  }

  @Test func anI420PictureOfOneColourFillsEveryCellWithIt() throws {
    let pool = FramePool(format: .i420, size: ImageSize(width: 64, height: 48), capacity: 1)
    let frame = try #require(pool.lease())
    defer { frame.release() }
    PixelConversion.fill(frame.image, color: YUVColor(y: 235, u: 128, v: 128))
    let renderer = ChafaCellRenderer(for: capabilities(.trueColor))
    var cells = CellBuffer(width: 10, height: 6)
    renderer.draw(frame.image, into: &cells, x: 0, y: 0, columns: 10, rows: 6)
    for y in 0..<6 {
      for x in 0..<10 {
        let cell = cells[x, y]
        let shown = cell.character == " " ? cell.background : cell.foreground
        #expect(shown == .rgb(255, 255, 255), "\(x),\(y): \(cell)")
      }
    }
  }

  @Test func withoutUnicodeEveryCellIsASCII() {
    let picture = splitPicture(columns: 4, rows: 2, left: red, right: (240, 240, 240))
    let renderer = ChafaCellRenderer(for: capabilities(.palette256, unicode: false))
    var cells = CellBuffer(width: 4, height: 2)
    renderer.draw(
      rgb: picture.pixels, size: picture.size, into: &cells, x: 0, y: 0, columns: 4, rows: 2)
    for y in 0..<2 {
      #expect(cells.line(y).unicodeScalars.allSatisfy { $0.isASCII }, "\(cells.line(y))")
    }
  }

  @Test func paletteColoursAreOnesTheQuantiserMapsBackToTheSameIndex() {
    for index in 0..<256 {
      guard case .rgb(let r, let g, let b) = ChafaCellRenderer.paletteColor(index) else {
        Issue.record("no colour for \(index)")
        continue
      }
      if index >= 16 {
        #expect(ColorQuantizer.palette256(red: r, green: g, blue: b) == index)
      } else {
        #expect(ColorQuantizer.ansi16(red: r, green: g, blue: b) == index)
      }
    }
    #expect(ChafaCellRenderer.paletteColor(256) == .standard)
    #expect(ChafaCellRenderer.paletteColor(257) == .rgb(255, 255, 255))
    #expect(ChafaCellRenderer.paletteColor(258) == .rgb(0, 0, 0))
  }

  @Test func inSixteenColoursChafaPicksAnsiColours() {
    let picture = splitPicture(columns: 2, rows: 1, left: (0, 0, 0), right: (255, 255, 255))
    let renderer = ChafaCellRenderer(for: capabilities(.ansi16))
    var cells = CellBuffer(width: 2, height: 1)
    renderer.draw(
      rgb: picture.pixels, size: picture.size, into: &cells, x: 0, y: 0, columns: 2, rows: 1)
    let ansi = Set((0..<16).map { ChafaCellRenderer.paletteColor($0) })
    #expect(ansi.contains(cells[0, 0].foreground), "\(cells[0, 0])")
    #expect(ansi.contains(cells[0, 0].background), "\(cells[0, 0])")
  }
}
