import Foundation

/// The processor-time clock of one thread of this process, readable from any thread: what the
/// budget weighs an encoder's slice threads by, which libx264 starts and names nothing of ours.
///
/// Linux names a thread's clock after its id (`MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)` in
/// the kernel's `posix-timers.h`: `(~tid << 3) | 6`); the ids are the entries of
/// `/proc/self/task`.
public struct ThreadCPUClock: Sendable, Hashable {
  /// The thread's id.
  public let threadID: Int32

  /// The clock of thread `threadID`.
  public init(threadID: Int32) {
    self.threadID = threadID
  }

  /// The calling thread's clock.
  /// (`/proc/thread-self` links to `/proc/PID/task/TID`: Swift's Glibc has neither `gettid()`
  /// nor `SYS_gettid`.) Not for the per-frame path: it reads a link.
  public static var current: ThreadCPUClock {
    let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    let id = link.flatMap { $0.split(separator: "/").last }.flatMap { Int32($0) }
    return ThreadCPUClock(threadID: id ?? -1)
  }

  /// Processor seconds the calling thread has run: cheaper than `current.seconds`, for a
  /// thread timing its own work.
  public static func currentThreadSeconds() -> Double {
    read(CLOCK_THREAD_CPUTIME_ID) ?? 0
  }

  /// Processor seconds the thread has run; nil once it has ended.
  public var seconds: Double? {
    Self.read(((~threadID) << 3) | 6)
  }

  /// The thread's name (`/proc/self/task/ID/comm`); nil once it has ended.
  public var name: String? {
    guard let data = FileManager.default.contents(atPath: "/proc/self/task/\(threadID)/comm")
    else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  /// The clocks of every thread of this process now.
  public static func all() -> [ThreadCPUClock] {
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return ids.compactMap { Int32($0) }.map { ThreadCPUClock(threadID: $0) }
  }

  private static func read(_ clock: clockid_t) -> Double? {
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return nil }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// The threads a piece of code starts, such as an encoder's slice threads: the threads of the
/// process after it that were not there before, and that carry the calling thread's name (a
/// new thread takes its creator's), so that a thread another part of the process started
/// meanwhile is not mistaken for one of them.
public struct StartedThreads: Sendable {
  private let before: Set<Int32>
  private let name: String?

  /// Takes the census before the code runs; call on the thread that runs it.
  public init() {
    before = Set(ThreadCPUClock.all().map(\.threadID))
    name = ThreadCPUClock.current.name
  }

  /// The clocks of the threads started since `init`, still running.
  public func clocks() -> [ThreadCPUClock] {
    ThreadCPUClock.all().filter { clock in
      !before.contains(clock.threadID) && clock.name == name
    }
  }
}
