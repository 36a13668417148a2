#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the session reads the time and waits for it: the system's monotonic clock in the app,
/// a `ManualClock` in tests.
///
/// Every blocking wait of the session's threads goes through the clock — timed or not — so that
/// a `ManualClock` sees all of them: it wakes a waiter when the test moves time past its
/// deadline, and it can tell when every thread has nothing left to do (`waitUntilIdle`).
public protocol MonotonicClock: Sendable {
  /// The current time.
  func now() -> MonotonicTime
  /// Blocks the calling thread until `deadline` (returns at once if it has passed).
  func sleep(until deadline: MonotonicTime)
  /// Blocks until `predicate` holds (returns true) or the clock reaches `deadline` (returns
  /// false; never without a deadline). `predicate` runs holding `signal`'s mutex: whoever
  /// changes what it reads calls `signal.broadcast()` afterwards.
  @discardableResult
  func wait(on signal: ConditionSignal, until predicate: () -> Bool, deadline: MonotonicTime?)
    -> Bool
}

extension MonotonicClock {
  /// Blocks until `deadline` or until `interrupt` fires; returns false when interrupted.
  public func sleep(until deadline: MonotonicTime, interrupt: ClockInterrupt) -> Bool {
    !wait(on: interrupt.signal, until: { interrupt.isFired }, deadline: deadline)
  }
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

  @discardableResult
  public func wait(
    on signal: ConditionSignal, until predicate: () -> Bool, deadline: MonotonicTime?
  ) -> Bool {
    // The condition variable runs on CLOCK_MONOTONIC, so a deadline is this clock's time.
    guard let deadline else {
      signal.wait(until: predicate)
      return true
    }
    return signal.wait(until: predicate, deadline: deadline)
  }
}
