public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one loop every write of a take goes through: the video files (under `FileOutputIO`),
/// `metadata.json`, `settings.toml`, the gallery's notes and the Trash's info files.
///
/// `write(2)` may store fewer bytes than asked (a signal arrived mid-write, a pipe or a network
/// file system), fail with `EINTR` before storing any, or, on a broken device, return 0 again
/// and again. This loop completes short writes, retries `EINTR`, and turns a write that keeps
/// storing nothing into `EIO` instead of spinning. A write that finds the disk full asks the
/// hooks to free room (a take's reserve) and tries again while they do. `WriteHooks.fault`
/// stands in for the kernel in tests.
public struct DescriptorWriter: Sendable {
  /// The descriptor written to; the writer does not own it.
  public let descriptor: Int32
  /// The hooks in force for this descriptor's file.
  public let hooks: WriteHooks

  /// How many writes in a row may store nothing before the write fails with `EIO`.
  public static let zeroWriteLimit = 3

  /// A writer for `descriptor`, with `hooks` (usually `WriteHooks.hooks(for:)` of its file).
  public init(descriptor: Int32, hooks: WriteHooks = WriteHooks()) {
    self.descriptor = descriptor
    self.hooks = hooks
  }

  /// Writes every byte of `bytes` at the descriptor's position.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
    guard var next = bytes.baseAddress, !bytes.isEmpty else { return }
    var remaining = bytes.count
    var zeroWrites = 0
    while remaining > 0 {
      let count = writeOnce(next, remaining)
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == ENOSPC || code == EDQUOT, let freeSpace = hooks.freeSpace, freeSpace() {
          continue
        }
        throw WriteFailure(code: code)
      }
      if count == 0 {
        zeroWrites += 1
        if zeroWrites >= Self.zeroWriteLimit { throw WriteFailure(code: EIO) }
        continue
      }
      zeroWrites = 0
      next += count
      remaining -= count
    }
  }

  /// Writes every byte of `data`.
  public func writeAll(_ data: Data) throws(WriteFailure) {
    let failure = data.withUnsafeBytes { bytes -> WriteFailure? in
      do throws(WriteFailure) {
        try writeAll(bytes)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// One `write(2)`, or what the fault hook makes of it; sets `errno` on failure.
  private func writeOnce(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    switch hooks.fault?(count) {
    case nil:
      return write(descriptor, bytes, count)
    case .short(let allowed):
      let part = min(max(0, allowed), count)
      return part == 0 ? 0 : write(descriptor, bytes, part)
    case .fail(let code):
      errno = code
      return -1
    }
  }
}

/// A write that failed, with the errno that ended it.
public struct WriteFailure: Error, Equatable, Sendable {
  /// The errno (`ENOSPC`, `EIO`, …).
  public let code: Int32

  /// Wraps errno `code`.
  public init(code: Int32) { self.code = code }

  /// True when the disk (or the user's quota) is full.
  public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

  /// The system's words for the errno.
  public var reason: String { String(cString: strerror(code)) }
}
