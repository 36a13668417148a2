import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex and condition variable (on CLOCK_MONOTONIC) for threads that wait for a predicate.
///
/// Waiters evaluate their predicate while holding the mutex and `broadcast()` takes the same
/// mutex, so a change made before `broadcast()` can never be missed. Waiting and signalling
/// allocate nothing.
///
/// `@unchecked Sendable`: the two pointers never change after `init` and are only used through
/// pthread calls, which are made for sharing between threads.
public final class ConditionSignal: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private let broadcastCount = Atomic<UInt64>(0)

  /// Creates an unlocked mutex and its condition.
  public init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Blocks until `predicate` holds.
  public func wait(until predicate: () -> Bool) {
    pthread_mutex_lock(mutex)
    while !predicate() { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// Blocks until `predicate` holds or the monotonic clock reaches `deadline`; returns whether
  /// the predicate held.
  @discardableResult
  public func wait(until predicate: () -> Bool, deadline: MonotonicTime) -> Bool {
    var spec = timespec(
      tv_sec: Int(deadline.nanoseconds / 1_000_000_000),
      tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !predicate() {
      if pthread_cond_timedwait(condition, mutex, &spec) == ETIMEDOUT { return predicate() }
    }
    return true
  }

  /// Runs `body` holding the mutex, so state shared with waiters' predicates changes atomically
  /// with respect to them. Call `broadcast()` afterwards to wake them.
  public func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Holding the mutex, asks `shouldSleep` (given `broadcasts` as it stands) whether to block
  /// until the next broadcast, and does so each time it answers true.
  ///
  /// The building block of `ManualClock`'s waits: the closure checks the predicate and the
  /// manual time and registers the sleeper, all atomically with respect to `broadcast()`.
  public func sleep(while shouldSleep: (_ broadcasts: UInt64) -> Bool) {
    pthread_mutex_lock(mutex)
    while shouldSleep(broadcastCount.load(ordering: .acquiring)) {
      pthread_cond_wait(condition, mutex)
    }
    pthread_mutex_unlock(mutex)
  }

  /// How many broadcasts there have been. A thread that went to sleep when it read this number
  /// has missed nothing while it is unchanged; `ManualClock` uses this to tell a thread with
  /// nothing to do from one about to wake.
  public var broadcasts: UInt64 { broadcastCount.load(ordering: .acquiring) }

  /// Wakes every waiter so it re-checks its predicate.
  public func broadcast() {
    pthread_mutex_lock(mutex)
    broadcastCount.add(1, ordering: .releasing)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
