public import Audio
import DualCamCore
import Synchronization

/// The session's sound input: the source, running from preview to shutdown like the cameras,
/// and the queue that carries its periods to the scheduler thread.
///
/// Between takes the scheduler just empties the queue (the periods go back to the source's
/// pool); during a take it hands them to the take's `TakeAudio` first.
final class SessionAudio: @unchecked Sendable {
  // @unchecked: the source and queue are thread-safe themselves; `running` is set by the
  // control thread only.

  /// The source.
  let source: any AudioSource
  /// Periods on their way from the capture thread to the scheduler.
  let queue = AudioPeriodQueue(capacity: SessionAudio.queueCapacity)
  private let started = Atomic<Bool>(false)
  private let lost = Atomic<Bool>(false)

  /// Periods that may wait for the scheduler (about 0.6 s of 10 ms periods); the source's pool
  /// holds a few more so it never waits for a buffer.
  static let queueCapacity = 64

  init(source: any AudioSource) { self.source = source }

  /// Starts capturing; periods go to `queue`.
  func start(clock: any MonotonicClock) throws(DualCamError) {
    guard !started.load(ordering: .relaxed) else { return }
    try source.start(clock: clock, sink: queue, bufferCount: Self.queueCapacity + 8)
    started.store(true, ordering: .relaxed)
  }

  /// True between a successful `start` and `stop`.
  var isRunning: Bool { started.load(ordering: .relaxed) }

  /// Stops capturing and gives back every queued period.
  func stop() {
    guard started.exchange(false, ordering: .relaxed) else { return }
    source.stop()
    while let period = queue.pop() { period.release() }
  }

  /// True while the source reports its device lost (silence is recorded meanwhile).
  var signalLost: Bool { lost.load(ordering: .relaxed) }

  /// Moves every queued period into `take` (if any) and gives it back (scheduler thread).
  func drain(into take: TakeAudio?) {
    for event in queue.takeEvents() {
      switch event {
      case .signalLost: lost.store(true, ordering: .relaxed)
      case .signalRestored: lost.store(false, ordering: .relaxed)
      }
    }
    while let period = queue.pop() {
      take?.append(period)
      period.release()
    }
  }
}
