import DualCamCore

/// Hands periods from a source's capture thread to the thread that owns the `AudioTimeline`.
///
/// A bounded queue: the capture thread never blocks. When the consumer falls behind and the
/// queue is full, the newest period is dropped and counted; the timeline then sees a hole in
/// the frame indices and records silence there, so the sound stays on the pictures. Delivering
/// and popping allocate nothing.
public final class AudioPeriodQueue: AudioSink, @unchecked Sendable {
  // Safe to share: every field is behind the mutex.
  private struct State {
    var periods: [AudioPeriodBuffer?]
    var first = 0
    var count = 0
    var dropped = 0
    var events: [AudioSourceEvent] = []
  }

  private let state: Locked<State>

  /// Creates a queue holding up to `capacity` periods (the source's pool size is plenty).
  public init(capacity: Int) {
    precondition(capacity > 0, "an audio period queue needs room")
    state = Locked(State(periods: Array(repeating: nil, count: capacity)))
  }

  /// Called by the source: queues the period (the queue takes over the reference).
  public func deliver(_ period: AudioPeriodBuffer) {
    let refused = state.withLock { state -> AudioPeriodBuffer? in
      guard state.count < state.periods.count else {
        state.dropped += 1
        return period
      }
      state.periods[(state.first + state.count) % state.periods.count] = period
      state.count += 1
      return nil
    }
    refused?.release()
  }

  /// Called by the source: keeps the event for the consumer (events are rare).
  public func audioEvent(_ event: AudioSourceEvent) {
    state.withLock { $0.events.append(event) }
  }

  /// The oldest queued period, or nil; the caller takes over the reference and releases it.
  public func pop() -> AudioPeriodBuffer? {
    state.withLock { state in
      guard state.count > 0 else { return nil }
      let period = state.periods[state.first]
      state.periods[state.first] = nil
      state.first = (state.first + 1) % state.periods.count
      state.count -= 1
      return period
    }
  }

  /// The events reported since the last call, oldest first.
  public func takeEvents() -> [AudioSourceEvent] {
    state.withLock { state in
      defer { state.events.removeAll() }
      return state.events
    }
  }

  /// Periods dropped because the consumer fell behind.
  public var droppedCount: Int { state.withLock { $0.dropped } }
}
