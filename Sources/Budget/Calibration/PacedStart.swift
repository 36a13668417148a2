import Foundation
import Synchronization

/// The moment paced encoders start their schedule: when the last of them has fed its
/// frames back to back, so that they wake together for every frame, as a take's do.
package final class PacedStart: Sendable {
  private let encoders: Int
  /// The encoders that arrived (or left), and the start once all have.
  private let state = Mutex<(arrived: Set<Int>, start: ContinuousClock.Instant?)>(([], nil))
  private let released = DispatchSemaphore(value: 0)

  /// A start for `encoders` encoders.
  package init(encoders: Int) { self.encoders = encoders }

  /// Waits for every encoder; the same instant for all of them.
  package func together(_ encoder: Int) -> ContinuousClock.Instant {
    if let start = arrive(encoder) { return start }
    released.wait()
    // Passed on, so that every waiting encoder is woken by the one before it.
    released.signal()
    return state.withLock { $0.start ?? ContinuousClock.now }
  }

  /// An encoder that failed counts as arrived, so that the others do not wait for it.
  package func leave(_ encoder: Int) {
    _ = arrive(encoder)
  }

  /// Marks `encoder` arrived; the start when it was the last, which then releases the rest.
  private func arrive(_ encoder: Int) -> ContinuousClock.Instant? {
    let start = state.withLock { state -> ContinuousClock.Instant? in
      guard state.start == nil else { return state.start }
      state.arrived.insert(encoder)
      guard state.arrived.count == encoders else { return nil }
      state.start = ContinuousClock.now
      return state.start
    }
    if start != nil { released.signal() }
    return start
  }
}
