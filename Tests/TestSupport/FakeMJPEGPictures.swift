public import DualCamCore
import Encoding
public import Foundation

/// JPEG pictures such as an MJPEG camera sends, made with libavcodec, for a fake kernel to
/// serve: each a different colour with a `FrameStamp` naming its source and number, so that a
/// test can tell from any output which picture landed where.
public enum FakeMJPEGPictures {
  /// `count` pictures of `size` from source `sourceID`; picture `n` carries frame number `n`.
  public static func make(count: Int, size: ImageSize, sourceID: UInt8) throws -> [Data] {
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    defer { frame.release() }
    return try (0..<count).map { number in
      frame.image.fill(plane: 0, with: UInt8(60 + (number * 7) % 120))
      frame.image.fill(plane: 1, with: UInt8(100 + Int(sourceID) * 40))
      frame.image.fill(plane: 2, with: UInt8(160 - (number * 3) % 60))
      FrameStamp(sourceID: sourceID, frameNumber: UInt32(number), captureMicroseconds: 0)
        .draw(into: frame.image)
      return try JPEGStillEncoder.encode(frame.image)
    }
  }
}

extension FakeV4L2Kernel {
  /// Fills the next queued buffer with `picture` (a whole JPEG); false when none was queued.
  @discardableResult
  public func emitPicture(_ picture: Data, timestampNanoseconds: Int64) -> Bool {
    emitFrame(timestampNanoseconds: timestampNanoseconds) { bytes in
      picture.withUnsafeBytes { bytes.copyMemory(from: $0) }
      return picture.count
    }
  }
}
