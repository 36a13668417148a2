import Testing

@testable import TerminalUI

/// Real pixels: chafa's sixel and kitty bytes for a picture, placed at a cell.
@Suite struct ChafaPixelEncoderTests {
  /// 16 × 8 pixels of pure red.
  let red: [UInt8] = (0..<(16 * 8 * 3)).map { $0 % 3 == 0 ? 255 : 0 }

  func encode(_ pixelProtocol: PixelProtocols) -> String {
    let encoder = ChafaPixelEncoder(pixelProtocol: pixelProtocol, cellWidth: 10, cellHeight: 20)
    let bytes = red.withUnsafeBufferPointer {
      encoder.encode(rgb: $0.baseAddress!, width: 16, height: 8, columns: 2, rows: 1)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Recorded from libchafa 1.12.4 (Debian 12): a 20 × 18 sixel image (two 10 × 20 cells,
  /// rounded down to whole sixel bands) in red.
  @Test func sixelBytesAreTheRecordedStream() {
    let recorded =
      "\u{1B}P0;1;0q\"1;1;20;18#0;2;100;0;0#1;2;93;93;93#2;2;100;0;0#3;2;100;0;0"
      + "#0!20?$#3!20~-#0!20?$#3!20~-#0!20?$#3!20~-\u{1B}\\"
    #expect(encode(.sixel) == recorded)
  }

  /// kitty: a 20 × 20 RGBA image shown over 2 × 1 cells, sent in chunks (`m=1` … `m=0`).
  @Test func kittyBytesAnnounceTheImageAndItsCells() {
    let text = encode(.kitty)
    #expect(text.hasPrefix("\u{1B}_Ga=T,f=32,s=20,v=20,c=2,r=1,m=1\u{1B}\\"), "\(text.prefix(60))")
    #expect(text.contains("\u{1B}_Gm=0"))
    // Red, opaque pixels: FF 00 00 FF in base64 starts "/wAA/".
    #expect(text.contains(";/wAA/"))
  }

  @Test func placementSavesMovesAndRestoresTheCursor() {
    let sixel = PixelPlacement.bytes(Array("S".utf8), x: 4, y: 2, pixelProtocol: .sixel)
    #expect(String(decoding: sixel, as: UTF8.self) == "\u{1B}7\u{1B}[3;5HS\u{1B}8")
    let kitty = PixelPlacement.bytes(Array("K".utf8), x: 0, y: 0, pixelProtocol: .kitty)
    #expect(
      String(decoding: kitty, as: UTF8.self)
        == "\u{1B}7\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[1;1HK\u{1B}8")
  }
}
