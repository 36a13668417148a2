import DualCamCore
import Foundation

/// Processor time, not wall time: a busy machine slows calibration down but changes little of
/// the processor time each frame takes, which is what the model needs.
struct CPUTimer {
  /// Which clock.
  enum Scope {
    /// The calling thread's.
    case thread
    /// The calling thread's and those of the threads started after the timer (an encoder's
    /// slice threads, which die with it): the whole process's time without what the threads
    /// already running (the interface, a preview) spent meanwhile.
    case startedThreads
  }

  let scope: Scope
  private let start: Double
  /// For `startedThreads`: the other threads running at the start, with their time then.
  private let others: [(clock: ThreadCPUClock, seconds: Double)]

  /// Starts timing now.
  init(scope: Scope) {
    self.scope = scope
    switch scope {
    case .thread:
      others = []
      start = Self.now(CLOCK_THREAD_CPUTIME_ID)
    case .startedThreads:
      let own = ThreadCPUClock.current
      others = ThreadCPUClock.all().filter { $0 != own }.compactMap { clock in
        clock.seconds.map { (clock, $0) }
      }
      start = Self.now(CLOCK_PROCESS_CPUTIME_ID)
    }
  }

  /// Processor seconds spent since `init`.
  var elapsed: Double {
    switch scope {
    case .thread:
      return Self.now(CLOCK_THREAD_CPUTIME_ID) - start
    case .startedThreads:
      var seconds = Self.now(CLOCK_PROCESS_CPUTIME_ID) - start
      // A thread that ended meanwhile reads 0 and leaves its last moments in the total.
      for other in others {
        let now = other.clock.seconds ?? 0
        if now >= other.seconds { seconds -= now - other.seconds }
      }
      return max(0, seconds)
    }
  }

  private static func now(_ clock: clockid_t) -> Double {
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
