import Foundation

/// Reads box headers (size and type) of an ISO base media file (MOV/MP4) without libav.
///
/// Used to tell a fragmented file from an ordinary one by looking only at a few headers, so the
/// check stays cheap even on a file of many gigabytes.
final class ISOBoxReader {
  /// One box: its type and where it starts and ends in the file.
  struct Box {
    var type: String
    var offset: Int64
    var payloadOffset: Int64
    var end: Int64
  }

  private let descriptor: Int32
  private let fileSize: Int64

  /// Opens `url` for reading; nil when it cannot be read.
  init?(url: URL) {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    self.fileSize = Int64(status.st_size)
  }

  deinit { close(descriptor) }

  /// The box whose header starts at `offset`, or nil at the end of the file or on garbage.
  func header(at offset: Int64) -> Box? {
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, 16, off_t(offset))
    }
    guard count >= 8 else { return nil }
    var size = Int64(bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    var headerSize: Int64 = 8
    if size == 1 {
      guard count == 16 else { return nil }
      size = Int64(bitPattern: bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
      headerSize = 16
    } else if size == 0 {
      size = fileSize - offset  // the box runs to the end of the file
    }
    let typeBytes = bytes[4..<8]
    guard size >= headerSize, typeBytes.allSatisfy({ $0 >= 32 && $0 < 127 }) else { return nil }
    return Box(
      type: String(decoding: typeBytes, as: UTF8.self), offset: offset,
      payloadOffset: offset + headerSize, end: min(offset + size, fileSize))
  }
}
