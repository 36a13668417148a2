import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A 32 MB file kept in each take's folder, given back to the take's own writes when another
/// program fills the disk between two of `DiskSpaceGuard`'s checks.
///
/// The guard stops a take while there is room to finish it, but it looks once a second; a
/// program writing fast can fill the disk in between. Then the first write of the take that
/// finds the disk full (`ENOSPC`) marks the disk full, which stops the take like the guard
/// does, and that write and each later one that finds the disk full frees 4 MB of the reserve
/// and is tried again (`WriteHooks.freeSpace` under `DescriptorWriter`). The queued frames, the
/// trailers and `metadata.json` fit in what the reserve gives back, so the take ends finished
/// at a frame all three files hold. The reserve is removed at the end of every take, and by
/// recovery when a crash left it.
final class TakeSpaceReserve: Sendable {
  /// The reserve's name in the take folder.
  static let fileName = ".space-reserve"
  /// Its size at the start of a take.
  static let size: Int64 = 32 << 20
  /// How much one write that finds the disk full frees.
  static let step: Int64 = 4 << 20

  private struct State: Sendable {
    var descriptor: Int32
    var remaining: Int64
    var diskFullSeen = false
    var released = 0
  }

  private let state: Locked<State>
  private let installation: WriteHooks.Installation
  private let folder: URL

  /// Creates the reserve in `folder` (a new take's folder) and lends it to the writes below
  /// it; nil when the disk has no room for it (the guard alone protects that take).
  init?(in folder: URL, size: Int64 = TakeSpaceReserve.size) {
    let url = folder.appendingPathComponent(Self.fileName)
    let descriptor = open(
      url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    // Real blocks, not a hole: truncating the file later must give space back.
    guard posix_fallocate(descriptor, 0, off_t(size)) == 0 else {
      close(descriptor)
      unlink(url.path)
      return nil
    }
    let state = Locked(State(descriptor: descriptor, remaining: size))
    self.state = state
    self.folder = folder
    installation = WriteHooks.install(
      WriteHooks(freeSpace: { Self.release(state) }), under: folder)
  }

  /// Bytes still held.
  var remainingBytes: Int64 { state.withLock { $0.remaining } }

  /// How many times a full disk took from the reserve.
  var releases: Int { state.withLock { $0.released } }

  /// Set once a write of the take found the disk full: the take must stop.
  var diskFull: DiskSpaceGuard.LowSpace? {
    state.withLock { $0.diskFullSeen }
      ? DiskSpaceGuard.LowSpace(freeBytes: 0, reserveBytes: Self.size, foundByWrite: true) : nil
  }

  /// Gives back up to `step` bytes; true when it did (the write is tried again).
  private static func release(_ state: Locked<State>) -> Bool {
    state.withLock { state in
      state.diskFullSeen = true
      guard state.descriptor >= 0, state.remaining > 0 else { return false }
      let next = max(0, state.remaining - step)
      guard ftruncate(state.descriptor, off_t(next)) == 0 else { return false }
      state.remaining = next
      state.released += 1
      return true
    }
  }

  /// Stops lending and deletes the file. Call before the folder is renamed; safe twice.
  func remove() {
    installation.remove()
    state.withLock { state in
      guard state.descriptor >= 0 else { return }
      close(state.descriptor)
      state.descriptor = -1
      state.remaining = 0
      var status = stat()
      let url = folder.appendingPathComponent(Self.fileName)
      if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(url.path) }
    }
  }

  deinit { remove() }
}
