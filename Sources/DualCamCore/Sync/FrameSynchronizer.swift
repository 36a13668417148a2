/// Turns two cameras' frames into one sequence of output slots on a shared presentation clock.
///
/// This is the clock contract of DESIGN.md in code, as a pure state machine: it never reads a
/// clock or starts a thread. The caller offers frames as they are captured and asks for the next
/// slot with the current time; tests drive it with a manual clock.
///
/// Slot `k` stands for recorded time `k / rate`, which is capture time
/// `start + k / rate + (time paused before it)`: one continuous recorded timeline, so a take
/// with any number of pauses lasts its recorded time within one frame. Each camera contributes the frame captured closest to that time
/// (ties go to the earlier frame), chosen among frames captured inside the segment. A slot is
/// decided once every camera has shown a frame at or after the target (nothing closer can come)
/// or once the clock passes the target by `latenessNanoseconds` (a late camera repeats its last
/// frame). That wait adapts: frames offered with their arrival time teach the synchronizer how
/// late each camera's frames come, and it waits that long (plus half a frame interval), within
/// what its buffers can hold, so a frame that is slow to arrive still makes its slot.
/// Pausing ends the current segment; frames captured while paused are discarded; resuming starts
/// a new segment whose first slot continues the numbering, so outputs have no gap.
///
/// Not thread-safe: one scheduler thread owns it. `offer` and `nextSlot` allocate nothing.
public struct FrameSynchronizer: ~Copyable {
  /// Lifecycle of a take as the synchronizer sees it.
  public enum Phase: Sendable, Equatable {
    /// Not recording yet: only the newest few frames are kept, for the first slot.
    case idle
    /// Producing slots for the current segment.
    case recording
    /// Between pause and resume: no slots, frames discarded.
    case paused
    /// Stop was requested; slots before the stop time are still being decided.
    case stopping
    /// Every slot of the take has been emitted.
    case finished
  }

  /// The output frame rate.
  public let rate: FrameRate
  /// The shortest wait past a slot's target time for a missing camera, in ns.
  public let minimumLatenessNanoseconds: Int64
  /// How many undecided frames are buffered per camera before the oldest is dropped.
  public let bufferLimit: Int

  /// Where the take is in its lifecycle.
  public private(set) var phase: Phase = .idle
  /// What has been counted so far.
  public private(set) var statistics = SyncStatistics()

  private var cameras: (CameraQueue, CameraQueue)
  private var segmentStart = MonotonicTime.zero
  /// Earliest capture time usable in the current segment.
  private var windowStart = MonotonicTime.zero
  /// End of the current segment (pause or stop time); frames at or after it are not used.
  private var segmentEnd: MonotonicTime?
  /// Capture time slot 0 stands for.
  private var origin = MonotonicTime.zero
  /// Time paused so far, which shifts every later slot's target.
  private var pausedNanoseconds: Int64 = 0
  private var nextSlotIndex: Int64 = 0
  private var lastEmittedTarget: MonotonicTime?
  /// A resume asked for while slots of the paused segment were still undecided.
  private var pendingResume: MonotonicTime?
  private var slotLimit: Int64?

  /// Creates an idle synchronizer.
  /// - Parameters:
  ///   - rate: output frame rate.
  ///   - minimumLatenessNanoseconds: the shortest wait past a slot's target for a late camera;
  ///     at least one frame period is sensible. Longer when frames are seen arriving late.
  ///   - bufferLimit: undecided frames kept per camera.
  public init(rate: FrameRate, minimumLatenessNanoseconds: Int64? = nil, bufferLimit: Int = 6) {
    precondition(bufferLimit >= 3, "the synchronizer needs room for at least three frames")
    self.rate = rate
    self.minimumLatenessNanoseconds =
      minimumLatenessNanoseconds ?? max(rate.periodNanoseconds, 50_000_000)
    self.bufferLimit = bufferLimit
    cameras = (CameraQueue(capacity: bufferLimit), CameraQueue(capacity: bufferLimit))
  }

  deinit {
    // A synchronizer dropped mid-take still gives its frames back to their pools.
    var (front, back) = cameras
    front.releaseAll()
    back.releaseAll()
  }

  // MARK: - Control

  /// Starts the take: slot 0 stands for capture time `time`.
  public mutating func start(at time: MonotonicTime) {
    precondition(phase == .idle, "start called twice")
    phase = .recording
    segmentStart = time
    // Frames from half a period before the start are fair game for slot 0: they were captured
    // before anyone pressed record, not while paused, and rejecting them would make a jittery
    // camera open every take with a repeated frame.
    windowStart = time - rate.periodNanoseconds / 2
    segmentEnd = nil
    origin = time
    pausedNanoseconds = 0
    nextSlotIndex = 0
    discardFrames(before: windowStart)
  }

