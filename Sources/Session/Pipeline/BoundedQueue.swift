import DualCamCore

/// A fixed-capacity FIFO between two threads; it never allocates after init.
///
/// The producer either checks `hasRoom` first (outputs, where every slot must reach all three
/// files) or pushes with `pushDroppingOldest` (camera inboxes, where a stalled consumer must
/// never stall the camera). The consumer blocks in `pop()` until an element arrives or the
/// queue is closed and empty.
///
/// `@unchecked Sendable`: the ring and its indices are read and written only holding
/// `signal`'s mutex; `capacity` is a constant.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  private let signal = ConditionSignal()
  private var ring: [Element?]
  private var head = 0
  private var count = 0
  private var closed = false
  /// The most elements the queue holds. Kept apart from `ring.count`: reading the ring outside
  /// the lock while the consumer empties a slot is a data race (ThreadSanitizer found it, the
  /// progress snapshot reading the capacity during a take).
  let capacity: Int

  /// Creates an empty queue holding at most `capacity` elements.
  init(capacity: Int) {
    precondition(capacity > 0, "a queue needs room for one element")
    self.capacity = capacity
    ring = [Element?](repeating: nil, count: capacity)
  }

  /// Elements waiting now.
  var depth: Int { signal.locked { count } }

  /// True when `push` would succeed.
  var hasRoom: Bool { signal.locked { count < ring.count } }

  /// Appends `element`; returns false (keeping nothing) when the queue is full or closed.
  @discardableResult
  func push(_ element: Element) -> Bool {
    let pushed = signal.locked { () -> Bool in
      guard !closed, count < ring.count else { return false }
      ring[(head + count) % ring.count] = element
      count += 1
      return true
    }
    if pushed { signal.broadcast() }
    return pushed
  }

  /// Appends `element`, first removing the oldest one when full; returns what was removed so
  /// the caller can release and count it.
  func pushDroppingOldest(_ element: Element) -> Element? {
    let dropped = signal.locked { () -> Element? in
      var dropped: Element?
      if count == ring.count {
        dropped = ring[head]
        ring[head] = nil
        head = (head + 1) % ring.count
        count -= 1
      }
      ring[(head + count) % ring.count] = element
      count += 1
      return dropped
    }
    signal.broadcast()
    return dropped
  }

  /// Removes the oldest element without waiting.
  func tryPop() -> Element? { signal.locked { takeOldest() } }

  /// Waits (through `clock`, which sees every wait of the session's threads) for the oldest
  /// element; nil once the queue is closed and empty.
  func pop(clock: any MonotonicClock) -> Element? {
    var element: Element?
    clock.wait(
      on: signal,
      until: {
        element = takeOldest()
        return element != nil || closed
      }, deadline: nil)
    return element
  }

  /// Refuses further pushes and wakes the consumer; elements already queued can still be popped.
  func close() {
    signal.locked { closed = true }
    signal.broadcast()
  }

  private func takeOldest() -> Element? {
    guard count > 0 else { return nil }
    let element = ring[head]
    ring[head] = nil
    head = (head + 1) % ring.count
    count -= 1
    return element
  }
}
