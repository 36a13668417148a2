import DualCamCore
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Ends a take while its disk still has room to finish it.
///
/// About once a second, on a thread of its own (never on the frame path), it reads the free
/// space of the take's file system and how fast the take is writing. When the free space falls
/// under the reserve it latches `lowSpace`, and the session ends the take: the three files then
/// hold the same frames, are closed normally and the metadata says why. Without it a full disk
/// tears the files mid-fragment, each at a different frame, and hides behind the metadata's own
/// write error.
final class DiskSpaceGuard: Sendable {
  /// What the guard saw when it asked the take to stop.
  struct LowSpace: Sendable, Equatable {
    /// Free bytes on the take's file system.
    var freeBytes: Int64
    /// The reserve it fell under.
    var reserveBytes: Int64
    /// True when a write found the disk full before a check did (another program filled it
    /// within the interval; the take's `TakeSpaceReserve` gave room to finish).
    var foundByWrite = false
  }

  /// Free bytes (for an unprivileged writer) of the file system holding a folder; nil if unknown.
  typealias Probe = @Sendable (URL) -> Int64?

  /// Where the take stands: bytes written so far, and frames decided but not yet in every file
  /// (encoders that lag behind still write those after the stop).
  struct Progress: Sendable {
    var bytesWritten: Int64
    var framesWritten: Int64
    var framesPending: Int64
  }

  /// The least that is kept free: the frames in the queues, the trailers and `metadata.json`.
  static let minimumReserve: Int64 = 32 << 20
  /// Seconds of writing kept free: the time to notice (one check), to drain the queues and the
  /// encoders (more when they lag), and a margin for a writer that briefly writes faster.
  static let secondsOfReserve = 5.0

  private let latched = Locked<LowSpace?>(nil)
  private let stopping = Atomic<Bool>(false)
  private let thread = Locked<WorkerThread?>(nil)

  /// Starts watching `folder`; `progress` says where the take stands.
  init(
    folder: URL, interval: Double = 1, probe: @escaping Probe = DiskSpaceGuard.freeBytes,
    progress: @escaping @Sendable () -> Progress
  ) {
    let worker = WorkerThread(name: "disk-guard") { [self] in
      watch(folder: folder, interval: interval, probe: probe, progress: progress)
    }
    thread.withLock { $0 = worker }
  }

  /// Set once the free space fell under the reserve.
  var lowSpace: LowSpace? { latched.withLock { $0 } }

  /// Stops watching; returns what it latched, if anything.
  @discardableResult
  func stop() -> LowSpace? {
    stopping.store(true, ordering: .releasing)
    let worker = thread.withLock { current in
      defer { current = nil }
      return current
    }
    worker?.join()
    return lowSpace
  }

  /// Free bytes of the file system holding `folder`, as `df` shows them to a user.
  static func freeBytes(_ folder: URL) -> Int64? {
    var info = statvfs()
    guard statvfs(folder.path, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
  }

  /// The reserve for a take writing `bytesPerSecond` that still has `pendingBytes` to write
  /// for frames already decided: `secondsOfReserve` of writing plus that backlog, at least
  /// `minimumReserve`.
  static func reserve(bytesPerSecond: Double, pendingBytes: Int64 = 0) -> Int64 {
    max(minimumReserve, Int64(bytesPerSecond * secondsOfReserve) + pendingBytes)
  }

  // MARK: - Watching

  private func watch(
    folder: URL, interval: Double, probe: Probe, progress: @Sendable () -> Progress
  ) {
    var lastBytes = progress().bytesWritten
    var lastTime = Date()
    var fastest = 0.0
    while !stopping.load(ordering: .acquiring) {
      // Short naps, so that `stop()` returns quickly.
      let wake = Date().addingTimeInterval(interval)
      while Date() < wake && !stopping.load(ordering: .acquiring) {
        Thread.sleep(forTimeInterval: min(0.05, interval))
      }
      let now = Date()
      let current = progress()
      let bytes = current.bytesWritten
      let seconds = now.timeIntervalSince(lastTime)
      if seconds > 0 { fastest = max(fastest, Double(bytes - lastBytes) / seconds) }
      (lastBytes, lastTime) = (bytes, now)
      guard let free = probe(folder) else { continue }
      let perFrame = Double(bytes) / Double(max(1, current.framesWritten))
      let reserve = Self.reserve(
        bytesPerSecond: fastest, pendingBytes: Int64(perFrame * Double(current.framesPending)))
      if free < reserve {
        latched.withLock { $0 = $0 ?? LowSpace(freeBytes: free, reserveBytes: reserve) }
        return
      }
    }
  }
}

extension DiskSpaceGuard.LowSpace {
  /// The problem in words, with what was saved.
  func problem(frames: Int64, seconds: Double) -> String {
    let saved = "\(frames) frames (\(String(format: "%.1f", seconds)) s) were saved"
    if foundByWrite {
      return "the disk is full: another program filled it during the take, which was stopped "
        + "and finished with the room it had set aside; \(saved)"
    }
    return
      "the disk is full: the take was stopped with \(Self.megabytes(freeBytes)) free, to keep room "
      + "to finish its files; \(saved)"
  }

  static func megabytes(_ bytes: Int64) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }
}
