#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the session reads the time and waits for it: the system's monotonic clock in the app,
/// a `ManualClock` in tests.
public protocol MonotonicClock: Sendable {
  /// The current time.
  func now() -> MonotonicTime
  /// Blocks the calling thread until `deadline` (returns at once if it has passed).
  func sleep(until deadline: MonotonicTime)
  /// Blocks until `deadline` or until `interrupt` fires; returns false when interrupted.
  func sleep(until deadline: MonotonicTime, interrupt: ClockInterrupt) -> Bool
}

/// CLOCK_MONOTONIC, the clock V4L2 stamps buffers with.
public struct SystemMonotonicClock: MonotonicClock {
  /// Creates the clock; it has no state.
  public init() {}

  public func now() -> MonotonicTime {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return MonotonicTime(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
  }

  public func sleep(until deadline: MonotonicTime) {
    var spec = timespec(
      tv_sec: Int(deadline.nanoseconds / 1_000_000_000),
      tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
  }

  public func sleep(until deadline: MonotonicTime, interrupt: ClockInterrupt) -> Bool {
    // The condition variable runs on CLOCK_MONOTONIC, so its deadline is this clock's time.
    !interrupt.signal.wait(until: { interrupt.isFired }, deadline: deadline)
  }
}
