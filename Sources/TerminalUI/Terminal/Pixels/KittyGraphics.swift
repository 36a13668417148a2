/// Our own framing of kitty's graphics protocol: pictures sent as chunked base64 RGB (`a=T`,
/// `f=24`) or RGBA (`f=32`), placed at the cursor over a rectangle of cells, quietly (`q=2`:
/// no replies that would arrive as keys).
///
/// Each frame goes under a new image id and the old image is deleted only after the new one is
/// placed: re-sending an id makes kitty blank the image until the last chunk has arrived, which
/// flickers on every frame.
public enum KittyGraphics {
  /// Pixel layouts kitty takes.
  public enum Format: Int, Sendable {
    /// 3 bytes a pixel.
    case rgb = 24
    /// 4 bytes a pixel.
    case rgba = 32

    /// Bytes a pixel.
    public var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
  }

  /// The most base64 bytes in one escape sequence, as the protocol allows.
  public static let chunkSize = 4096

  /// Appends to `output` the escape sequences that send `pixels` (`width` × `height` in
  /// `format`) as image `id` and place it at the cursor, stretched over `columns` × `rows`
  /// cells, at `zIndex` (negative: under the text), without moving the cursor.
  public static func transmitAndPlace(
    _ pixels: UnsafeBufferPointer<UInt8>, format: Format, width: Int, height: Int, id: UInt32,
    columns: Int, rows: Int, zIndex: Int = -1, into output: inout [UInt8]
  ) {
    precondition(pixels.count == width * height * format.bytesPerPixel, "whole pixels")
    let encodedCount = (pixels.count + 2) / 3 * 4
    output.reserveCapacity(
      output.count + encodedCount + (encodedCount / chunkSize + 1) * 16 + 96)
    // Whole base64 groups per chunk: 3072 input bytes make 4096 output bytes.
    let inputPerChunk = chunkSize / 4 * 3
    var start = 0
    var first = true
    repeat {
      let end = min(start + inputPerChunk, pixels.count)
      let more = end < pixels.count
      append("\u{1B}_G", to: &output)
      if first {
        append(
          "a=T,f=\(format.rawValue),s=\(width),v=\(height),i=\(id),c=\(columns),r=\(rows),"
            + "C=1,z=\(zIndex),q=2,", to: &output)
        first = false
      }
      append(more ? "m=1;" : "m=0;", to: &output)
      Base64.append(UnsafeBufferPointer(rebasing: pixels[start..<end]), to: &output)
      append("\u{1B}\\", to: &output)
      start = end
    } while start < pixels.count
  }

  /// The sequence that deletes image `id` with its data (`d=I`), quietly.
  public static func delete(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  /// The sequence that deletes every image on the screen, with its data.
  public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

  private static func append(_ text: String, to output: inout [UInt8]) {
    output.append(contentsOf: text.utf8)
  }
}

/// Standard base64 with padding, appended to a byte array (kitty's payload encoding). The
/// array grows once and is written through a pointer: appending byte by byte cost as much as
/// the rest of a frame.
enum Base64 {
  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func append(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let count = input.count
    guard count > 0, let source = input.baseAddress else { return }
    let start = output.count
    let encoded = (count + 2) / 3 * 4
    output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: encoded))
    alphabet.withUnsafeBufferPointer { table in
      output.withUnsafeMutableBufferPointer { buffer in
        let out = buffer.baseAddress! + start
        var index = 0
        var written = 0
        while index + 3 <= count {
          let value =
            UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8
            | UInt32(source[index + 2])
          out[written] = table[Int(value >> 18 & 63)]
          out[written + 1] = table[Int(value >> 12 & 63)]
          out[written + 2] = table[Int(value >> 6 & 63)]
          out[written + 3] = table[Int(value & 63)]
          index += 3
          written += 4
        }
        // One or two bytes left: two or three characters, the padding already in place.
        let left = count - index
        guard left > 0 else { return }
        let value =
          UInt32(source[index]) << 16 | (left == 2 ? UInt32(source[index + 1]) << 8 : 0)
        out[written] = table[Int(value >> 18 & 63)]
        out[written + 1] = table[Int(value >> 12 & 63)]
        if left == 2 { out[written + 2] = table[Int(value >> 6 & 63)] }
      }
    }
  }
}
