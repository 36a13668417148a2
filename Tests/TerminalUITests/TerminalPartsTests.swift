import Compositor
import DualCamCore
import Testing

@testable import TerminalUI

/// The pieces under the screens: capabilities, colours, pacing, the cell buffer, the preview.
@Suite struct TerminalPartsTests {
  func signals(
    colors: Int, rgb: Bool = false, colorTerm: String? = nil, codeset: String = "UTF-8",
    noColor: Bool = false
  ) -> TerminalCapabilities.Signals {
    .init(
      terminfoColors: colors, terminfoDirectColor: rgb, colorTermVariable: colorTerm,
      termVariable: "xterm-256color", localeCodeset: codeset, noColorRequested: noColor)
  }

  @Test func capabilitiesComeFromTerminfoTheEnvironmentAndTheLocale() {
    #expect(
      TerminalCapabilities.detect(from: signals(colors: 1 << 24, rgb: true)).colorDepth
        == .trueColor)
    #expect(
      TerminalCapabilities.detect(from: signals(colors: 256, colorTerm: "truecolor")).colorDepth
        == .palette256)
    #expect(TerminalCapabilities.detect(from: signals(colors: 8)).colorDepth == .ansi16)
    #expect(TerminalCapabilities.detect(from: signals(colors: 0)).colorDepth == .monochrome)
    #expect(
      TerminalCapabilities.detect(from: signals(colors: 256, noColor: true)).colorDepth
        == .monochrome)
    #expect(
      TerminalCapabilities.detect(from: signals(colors: 256, codeset: "ANSI_X3.4-1968")).unicode
        == false)
    #expect(TerminalCapabilities.detect(from: signals(colors: 256, codeset: "utf8")).unicode)
    let capped = TerminalCapabilities.detect(
      from: signals(colors: 1 << 24, rgb: true), override: .ansi16)
    #expect(capped.colorDepth == .ansi16)
    let notRaised = TerminalCapabilities.detect(from: signals(colors: 8), override: .trueColor)
    #expect(notRaised.colorDepth == .ansi16)
    #expect(
      TerminalCapabilities.directColorEntry(for: signals(colors: 256, colorTerm: "truecolor"))
        == "xterm-direct")
    #expect(TerminalCapabilities.directColorEntry(for: signals(colors: 256)) == nil)
  }

  @Test func paletteQuantizationPicksTheNearestEntry() {
    #expect(ColorQuantizer.palette256(red: 0, green: 0, blue: 0) == 16)
    #expect(ColorQuantizer.palette256(red: 255, green: 255, blue: 255) == 231)
    #expect(ColorQuantizer.palette256(red: 255, green: 0, blue: 0) == 196)
    #expect(ColorQuantizer.palette256(red: 128, green: 128, blue: 128) == 244)
    #expect(ColorQuantizer.ansi16(red: 250, green: 10, blue: 10) == 9)
    #expect(ColorQuantizer.ansi16(red: 0, green: 0, blue: 0) == 0)
  }

  @Test func colorPairsAreReusedAndStartOverBeforeRunningOut() {
    var table = ColorPairTable(capacity: 8)
    let red = Cell("x", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0))
    let first = table.pair(for: red, depth: .palette256)
    #expect(table.pair(for: red, depth: .palette256) == first)
    #expect(table.takeDefinitions().map(\.pair) == [first])
    #expect(table.pair(for: Cell("y"), depth: .palette256) == 0, "default colours need no pair")
    table.prepareFrame(cells: 100)
    #expect(table.wasReset)
  }

  @Test func pacerYieldsToRecording() {
    var pacer = PreviewPacer(targetRate: 20, minimumRate: 2)
    pacer.observe(troubleCount: 0, at: 0)
    #expect(pacer.rate == 20)
    pacer.observe(troubleCount: 3, at: 1)
    #expect(pacer.rate == 10)
    pacer.observe(troubleCount: 5, at: 1.1)
    #expect(pacer.rate == 5)
    pacer.observe(troubleCount: 5, at: 2)
    #expect(pacer.rate == 5, "no recovery before things have been calm")
    pacer.observe(troubleCount: 5, at: 4.5)
    #expect(pacer.rate == 6.25)
    var frames = 0
    var fresh = PreviewPacer(targetRate: 20)
    for millisecond in 0..<1000 where fresh.isDue(at: 10 + Double(millisecond) / 1000) {
      frames += 1
    }
    #expect(frames == 20)
  }

  @Test func cellBufferClipsAndTruncates() {
    var buffer = CellBuffer(width: 10, height: 2)
    #expect(buffer.write("hello world", x: 2, y: 0) == 8)
    #expect(buffer.line(0) == "  hello w…")
    buffer.write("x", x: 20, y: 5)
    buffer.write("a\u{0301}b\tc", x: 0, y: 1)
    #expect(buffer.line(1) == "ab c")
  }

  @Test func previewShowsEachCameraInItsRegion() throws {
    let front = try solidFrame(width: 64, height: 36, y: 200)
    let back = try solidFrame(width: 64, height: 36, y: 40)
    let composer = PreviewComposer()
    let size = try #require(
      PreviewComposer.pictureSize(
        fitting: ImageSize(width: 40, height: 40), layout: LayoutSettings(),
        frontSize: front.image.size,
        backSize: back.image.size))
    #expect(size == ImageSize(width: 34, height: 40))
    let picture = try #require(
      composer.compose(
        front: front, back: back, frontSize: front.image.size, backSize: back.image.size,
        settings: LayoutSettings(), size: size))
    var cells = CellBuffer(width: size.width, height: size.height / 2)
    PreviewRenderer.draw(
      picture.image, into: &cells, x: 0, y: 0, columns: cells.width, rows: cells.height,
      method: .characters, glyphs: .ascii)
    #expect(cells.line(2).allSatisfy { $0 == "%" || $0 == "#" || $0 == "@" })
    #expect(cells.line(cells.height - 2).allSatisfy { $0 == "." || $0 == ":" || $0 == " " })
    front.release()
    back.release()
  }

  @Test func halfBlocksCarryTwoPixelsPerCell() throws {
    let frame = try solidFrame(width: 4, height: 4, y: 235)
    var cells = CellBuffer(width: 4, height: 2)
    PreviewRenderer.draw(
      frame.image, into: &cells, x: 0, y: 0, columns: 4, rows: 2, method: .halfBlocks,
      glyphs: .unicode)
    #expect(cells[0, 0].character == "▀")
    #expect(cells[0, 0].foreground == .rgb(255, 255, 255))
    #expect(cells[0, 0].background == .rgb(255, 255, 255))
    frame.release()
  }

  private func solidFrame(width: Int, height: Int, y: UInt8) throws -> FrameBuffer {
    let pool = FramePool(format: .i420, size: ImageSize(width: width, height: height), capacity: 1)
    let frame = try #require(pool.lease())
    PixelConversion.fill(frame.image, color: YUVColor(y: y, u: 128, v: 128))
    return frame
  }

  /// The broken-settings dialog printed the backup's path as one word that ran past the box.
  @Test func dialogTextWrapsLongPathsInsideTheBox() {
    let path =
      "/home/someone/.config/dualcam/" + String(repeating: "deep/", count: 12)
      + "settings.toml.broken-20261124-091500"
    let lines = DialogView.wrap("it was kept as \(path), and the defaults are used", width: 58)
    #expect(lines.allSatisfy { BufferText.columns($0) <= 58 }, "\(lines)")
    #expect(lines.joined().replacingOccurrences(of: " ", with: "").contains(path))
  }
}