  /// Ends the current segment at `time`; slots standing for earlier times are still emitted.
  public mutating func pause(at time: MonotonicTime) {
    guard phase == .recording else { return }
    segmentEnd = max(time, lastEmittedTarget.map { $0 + 1 } ?? segmentStart)
    phase = .paused
  }

  /// Starts a new segment at `time` whose first slot continues the numbering. Slots of the
  /// paused segment that are still undecided are emitted first.
  public mutating func resume(at time: MonotonicTime) {
    guard phase == .paused else { return }
    pendingResume = time
    beginPendingSegmentIfDue()
  }

  /// Ends the take at `time`: slots standing for times before it are still emitted, then the
  /// phase becomes `.finished`.
  public mutating func stop(at time: MonotonicTime) {
    switch phase {
    case .recording:
      segmentEnd = max(time, lastEmittedTarget.map { $0 + 1 } ?? segmentStart)
      phase = .stopping
    case .paused:
      pendingResume = nil
      phase = .stopping
    case .idle:
      phase = .finished
    case .stopping, .finished:
      break
    }
    if phase == .stopping, nextTarget == nil { finish() }
  }

  /// Ends the take by itself once `count` slots have been emitted: a take of an exact length
  /// (`--duration`), independent of when anyone looks at the clock.
  public mutating func limitSlots(to count: Int64) {
    precondition(count > 0, "a take needs at least one slot")
    slotLimit = count
    if phase != .idle, nextSlotIndex >= count { finish() }
  }

  /// Tells the synchronizer that camera `camera` lost (or regained) its signal. While lost,
  /// its slots carry no frame (counted in `missingSlots`) and are not held back waiting for it.
  public mutating func setSignalLost(_ lost: Bool, camera: CameraPosition) {
    withCamera(camera) { queue, _ in queue.signalLost = lost }
  }

  // MARK: - Frames

  /// Hands a captured frame of camera `camera` to the synchronizer, which
  /// takes over the caller's reference. `arrival`, the time the frame was handed over, lets the
  /// synchronizer learn how late this camera's frames come; without it the wait stays at its
  /// minimum.
  public mutating func offer(
    _ frame: consuming FrameBuffer, camera: CameraPosition, arrival: MonotonicTime? = nil
  ) {
    let buffer = frame
    let time = buffer.captureTime
    let disposition = disposition(ofFrameAt: time)
    withCamera(camera) { queue, counters in
      let gap = queue.noteArrival(sequence: buffer.sequence, time: time)
      if let arrival { queue.arrival.note(captureTime: time, arrival: arrival) }
      switch disposition {
      case .keep:
        counters.droppedBySource += gap
        counters.framesReceived += 1
        if let arrival {
          counters.maxArrivalDelayNanoseconds = max(
            counters.maxArrivalDelayNanoseconds, arrival - time)
        }
        if queue.isFull {
          queue.removeOldest()?.release()
          counters.droppedOverflow += 1
        }
        if !queue.append(buffer) { buffer.release() }
      case .keepRecent:
        // Before the start: only the newest few are worth keeping for slot 0.
        if queue.isFull { queue.removeOldest()?.release() }
        if !queue.append(buffer) { buffer.release() }
      case .discardPaused:
        counters.discardedWhilePaused += 1
        buffer.release()
      case .discard:
        buffer.release()
      }
    }
  }

  // MARK: - Slots

  /// The capture time the next slot stands for, or nil when no slot is owed right now (idle,
  /// paused with every pre-pause slot emitted, finished).
  public var nextTarget: MonotonicTime? {
    guard phase == .recording || phase == .paused || phase == .stopping else { return nil }
    let target = origin + rate.time(ofFrame: nextSlotIndex) + pausedNanoseconds
    if let end = segmentEnd, target >= end { return nil }
    return target
  }

  /// The time by which the next slot will be decided even if a camera stays silent.
  public var nextDeadline: MonotonicTime? { nextTarget.map { $0 + latenessNanoseconds } }

  /// How long past a slot's target a missing camera is waited for right now, in ns: the
  /// minimum, or what the latest camera needs (its recent worst arrival delay, plus half its
  /// frame interval for the frame just after the target, plus an eighth of a period for the
  /// scheduler's own wake-up), whichever is longer. Capped where a camera would deliver more
  /// frames during the wait than its buffer holds, so waiting never costs a frame.
  public var latenessNanoseconds: Int64 {
    let front = wait(for: cameras.0)
    let back = wait(for: cameras.1)
    let needed = max(front.needed, back.needed)
    return max(minimumLatenessNanoseconds, min(needed, front.ceiling, back.ceiling))
  }

