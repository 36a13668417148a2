import Testing

@testable import TerminalUI

/// Real pixels: chafa's sixel and kitty bytes for a picture.
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

  /// A 20 × 18 sixel image (two 10 × 20 cells, rounded down to whole six-pixel bands), every
  /// band painted in full with a red colour register. libchafa may choose any of several equal
  /// registers for a band (it did differently in debug and release builds), so the picture is
  /// checked, not the bytes.
  @Test func sixelPaintsEveryBandRed() throws {
    let text = encode(.sixel)
    #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;20;18"), "\(text.prefix(30))")
    #expect(text.hasSuffix("\u{1B}\\"))
    let body = text.dropFirst("\u{1B}P0;1;0q\"1;1;20;18".count).dropLast(2)
    var registers: [Substring: Substring] = [:]
    var redBands = 0
    for band in body.split(separator: "-") {
      var current: Substring = ""
      var painted = false
      for command in band.split(separator: "#") {
        let fields = command.split(separator: ";", maxSplits: 2)
        if fields.count == 3, fields[1] == "2" {
          registers[fields[0]] = fields[2]  // a colour definition: #n;2;r;g;b
          continue
        }
        current = command.prefix { $0.isNumber }
        if command.dropFirst(current.count).hasPrefix("!20~") {
          painted = registers[current] == "100;0;0" || painted
        }
      }
      if painted { redBands += 1 }
    }
    #expect(redBands == 3, "\(text.debugDescription)")
  }

  /// kitty: a 20 × 20 RGBA image shown over 2 × 1 cells, sent in chunks (`m=1` … `m=0`).
  @Test func kittyBytesAnnounceTheImageAndItsCells() {
    let text = encode(.kitty)
    #expect(text.hasPrefix("\u{1B}_Ga=T,f=32,s=20,v=20,c=2,r=1,m=1\u{1B}\\"), "\(text.prefix(60))")
    #expect(text.contains("\u{1B}_Gm=0"))
    // Red, opaque pixels: FF 00 00 FF in base64 starts "/wAA/".
    #expect(text.contains(";/wAA/"))
  }
}
