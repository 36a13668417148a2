#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads share, behind a pthread mutex: `Synchronization.Mutex`'s `withLock`,
/// for state that threads contend for.
///
/// ThreadSanitizer sees pthread mutexes, but not the futex-based slow path that a contended
/// `Mutex` takes on Linux, so `scripts/tsan-test` reported every contended `Mutex` as a race
/// (a frame pool leased and recycled on different threads, for one). Locking and unlocking
/// allocate nothing.
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, holding the mutex.
public final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates the lock holding `value`.
  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value, holding the mutex.
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
