import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a file inside a take being recorded.
///
/// The kernel drops the lock when the recorder exits for any reason, SIGKILL and power loss
/// included, so a `.partial` folder whose lock is free was interrupted and can be recovered,
/// while one whose lock is held belongs to a recorder that is still running.
final class TakeLock: Sendable {
  /// The lock file's name inside the take folder.
  static let fileName = ".recording.lock"

  /// The open lock file, -1 once released.
  private let descriptor: Locked<Int32>
  private let path: String

  /// Creates the lock file in `folder` and takes the lock; nil if another process holds it.
  init?(in folder: URL) {
    path = folder.appendingPathComponent(Self.fileName).path
    let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    let note = "dualcam pid \(getpid())\n"
    _ = note.withCString { write(descriptor, $0, strlen($0)) }
    self.descriptor = Locked(descriptor)
  }

  /// True when a running process holds the lock of the take in `folder`.
  ///
  /// Never blocks: a FIFO, device or symlink put where the lock file belongs is opened without
  /// waiting and without following, and counts as no lock (no recorder makes one).
  static func isHeld(in folder: URL) -> Bool {
    let descriptor = open(
      folder.appendingPathComponent(fileName).path,
      O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    return true
  }

  /// Removes the lock file and releases the lock (the take is finished or given up).
  func release() {
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      unlink(path)
      close(descriptor)
      descriptor = -1
    }
  }

  deinit { release() }
}
