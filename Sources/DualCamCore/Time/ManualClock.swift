/// A clock that moves only when a test says so: the session's `EmbeddedEventLoop`.
///
/// Threads paced by it block in its waits (`wait(on:until:deadline:)`, the sleeps), and it
/// keeps a list of them while they do. So it knows two things a test needs to run threaded
/// code in lockstep: the earliest deadline anyone sleeps for (`nextDeadline`), and
/// whether every thread has nothing left to do (`waitUntilIdle(threads:)`): all of them blocked,
/// none with a broadcast it has not seen or a deadline that has passed. A test moves the time,
/// waits until idle, checks, and moves on; the outcome never depends on how fast the machine is.
///
/// `@unchecked Sendable`: `state` is read and written only holding the pthread mutex of
/// `changes`. (A `Mutex` would do for the compiler, but ThreadSanitizer does not see the
/// futex-based slow path of `Mutex`, and under this clock's contention it reported false races.)
public final class ManualClock: MonotonicClock, @unchecked Sendable {
  /// A thread blocked in one of the clock's waits.
  private struct Sleeper: Sendable {
    let signal: ConditionSignal
    /// The signal's broadcast count when the thread went to sleep.
    let broadcasts: UInt64
    let deadline: MonotonicTime?
  }

  private struct State: Sendable {
    var time: MonotonicTime
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
  }

  private var state: State
  /// Guards `state`; broadcast whenever a thread starts or stops sleeping, for `waitUntilIdle`.
  private let changes = ConditionSignal()
  /// What `sleep(until:)` waits on; only the time wakes it.
  private let timeSignal = ConditionSignal()

  /// Creates a clock that reads `start` until advanced.
  public init(start: MonotonicTime = .seconds(1000)) {
    state = State(time: start)
  }

  public func now() -> MonotonicTime { changes.locked { state.time } }

  public func sleep(until deadline: MonotonicTime) {
    wait(on: timeSignal, until: { false }, deadline: deadline)
  }

  @discardableResult
  public func wait(
    on signal: ConditionSignal, until predicate: () -> Bool, deadline: MonotonicTime?
  ) -> Bool {
    let id = changes.locked {
      defer { state.nextID += 1 }
      return state.nextID
    }
    var satisfied = false
    var registered = false
    signal.sleep { broadcasts in
      // Runs holding the signal's mutex, so no broadcast falls between this check and the
      // thread blocking, and none between registering and blocking goes unseen by the list.
      if predicate() {
        satisfied = true
        return false
      }
      let sleeping = changes.locked {
        if let deadline, state.time >= deadline { return false }
        state.sleepers[id] = Sleeper(signal: signal, broadcasts: broadcasts, deadline: deadline)
        return true
      }
      registered = registered || sleeping
      if sleeping { changes.broadcast() }
      return sleeping
    }
    if registered {
      changes.locked { _ = state.sleepers.removeValue(forKey: id) }
      changes.broadcast()
    }
    return satisfied
  }

  /// Moves the time forward to `time` (never backwards) and wakes sleepers whose deadline passed.
  public func advance(to time: MonotonicTime) {
    let due = changes.locked {
      state.time = max(state.time, time)
      let now = state.time
      return state.sleepers.values.filter { sleeper in
        sleeper.deadline.map { $0 <= now } ?? false
      }.map(\.signal)
    }
    for signal in due { signal.broadcast() }
  }

  /// Moves the time forward by `nanoseconds`.
  public func advance(by nanoseconds: Int64) {
    advance(to: now() + nanoseconds)
  }

  /// The earliest deadline a thread sleeps for right now, if any.
  public var nextDeadline: MonotonicTime? {
    changes.locked { state.sleepers.values.compactMap(\.deadline).min() }
  }

  /// Blocks (in real time, at most `timeout` seconds) until exactly `threads` threads wait on
  /// this clock and none of them has anything to wake it: no broadcast of its signal since it
  /// went to sleep and no deadline already reached. Returns false on timeout.
  @discardableResult
  public func waitUntilIdle(threads: Int, timeout: Double = 30) -> Bool {
    let limit = SystemMonotonicClock().now() + Int64(timeout * 1e9)
    // The predicate runs holding `changes`' mutex, so it reads `state` directly.
    return changes.wait(until: { isIdle(threads: threads) }, deadline: limit)
  }

  private func isIdle(threads: Int) -> Bool {
    state.sleepers.count == threads
      && state.sleepers.values.allSatisfy { sleeper in
        sleeper.signal.broadcasts == sleeper.broadcasts
          && (sleeper.deadline.map { $0 > state.time } ?? true)
      }
  }
}
