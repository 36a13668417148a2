/// The frames of one camera that the synchronizer holds: undecided frames in capture order, and
/// the frame chosen for the latest slot (kept in case the next slot must repeat it).
///
/// A fixed ring: appending, choosing and removing never allocate.
struct CameraQueue {
  private var ring: [FrameBuffer?]
  private var head = 0
  private(set) var count = 0
  /// The frame in the latest slot; the queue holds one reference to it.
  private(set) var lastChosen: FrameBuffer?
  /// The latest capture time offered, used or not: once it reaches a slot's target, no frame
  /// closer to that target can still arrive.
  private(set) var latestSeen: MonotonicTime?
  private var lastSequence: UInt64?
  /// Set while the source reports its signal lost: slots get no frame from this camera (the
  /// session shows "no signal") instead of a repeat of its last one.
  var signalLost = false
  /// How late and how often this camera's frames arrive.
  var arrival = ArrivalTiming()

  init(capacity: Int) {
    ring = [FrameBuffer?](repeating: nil, count: capacity)
  }

  var isFull: Bool { count == ring.count }

  var oldest: FrameBuffer? { count == 0 ? nil : ring[head] }

  func hasSeen(atOrAfter time: MonotonicTime) -> Bool {
    // A camera without signal is not waited for.
    if signalLost { return true }
    guard let latestSeen else { return false }
    return latestSeen >= time
  }

  /// Records an arriving frame's sequence number and time; returns how many sequence numbers
  /// were skipped since the previous frame (frames the source lost).
  mutating func noteArrival(sequence: UInt64, time: MonotonicTime) -> Int {
    var gap = 0
    if let last = lastSequence, sequence > last + 1 { gap = Int(sequence - last - 1) }
    if lastSequence.map({ sequence > $0 }) ?? true { lastSequence = sequence }
    latestSeen = max(latestSeen ?? time, time)
    return gap
  }

  /// Appends a frame newer than every held one; returns false (and keeps nothing) for a frame
  /// out of capture order, which the caller releases.
  mutating func append(_ frame: FrameBuffer) -> Bool {
    precondition(!isFull, "append to a full camera queue")
    if count > 0, let newest = ring[(head + count - 1) % ring.count],
      frame.captureTime <= newest.captureTime
    {
      return false
    }
    ring[(head + count) % ring.count] = frame
    count += 1
    return true
  }

  /// Removes and returns the oldest undecided frame; the caller now owns its reference.
  mutating func removeOldest() -> FrameBuffer? {
    guard count > 0 else { return nil }
    let frame = ring[head]
    ring[head] = nil
    head = (head + 1) % ring.count
    count -= 1
    return frame
  }

  /// Picks the frame captured closest to `target` among the last chosen one and the undecided
  /// ones inside `window` (ties go to the earlier frame). Undecided frames older than the pick
  /// are released as dropped. Falls back to repeating the last chosen frame when nothing lies in
  /// the window.
  mutating func choose(
    closestTo target: MonotonicTime, within window: Range<MonotonicTime>,
    counting counters: inout CameraSyncCounters
  ) -> (frame: FrameBuffer?, repeated: Bool) {
    if signalLost {
      counters.missingSlots += 1
      return (nil, false)
    }
    var bestDistance = Int64.max
    var bestOffset = -1  // -1: the last chosen frame
    if let last = lastChosen, window.contains(last.captureTime) {
      bestDistance = abs(last.captureTime - target)
    }
    var offset = 0
    while offset < count, let frame = ring[(head + offset) % ring.count] {
      guard window.contains(frame.captureTime) else { break }
      let distance = abs(frame.captureTime - target)
      if distance < bestDistance {
        bestDistance = distance
        bestOffset = offset
      } else if frame.captureTime > target {
        break  // frames are in capture order: every later one is farther away
      }
      offset += 1
    }

    guard bestOffset >= 0 else {
      guard let last = lastChosen else {
        counters.missingSlots += 1
        return (nil, false)
      }
      counters.duplicates += 1
      counters.maxTargetOffsetNanoseconds = max(
        counters.maxTargetOffsetNanoseconds, abs(last.captureTime - target))
      return (last, true)
    }

    for _ in 0..<bestOffset {
      removeOldest()?.release()
      counters.droppedUnused += 1
    }
    let chosen = removeOldest()!
    lastChosen?.release()
    lastChosen = chosen
    counters.framesUsed += 1
    counters.maxTargetOffsetNanoseconds = max(counters.maxTargetOffsetNanoseconds, bestDistance)
    return (chosen, false)
  }

  /// Releases every frame held, the last chosen one included.
  mutating func releaseAll() {
    while let frame = removeOldest() { frame.release() }
    lastChosen?.release()
    lastChosen = nil
  }
}
