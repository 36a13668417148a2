import Foundation
import Testing

@testable import TerminalUI

/// Our kitty graphics framing: chunks, keys, payload.
@Suite struct KittyGraphicsTests {
  /// The escape sequences in `bytes`, as (keys, payload) pairs.
  static func commands(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { command in
      #expect(command.hasPrefix("\u{1B}_G"), "\(command.prefix(20))")
      let body = command.dropFirst(3)
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
  }

  func transmit(_ pixels: [UInt8], width: Int, height: Int, id: UInt32 = 7) -> [UInt8] {
    var output: [UInt8] = []
    pixels.withUnsafeBufferPointer {
      KittyGraphics.transmitAndPlace(
        $0, format: .rgb, width: width, height: height, id: id, columns: 8, rows: 3,
        into: &output)
    }
    return output
  }

  @Test func aSmallPictureIsOneCommandWithEveryKey() throws {
    let pixels: [UInt8] = [255, 0, 0, 0, 255, 0]
    let commands = Self.commands(transmit(pixels, width: 2, height: 1))
    try #require(commands.count == 1)
    #expect(commands[0].keys == "a=T,f=24,s=2,v=1,i=7,c=8,r=3,C=1,z=-1,q=2,m=0")
    #expect(commands[0].payload == Data(pixels).base64EncodedString())
  }

  @Test func aLargePictureIsChunkedInWholeBase64GroupsThatDecodeToThePixels() throws {
    let width = 64
    let height = 50
    let pixels = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 5) }
    let commands = Self.commands(transmit(pixels, width: width, height: height))
    // 9600 bytes → 12800 base64 bytes → 4 chunks of at most 4096.
    #expect(commands.count == 4)
    #expect(commands.first?.keys.hasPrefix("a=T,f=24,s=64,v=50,i=7,") == true)
    #expect(commands.dropFirst().allSatisfy { !$0.keys.contains("a=") }, "keys only once")
    #expect(commands.dropLast().allSatisfy { $0.keys.hasSuffix("m=1") })
    #expect(commands.last?.keys == "m=0")
    #expect(commands.allSatisfy { $0.payload.count <= 4096 && $0.payload.count % 4 == 0 })
    let joined = commands.map(\.payload).joined()
    #expect(Data(base64Encoded: joined) == Data(pixels))
  }

  @Test func base64MatchesFoundationForEveryTailLength() {
    for count in 0..<10 {
      let input = (0..<count).map { UInt8($0 * 37 & 255) }
      var output: [UInt8] = []
      input.withUnsafeBufferPointer { Base64.append($0, to: &output) }
      #expect(String(decoding: output, as: UTF8.self) == Data(input).base64EncodedString())
    }
  }

  @Test func deletionsAreQuietAndFreeTheData() {
    #expect(
      String(decoding: KittyGraphics.delete(id: 12), as: UTF8.self)
        == "\u{1B}_Ga=d,d=I,i=12,q=2\u{1B}\\")
  }
}
