import Compositor
import DualCamCore
import Playback
import Testing

@testable import TerminalUI

/// `[interface] pictures`: which renderer the player uses, and chafa's pictures in its layout.
@Suite struct PictureChoiceTests {
  func capabilities(
    _ depth: TerminalCapabilities.ColorDepth, protocols: PixelProtocols = []
  ) -> TerminalCapabilities {
    TerminalCapabilities(colorDepth: depth, unicode: true, pixelProtocols: protocols)
  }

  @Test func onlyAnExplicitChoiceOutsideSixteenColoursPutsChafaInThePlayer() {
    #expect(!PictureChoice.auto.playerUsesChafa(for: capabilities(.trueColor)))
    #expect(!PictureChoice.blocks.playerUsesChafa(for: capabilities(.trueColor)))
    #expect(PictureChoice.chafa.playerUsesChafa(for: capabilities(.trueColor)))
    #expect(PictureChoice.chafa.playerUsesChafa(for: capabilities(.palette256)))
    #expect(!PictureChoice.chafa.playerUsesChafa(for: capabilities(.ansi16)))
  }

  @Test func pixelsOnlyWhereTheTerminalAnsweredTheQueryAndAsChosen() {
    let kitty = capabilities(.trueColor, protocols: [.kitty])
    let sixel = capabilities(.palette256, protocols: [.sixel])
    let none = capabilities(.trueColor)
    for choice in PictureChoice.allCases {
      #expect(!choice.drawsPixels(for: none, linkKeepsUp: true), "\(choice) without an answer")
    }
    #expect(PictureChoice.auto.drawsPixels(for: kitty, linkKeepsUp: true))
    #expect(PictureChoice.auto.drawsPixels(for: sixel, linkKeepsUp: true))
    #expect(!PictureChoice.auto.drawsPixels(for: sixel, linkKeepsUp: false), "a slow link")
    #expect(PictureChoice.pixels.drawsPixels(for: sixel, linkKeepsUp: false), "asked for")
    #expect(!PictureChoice.blocks.drawsPixels(for: kitty, linkKeepsUp: true))
    #expect(!PictureChoice.chafa.drawsPixels(for: kitty, linkKeepsUp: true))
  }

  @Test func kittyIsPreferredOverSixel() {
    #expect(
      PictureChoice.pixelProtocol(for: capabilities(.trueColor, protocols: [.sixel, .kitty]))
        == .kitty)
    #expect(
      PictureChoice.pixelProtocol(for: capabilities(.trueColor, protocols: [.sixel]))
        == .sixel)
    #expect(PictureChoice.pixelProtocol(for: capabilities(.trueColor)) == nil)
  }

  @Test func sextantsOnlyWhereTheTerminalAnsweredAPixelQuery() {
    #expect(!PictureChoice.sextants(for: capabilities(.trueColor)))
    #expect(PictureChoice.sextants(for: capabilities(.trueColor, protocols: [.sixel])))
  }

  @Test func chafaFillsTheSameCellsAsTheHalfBlocksSideBySide() throws {
    let pool = FramePool(format: .i420, size: ImageSize(width: 64, height: 36), capacity: 2)
    let first = try #require(pool.lease())
    let second = try #require(pool.lease())
    PixelConversion.fill(first.image, color: YUVColor(y: 200, u: 90, v: 200))
    PixelConversion.fill(second.image, color: YUVColor(y: 60, u: 200, v: 90))
    let picture = PlaybackPicture(frame: 1, view: .sideBySide, primary: first, secondary: second)
    defer { picture.release() }
    let area = ScreenRect(x: 0, y: 0, width: 41, height: 12)
    let blocks = PlayerExecutor.draw(picture, fitting: area, method: .halfBlocks, glyphs: .unicode)
    let renderers = (0..<2).map { _ in
      ChafaCellRenderer(capabilities: capabilities(.trueColor), sextants: false)
    }
    let chafa = PlayerExecutor.draw(picture, fitting: area, with: renderers)
    #expect(chafa.width == blocks.width && chafa.height == blocks.height)
    for y in 0..<chafa.height {
      for x in 0..<chafa.width {
        #expect((chafa[x, y] == .blank) == (blocks[x, y] == .blank), "\(x),\(y)")
      }
    }
    // Each side shows its own picture's colour.
    let left = chafa[2, chafa.height / 2]
    let right = chafa[chafa.width - 3, chafa.height / 2]
    #expect(left.background != right.background)
  }
}
