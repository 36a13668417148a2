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
public final class ConditionSignal: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

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

  /// Wakes every waiter so it re-checks its predicate.
  public func broadcast() {
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