  /// The wait one camera needs and the longest its buffer allows (none for a lost camera).
  private func wait(for queue: borrowing CameraQueue) -> (needed: Int64, ceiling: Int64) {
    guard !queue.signalLost else { return (0, .max) }
    let interval = queue.arrival.interval > 0 ? queue.arrival.interval : rate.periodNanoseconds
    return (
      queue.arrival.delay + interval / 2 + rate.periodNanoseconds / 8,
      Int64(bufferLimit - 2) * interval
    )
  }

  /// Decides the next slot if it can be decided at `now`; call repeatedly until nil. The slot
  /// carries one reference to each of its frames for the caller.
  public mutating func nextSlot(now: MonotonicTime) -> SyncSlot? {
    beginPendingSegmentIfDue()
    guard let target = nextTarget else {
      if phase == .stopping { finish() }
      return nil
    }
    let waited = now >= target + latenessNanoseconds
    guard waited || (cameras.0.hasSeen(atOrAfter: target) && cameras.1.hasSeen(atOrAfter: target))
    else { return nil }

    let window = windowStart..<(segmentEnd ?? MonotonicTime(nanoseconds: .max))
    var slot = SyncSlot(
      index: nextSlotIndex, targetTime: target, front: nil, back: nil, frontRepeated: false,
      backRepeated: false)
    for camera in Self.positions {
      withCamera(camera) { queue, counters in
        let choice = queue.choose(closestTo: target, within: window, counting: &counters)
        if camera == .front {
          slot.front = choice.frame
          slot.frontRepeated = choice.repeated
        } else {
          slot.back = choice.frame
          slot.backRepeated = choice.repeated
        }
      }
    }
    // The caller's references, taken before anything below can finish the take.
    slot.front?.retain()
    slot.back?.retain()
    if let front = slot.front, let back = slot.back {
      let skew = abs(front.captureTime - back.captureTime)
      statistics.pairedSlots += 1
      statistics.skewSumNanoseconds += skew
      statistics.skewMaxNanoseconds = max(statistics.skewMaxNanoseconds, skew)
    }
    statistics.slots += 1
    nextSlotIndex += 1
    lastEmittedTarget = target
    if let slotLimit, nextSlotIndex >= slotLimit {
      finish()
      return slot
    }
    beginPendingSegmentIfDue()
    if phase == .stopping, nextTarget == nil { finish() }
    return slot
  }

  // MARK: - Internals

  private enum Disposition { case keep, keepRecent, discardPaused, discard }

  private func disposition(ofFrameAt time: MonotonicTime) -> Disposition {
    switch phase {
    case .idle:
      return .keepRecent
    case .finished:
      return .discard
    case .recording:
      return time >= windowStart ? .keep : .discard
    case .stopping:
      return time >= windowStart && time < (segmentEnd ?? time + 1) ? .keep : .discard
    case .paused:
      guard time >= windowStart else { return .discard }
      guard let end = segmentEnd, time >= end else { return .keep }
      // Captured after the pause: only a resume already asked for can make it usable.
      if let resume = pendingResume, time >= resume { return .keep }
      return .discardPaused
    }
  }

  /// Applies a requested resume once the paused segment owes no more slots.
  private mutating func beginPendingSegmentIfDue() {
    guard phase == .paused, let resume = pendingResume, nextTarget == nil else { return }
    let pausedAt = segmentEnd ?? resume
    segmentStart = max(resume, pausedAt)
    windowStart = segmentStart
    segmentEnd = nil
    // The next slot's target was at or after the pause; shifting it by the pause puts it at or
    // after the resume, continuing the recorded timeline where it stopped.
    pausedNanoseconds += segmentStart - pausedAt
    pendingResume = nil
    phase = .recording
    discardFrames(before: segmentStart, pausedSince: pausedAt)
  }

  private mutating func finish() {
    phase = .finished
    cameras.0.releaseAll()
    cameras.1.releaseAll()
  }

  /// Releases buffered frames captured before `time`; those captured after `pausedSince` were
  /// taken while paused and are counted as such. Older ones are the tail of the previous segment,
  /// past its last slot: neither used nor lost.
  private mutating func discardFrames(before time: MonotonicTime, pausedSince: MonotonicTime? = nil)
  {
    for camera in Self.positions {
      withCamera(camera) { queue, counters in
        while let oldest = queue.oldest, oldest.captureTime < time {
          if let pausedSince, oldest.captureTime >= pausedSince {
            counters.discardedWhilePaused += 1
          }
          queue.removeOldest()?.release()
        }
      }
    }
  }

  /// Both cameras, built once: this runs for every frame, and `allCases` makes a new array.
  private static let positions: [CameraPosition] = [.front, .back]

  private mutating func withCamera(
    _ camera: CameraPosition, _ body: (inout CameraQueue, inout CameraSyncCounters) -> Void
  ) {
    if camera == .front {
      body(&cameras.0, &statistics.front)
    } else {
      body(&cameras.1, &statistics.back)
    }
  }
}
