import Audio
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
  /// Muted or not; takes read it for every block (the meter goes on measuring the input, so
  /// the user sees the microphone is live while muted).
  let mute: MuteSwitch
  private let started = Atomic<Bool>(false)
  private let lost = Atomic<Bool>(false)
  /// Peak and RMS per channel, fed on the scheduler thread, read by the interface: it shows
  /// the microphone is live before a take starts. Processed inside the lock, so no copy is made.
  private let meter = Locked<LevelMeter?>(nil)
  /// The newest periods seen between takes (scheduler thread only): a take's first slot stands
  /// for the moment record was pressed, and the period holding that moment may have been
  /// captured before the take reached the scheduler.
  private var held: [AudioPeriodBuffer] = []

  /// How long periods are held between takes.
  static let heldNanoseconds: Int64 = 250_000_000

  /// Periods that may wait for the scheduler (about 0.6 s of 10 ms periods); the source's pool
  /// holds as many more for those held between takes, and a few being filled.
  static let queueCapacity = 64

  init(source: any AudioSource, muted: Bool = false) {
    self.source = source
    mute = MuteSwitch(muted: muted)
    held.reserveCapacity(Self.queueCapacity)
  }

  /// Starts capturing; periods go to `queue`.
  func start(clock: any MonotonicClock) throws(DualCamError) {
    guard !started.load(ordering: .relaxed) else { return }
    // The queue, the periods held between takes, and a few being filled.
    try source.start(clock: clock, sink: queue, bufferCount: Self.queueCapacity * 2 + 8)
    let channels = source.info.format.channels
    meter.withLock { $0 = LevelMeter(channels: max(channels, 1), clock: clock) }
    started.store(true, ordering: .relaxed)
  }

  /// True between a successful `start` and `stop`.
  var isRunning: Bool { started.load(ordering: .relaxed) }

  /// Stops capturing and gives back every queued period.
  func stop() {
    guard started.exchange(false, ordering: .relaxed) else { return }
    source.stop()
    while let period = queue.pop() { period.release() }
    // (The scheduler, the only other user of `held`, has stopped by now.)
    for period in held { period.release() }
    held.removeAll(keepingCapacity: true)
  }

  /// The level of each channel now (empty when not capturing).
  var levels: [LevelMeter.ChannelLevel] {
    meter.withLock { meter in
      guard let meter else { return [] }
      return (0..<meter.channels).map { meter.level(channel: $0) }
    }
  }

  /// True while the source reports its device lost (silence is recorded meanwhile).
  var signalLost: Bool { lost.load(ordering: .relaxed) }

  /// Moves every queued period into `take` as its input number `input` and gives it back;
  /// between takes (`take` nil) keeps the last `heldNanoseconds` of them for the next take's
  /// start (scheduler thread).
  func drain(into take: TakeAudio?, input: Int = 0, now: MonotonicTime) {
    for event in queue.takeEvents() {
      switch event {
      case .signalLost: lost.store(true, ordering: .relaxed)
      case .signalRestored: lost.store(false, ordering: .relaxed)
      }
    }
    guard let take else {
      while let period = queue.pop() {
        measure(period)
        if held.count == Self.queueCapacity {
          held.removeFirst().release()
        }
        held.append(period)
      }
      while let oldest = held.first, now - oldest.captureTime > Self.heldNanoseconds {
        held.removeFirst().release()
      }
      return
    }
    if !held.isEmpty {
      for period in held {
        take.append(period, input: input)
        period.release()
      }
      held.removeAll(keepingCapacity: true)
    }
    while let period = queue.pop() {
      measure(period)
      take.append(period, input: input)
      period.release()
    }
  }

  private func measure(_ period: AudioPeriodBuffer) {
    meter.withLock { meter in meter?.process(period) }
  }
}
