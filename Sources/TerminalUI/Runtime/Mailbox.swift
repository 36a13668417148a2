import DualCamCore

/// One value handed from a worker thread to the interface thread.
final class Mailbox<Value: Sendable>: Sendable {
  /// A pthread mutex (`Locked`), which ThreadSanitizer follows (it does not see a contended
  /// `Synchronization.Mutex`).
  private let slot = Locked<Value?>(nil)

  /// Leaves `value` for the reader.
  func put(_ value: Value) { slot.withLock { $0 = value } }

  /// Takes the value, if one was left.
  func take() -> Value? { slot.withLock { $0.take() } }
}
