import Synchronization

/// Cuts a `MonotonicClock.sleep(until:interrupt:)` short: a capture thread sleeping until its
/// next frame is woken at once when its source is stopped.
public final class ClockInterrupt: Sendable {
  let signal = ConditionSignal()
  private let fired = Atomic<Bool>(false)

  /// Creates an interrupt that has not fired.
  public init() {}

  /// Wakes every sleep given this interrupt, now and later.
  public func fire() {
    fired.store(true, ordering: .releasing)
    signal.broadcast()
  }

  /// True once `fire()` was called.
  public var isFired: Bool { fired.load(ordering: .acquiring) }
}
