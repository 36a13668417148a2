public import Capture
public import DualCamCore

/// Runs a `FrameSynchronizer` against two simulated cameras on a manual timeline, event by
/// event, and records every slot: the synchronizer's contract checked without threads or sleeps.
public struct SyncSimulation {
  /// What happened in one slot, copied out of the borrowed frames.
  public struct RecordedSlot: Equatable, Sendable {
    public var index: Int64
    public var target: MonotonicTime
    public var frontSequence: UInt64?
    public var backSequence: UInt64?
    public var frontTime: MonotonicTime?
    public var backTime: MonotonicTime?
    public var frontRepeated: Bool
    public var backRepeated: Bool
  }

  /// A control action at a time.
  public enum Action: Sendable {
    case pause, resume, stop
  }

  /// Output rate.
  public var rate = FrameRate(numerator: 30)
  /// Front camera options (its own rate, jitter, drops…).
  public var front = SyntheticCameraOptions()
  /// Back camera options.
  public var back = SyntheticCameraOptions()
  /// When each camera starts delivering, relative to the recording start (may be negative).
  public var frontStartOffset: Int64 = -100_000_000
  public var backStartOffset: Int64 = -100_000_000
  /// Delay between a frame's capture time and its delivery.
  public var deliveryDelay: Int64 = 2_000_000
  /// More delay for some frames, by camera (0 front, 1 back) and sequence number: a busy machine.
  /// A frame is never delivered before the one captured before it.
  public var extraDelay: @Sendable (_ camera: Int, _ sequence: UInt64) -> Int64 = { _, _ in 0 }
  /// Whether frames are offered with their arrival time (as the session does), so that the
  /// synchronizer can learn how late they come.
  public var tellsArrival = true
  /// Pause/resume/stop at these times after the recording start.
  public var actions: [(offset: Int64, action: Action)] = []
  /// Where the recording starts on the timeline.
  public var start = MonotonicTime.seconds(100)
  /// Lateness passed to the synchronizer (nil = its default).
  public var lateness: Int64? = nil

  public init() {}

  /// The result of a run.
  public struct Outcome {
    public var slots: [RecordedSlot]
    public var statistics: SyncStatistics
    public var leakedBuffers: Int
  }

  /// Runs the simulation until the synchronizer finishes (a `.stop` action is required).
  public func run() -> Outcome {
    precondition(actions.contains { if case .stop = $0.action { true } else { false } })
    let pool = FramePool(format: .i420, size: ImageSize(width: 2, height: 2), capacity: 64)
    // The synchronizer lives only inside `simulate`, so its remaining frames are back in the
    // pool when the leak count is taken.
    let (slots, statistics) = simulate(pool: pool)
    return Outcome(
      slots: slots, statistics: statistics, leakedBuffers: pool.capacity - pool.availableCount)
  }

  private func simulate(pool: FramePool) -> ([RecordedSlot], SyncStatistics) {
    var synchronizer = FrameSynchronizer(rate: rate, minimumLatenessNanoseconds: lateness)
    var timelines = [
      SyntheticTimeline(
        start: start + frontStartOffset, rate: front.frameRate ?? rate, options: front),
      SyntheticTimeline(
        start: start + backStartOffset, rate: back.frameRate ?? rate, options: back),
    ]
    var upcoming = [timelines[0].next(), timelines[1].next()]
    var lastDelivery = [MonotonicTime.zero, MonotonicTime.zero]
    func delivery(_ camera: Int) -> MonotonicTime {
      let frame = upcoming[camera]
      return max(
        frame.time + deliveryDelay + extraDelay(camera, frame.sequence), lastDelivery[camera])
    }
    var pendingActions = actions.sorted { $0.offset < $1.offset }
    var slots: [RecordedSlot] = []
    var started = false

    func drain(_ now: MonotonicTime, _ synchronizer: inout FrameSynchronizer) {
      while let slot = synchronizer.nextSlot(now: now) {
        slots.append(
          RecordedSlot(
            index: slot.index, target: slot.targetTime, frontSequence: slot.front?.sequence,
            backSequence: slot.back?.sequence, frontTime: slot.front?.captureTime,
            backTime: slot.back?.captureTime, frontRepeated: slot.frontRepeated,
            backRepeated: slot.backRepeated))
        slot.release()
      }
    }

    while synchronizer.phase != .finished {
      // The next event: a delivery, a control action, the recording start, or a deadline.
      var now = min(delivery(0), delivery(1))
      if !started { now = min(now, start) }
      if let action = pendingActions.first { now = min(now, start + action.offset) }
      if let deadline = synchronizer.nextDeadline { now = min(now, deadline) }

      if !started && now >= start {
        synchronizer.start(at: start)
        started = true
      }
      for camera in 0..<2 where delivery(camera) <= now {
        let frame = pool.lease()!
        frame.captureTime = upcoming[camera].time
        frame.sequence = upcoming[camera].sequence
        lastDelivery[camera] = now
        synchronizer.offer(
          frame, camera: CameraPosition(rawValue: camera)!, arrival: tellsArrival ? now : nil)
        upcoming[camera] = timelines[camera].next()
      }
      drain(now, &synchronizer)
      while let action = pendingActions.first, start + action.offset <= now {
        pendingActions.removeFirst()
        switch action.action {
        case .pause: synchronizer.pause(at: now)
        case .resume: synchronizer.resume(at: now)
        case .stop: synchronizer.stop(at: now)
        }
        drain(now, &synchronizer)
      }
    }
    return (slots, synchronizer.statistics)
  }
}
