import Foundation

/// Processor time, not wall time: a busy machine slows calibration down but changes little of
/// the processor time each frame takes, which is what the model needs.
struct CPUTimer {
  /// Which clock: the calling thread's, or the whole process's (every thread an encoder starts).
  enum Scope {
    case thread
    case process
  }

  let scope: Scope
  private let start: Double

  /// Starts timing now.
  init(scope: Scope) {
    self.scope = scope
    start = Self.now(scope)
  }

  /// Processor seconds spent since `init`.
  var elapsed: Double { Self.now(scope) - start }

  private static func now(_ scope: Scope) -> Double {
    var time = timespec()
    let clock = scope == .thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID
    guard clock_gettime(clock, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
