import Synchronization

/// A clock that moves only when a test says so.
///
/// `sleep(until:)` blocks until `advance(to:)` or `advance(by:)` carries the time past the
/// deadline, so threaded code paced by this clock runs in lockstep with the test.
public final class ManualClock: MonotonicClock, @unchecked Sendable {
  private let state: Mutex<MonotonicTime>
  private let condition = ConditionSignal()

  /// Creates a clock that reads `start` until advanced.
  public init(start: MonotonicTime = .seconds(1000)) {
    state = Mutex(start)
  }

  public func now() -> MonotonicTime { state.withLock { $0 } }

  public func sleep(until deadline: MonotonicTime) {
    condition.wait { self.now() >= deadline }
  }

  public func sleep(until deadline: MonotonicTime, interrupt: ClockInterrupt) -> Bool {
    // Two conditions can wake this sleep (the test moving time, the interrupt); checking the
    // interrupt every few milliseconds of real time keeps it simple and is plenty for tests.
    let system = SystemMonotonicClock()
    while !interrupt.isFired {
      if condition.wait(until: { self.now() >= deadline }, deadline: system.now() + 5_000_000) {
        return true
      }
    }
    return false
  }

  /// Moves the time forward to `time` (never backwards) and wakes sleepers whose deadline passed.
  public func advance(to time: MonotonicTime) {
    state.withLock { current in current = max(current, time) }
    condition.broadcast()
  }

  /// Moves the time forward by `nanoseconds`.
  public func advance(by nanoseconds: Int64) {
    state.withLock { current in current = current + nanoseconds }
    condition.broadcast()
  }
}
