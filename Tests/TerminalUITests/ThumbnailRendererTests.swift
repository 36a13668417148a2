import DualCamCore
import Testing

@testable import TerminalUI

/// Thumbnails drawn with the preview's cell renderer.
@Suite struct ThumbnailRendererTests {
  @Test func drawsAPictureCentredWithHalfBlocks() {
    var buffer = CellBuffer(width: 20, height: 5)
    let rect = ScreenRect(x: 0, y: 0, width: 20, height: 5)
    ThumbnailRenderer.draw(
      GalleryFixtures.picture, in: rect, into: &buffer, method: .halfBlocks, glyphs: .unicode)
    // 16×18 fitted into 20×10 pixels: 9×10, so 9 columns × 5 rows from column 5.
    let fitted = ThumbnailRenderer.fittedCells(
      of: GalleryFixtures.picture.size, columns: 20, rows: 5)
    #expect(fitted.columns == 9 && fitted.rows == 5)
    #expect(buffer[4, 0] == .blank && buffer[14, 0] == .blank)
    #expect(buffer[5, 0] == Cell("▀", foreground: .rgb(220, 40, 40), background: .rgb(220, 40, 40)))
    #expect(buffer[5, 4] == Cell("▀", foreground: .rgb(40, 60, 220), background: .rgb(40, 60, 220)))
    var plain = CellBuffer(width: 20, height: 5)
    ThumbnailRenderer.draw(
      GalleryFixtures.picture, in: rect, into: &plain, method: .characters, glyphs: .ascii)
    // Without Unicode the same cells carry a brightness character in the picture's colour.
    #expect(PreviewRenderer.ramp.contains(plain[5, 0].character))
    #expect(plain[5, 0].foreground == .rgb(220, 40, 40) && plain[4, 0] == .blank)
  }
}
