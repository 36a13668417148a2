public import DualCamCore
public import Foundation

/// Makes the still picture a gallery card shows: a frame of a take's dual view.
///
/// The real one decodes a frame about 10 % into the file with libavcodec (wired in by the app,
/// which owns the Encoding module); tests use a stand-in. Called on the thumbnail queue's
/// background thread, never on the interface's.
public protocol ThumbnailMaker: Sendable {
  /// A picture of `video` at `fraction` (0…1) of its length, scaled to fit `bounds`.
  func makeThumbnail(of video: URL, at fraction: Double, fitting bounds: ImageSize)
    throws(DualCamError) -> Thumbnail
}

/// A small RGB picture (8 bits per channel, rows top to bottom, no padding).
public struct Thumbnail: Sendable, Equatable {
  /// Its size in pixels.
  public var size: ImageSize
  /// `size.width × size.height × 3` bytes.
  public var rgb: [UInt8]

  /// A picture; nil when `rgb` does not hold exactly `size`'s pixels.
  public init?(size: ImageSize, rgb: [UInt8]) {
    guard size.width > 0, size.height > 0, rgb.count == size.width * size.height * 3 else {
      return nil
    }
    self.size = size
    self.rgb = rgb
  }

  /// As a binary PPM (`P6`) file: viewable by any image tool, trivially read back.
  public var portablePixmap: Data {
    Data("P6\n\(size.width) \(size.height)\n255\n".utf8) + Data(rgb)
  }

  /// Reads a binary PPM as written by `portablePixmap`; nil for anything else.
  public init?(portablePixmap data: Data) {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var position = 2
    guard bytes.starts(with: Array("P6".utf8)) else { return nil }
    while fields.count < 3, position < bytes.count {
      while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A {
        position += 1
      }
      var value = 0
      var digits = 0
      while position < bytes.count, (0x30...0x39).contains(bytes[position]), digits < 6 {
        value = value * 10 + Int(bytes[position] - 0x30)
        position += 1
        digits += 1
      }
      guard digits > 0 else { return nil }
      fields.append(value)
    }
    guard fields.count == 3, fields[2] == 255, position < bytes.count else { return nil }
    self.init(
      size: ImageSize(width: fields[0], height: fields[1]), rgb: Array(bytes[(position + 1)...]))
  }
}
