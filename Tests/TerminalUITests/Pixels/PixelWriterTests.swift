import DualCamCore
import Testing

@testable import TerminalUI

/// The pixel writer: which pictures it writes, where, in what order, and when it holds back.
@Suite struct PixelWriterTests {
  /// What the writer wrote, one entry per write.
  final class Sink {
    var writes: [String] = []
  }

  let clock = ManualClock()
  let sink = Sink()

  func writer(_ pixelProtocol: PixelProtocols) -> PixelWriter {
    let sink = sink
    return PixelWriter(
      pixelProtocol: pixelProtocol, cellSize: (8, 16), clock: clock,
      output: { sink.writes.append(String(decoding: $0, as: UTF8.self)) })
  }

  func image(_ value: UInt8, width: Int = 4, height: Int = 4) -> PixelImage {
    PixelImage(
      size: ImageSize(width: width, height: height),
      rgb: [UInt8](repeating: value, count: width * height * 3))!
  }

  func area(_ image: PixelImage, x: Int = 2, y: Int = 1, width: Int = 6, height: Int = 3)
    -> PictureArea
  {
    PictureArea(rect: ScreenRect(x: x, y: y, width: width, height: height), image: image)
  }

  /// The kitty image ids placed (`a=T`) and deleted (`a=d`) in a write, in order.
  static func kittyEvents(_ text: String) -> [String] {
    text.components(separatedBy: "\u{1B}_G").dropFirst().compactMap { command in
      let keys = command.prefix { $0 != ";" && $0 != "\u{1B}" }.split(separator: ",")
      guard let id = keys.first(where: { $0.hasPrefix("i=") }) else { return nil }
      if keys.contains("a=T") { return "place \(id.dropFirst(2))" }
      if keys.contains("a=d") { return "delete \(id.dropFirst(2))" }
      return nil
    }
  }

  @Test func kittyPlacesAtTheCellAndSendsEachFrameUnderANewIdDeletingTheOldAfter() {
    let writer = writer(.kitty)
    #expect(writer.write([area(image(10))], screenHeight: 24) == 1)
    let first = sink.writes[0]
    #expect(first.hasPrefix("\u{1B}7\u{1B}[2;3H\u{1B}_Ga=T,f=24,s=4,v=4,i=1,c=6,r=3,"))
    #expect(first.hasSuffix("\u{1B}8"))
    clock.advance(by: 100_000_000)
    writer.write([area(image(20))], screenHeight: 24)
    #expect(Self.kittyEvents(sink.writes[1]) == ["place 2", "delete 1"])
    clock.advance(by: 100_000_000)
    writer.write([area(image(30))], screenHeight: 24)
    #expect(Self.kittyEvents(sink.writes[2]) == ["place 3", "delete 2"])
  }

  @Test func anUnchangedPictureIsNotWrittenAgain() {
    let writer = writer(.kitty)
    let same = area(image(10))
    writer.write([same], screenHeight: 24)
    clock.advance(by: 100_000_000)
    #expect(writer.write([same], screenHeight: 24) == 0)
    #expect(sink.writes.count == 1)
  }

  @Test func aPictureThatWentIsDeletedForKittyAndRepaintedForSixel() {
    let kitty = writer(.kitty)
    kitty.write([area(image(10))], screenHeight: 24)
    kitty.write([], screenHeight: 24)
    #expect(Self.kittyEvents(sink.writes[1]) == ["delete 1"])

    let sixel = writer(.sixel)
    let shown = area(image(10), x: 1, y: 2, width: 5, height: 2)
    sixel.write([shown], screenHeight: 24)
    #expect(sixel.vanishedSixelAreas(keeping: [shown]).isEmpty)
    #expect(sixel.vanishedSixelAreas(keeping: []) == [shown.rect])
    sixel.write([], screenHeight: 24)
    #expect(sixel.vanishedSixelAreas(keeping: []).isEmpty, "forgotten once repainted")
  }

  @Test func sixelGoesThroughChafaAtTheCell() throws {
    let writer = writer(.sixel)
    writer.write([area(image(200), x: 0, y: 3, width: 4, height: 2)], screenHeight: 24)
    let text = try #require(sink.writes.first)
    // Four 8 × 16 cells across, two down: 32 × 30 (whole six-pixel bands).
    #expect(text.hasPrefix("\u{1B}7\u{1B}[4;1H\u{1B}P0;1;0q\"1;1;32;30"), "\(text.prefix(40))")
    #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
  }

  @Test func aPictureOnTheBottomRowIsLeftToTheHalfBlocks() {
    let writer = writer(.sixel)
    #expect(writer.write([area(image(1), y: 21, height: 3)], screenHeight: 24) == 0)
    #expect(sink.writes.isEmpty)
  }

  @Test func aPictureThatIsNotDueWaitsAndTheNewestGoesLater() {
    let writer = writer(.kitty)
    writer.write([area(image(1))], screenHeight: 24)
    // Within the 30-a-second period: held back, the old picture stays.
    #expect(writer.write([area(image(2))], screenHeight: 24) == 0)
    #expect(sink.writes.count == 1)
    clock.advance(by: 40_000_000)
    let newest = image(3)
    #expect(writer.write([area(newest)], screenHeight: 24) == 1)
    #expect(sink.writes[1].contains("s=4,v=4,i=2,"))
  }

  @Test func severalPicturesGoInOneWrite() {
    let writer = writer(.kitty)
    let written = writer.write(
      [area(image(1), x: 0), area(image(2), x: 10), area(image(3), x: 20)], screenHeight: 24)
    #expect(written == 3)
    #expect(sink.writes.count == 1)
    #expect(Self.kittyEvents(sink.writes[0]) == ["place 1", "place 2", "place 3"])
  }

  @Test func resetDeletesEveryKittyImage() {
    let writer = writer(.kitty)
    let shown = area(image(1))
    writer.write([shown], screenHeight: 24)
    writer.reset()
    #expect(sink.writes.last == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    clock.advance(by: 100_000_000)
    #expect(writer.write([shown], screenHeight: 24) == 1, "written again on the cleared screen")
  }

  @Test func pictureSizeIsTheCellsPixelsCappedAndEven() {
    let writer = writer(.sixel)
    #expect(writer.pictureSize(columns: 10, rows: 5) == ImageSize(width: 80, height: 80))
    let large = writer.pictureSize(columns: 200, rows: 60)
    #expect(large.width * large.height <= PixelWriter.maximumPixels)
    #expect(large.width % 2 == 0 && large.height % 2 == 0)
    #expect(abs(Double(large.width) / Double(large.height) - 1600.0 / 960.0) < 0.02)
  }
}
