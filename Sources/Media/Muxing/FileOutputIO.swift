internal import CFFmpeg
import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file under a muxer: our own `AVIOContext` whose every write goes through
/// `DescriptorWriter`, instead of libav's `avio_open` and its file protocol.
///
/// libav's file protocol retries `EINTR` but hands a short write back to its caller as it is,
/// and knows nothing of a take's disk reserve. Owning the descriptor lets one loop complete
/// short writes, retry `EINTR`, turn endless zero-byte writes into `EIO`, free reserve space
/// when the disk is full (`WriteHooks.freeSpace`), and lets a test stand in for the kernel
/// (`WriteHooks.fault`), for the video files exactly as for `metadata.json`.
///
/// Ownership: the context's `opaque` holds the one strong reference to this object, taken in
/// `open` and given back by `close`, which frees the context, its buffer and the descriptor.
/// `OutputMuxer` calls `close` from `closeFile` and from its deinit.
final class FileOutputIO {
  /// The open file; -1 once closed.
  private var descriptor: Int32
  private let writer: DescriptorWriter
  /// The context libav writes through.
  private var context: UnsafeMutablePointer<AVIOContext>?

  /// libav's buffer: writes reach the descriptor in blocks of this size (or at a flush).
  static let bufferSize: Int32 = 65536

  private init(descriptor: Int32, hooks: WriteHooks) {
    self.descriptor = descriptor
    self.writer = DescriptorWriter(descriptor: descriptor, hooks: hooks)
  }

  deinit {
    if descriptor >= 0 { Glibc.close(descriptor) }
  }

  /// Creates (or truncates) the file at `url` and returns a context writing to it, or the
  /// errno of the failure. The hooks are those installed for `url` now.
  static func open(_ url: URL) -> Result<UnsafeMutablePointer<AVIOContext>, WriteFailure> {
    let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return .failure(WriteFailure(code: errno)) }
    let file = FileOutputIO(descriptor: descriptor, hooks: WriteHooks.hooks(for: url))
    guard let buffer = av_malloc(Int(bufferSize)) else {
      return .failure(WriteFailure(code: ENOMEM))
    }
    let opaque = Unmanaged.passRetained(file).toOpaque()
    guard
      let context = avio_alloc_context(
        buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 1, opaque, nil,
        { opaque, bytes, count in
          FileOutputIO.from(opaque).writePacket(bytes, count)
        },
        { opaque, offset, whence in
          FileOutputIO.from(opaque).seek(offset, whence)
        })
    else {
      av_free(buffer)
      Unmanaged<FileOutputIO>.fromOpaque(opaque).release()
      return .failure(WriteFailure(code: ENOMEM))
    }
    file.context = context
    return .success(context)
  }

  /// Flushes and closes the file whose context `pb` is, and frees the context; sets `pb` to
  /// nil. Returns the first error (an `AVERROR`): a buffered write that failed, or `close`'s.
  @discardableResult
  static func close(_ pb: inout UnsafeMutablePointer<AVIOContext>?) -> Int32 {
    guard let context = pb else { return 0 }
    pb = nil
    avio_flush(context)
    var result = context.pointee.error
    let file = Unmanaged<FileOutputIO>.fromOpaque(context.pointee.opaque).takeRetainedValue()
    // avio may have replaced the buffer it was given; free the one it holds now.
    av_freep(&context.pointee.buffer)
    var freed: UnsafeMutablePointer<AVIOContext>? = context
    avio_context_free(&freed)
    file.context = nil
    if Glibc.close(file.descriptor) != 0 && errno != EINTR && result >= 0 {
      result = cav_error_from_errno(errno)
    }
    file.descriptor = -1
    return result
  }

  // MARK: - Callbacks

  private static func from(_ opaque: UnsafeMutableRawPointer?) -> FileOutputIO {
    Unmanaged<FileOutputIO>.fromOpaque(opaque!).takeUnretainedValue()
  }

  private func writePacket(_ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int32) -> Int32 {
    guard let bytes, count > 0 else { return 0 }
    do {
      try writer.writeAll(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
      return count
    } catch {
      return cav_error_from_errno(error.code)
    }
  }

  private func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
    if whence & AVSEEK_SIZE != 0 {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return Int64(cav_error_from_errno(errno)) }
      return Int64(status.st_size)
    }
    let position = lseek(descriptor, off_t(offset), whence & ~AVSEEK_FORCE)
    return position < 0 ? Int64(cav_error_from_errno(errno)) : Int64(position)
  }
}
