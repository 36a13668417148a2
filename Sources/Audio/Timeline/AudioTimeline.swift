public import DualCamCore

/// Cuts captured sound to the take's recorded timeline, which the pictures define.
///
/// The video timeline is the master: output frame `n` of a take's audio is the sound captured
/// at slot 0's target time plus `n / rate`, and after each pause it continues from the slot that
/// resumes the take, exactly as `FrameSynchronizer` continues its slots. Slot `k` stands for
/// recorded time `k / fps`; the audio frames `⌊k·rate/fps⌋ ..< ⌊(k+1)·rate/fps⌋` belong to it and
/// were captured at the slot's target time plus their offset from `k / fps`. So:
///
/// - a pause cuts the sound at the very recorded instant the pictures are cut (with a fade out
///   and in of a few milliseconds, so the cut does not click), and sound captured while paused
///   is skipped and counted;
/// - a take of `N` slots has `⌊N·rate/fps⌋` audio frames: its video duration within one frame;
/// - where no sound was captured (a gap, an unplugged microphone) the timeline holds silence,
///   counted;
/// - the sound card's own clock is measured (`DriftEstimator`) and the stream is kept on the
///   pictures by stretching or squeezing it a few samples at a time (`SwresampleCompensator`),
///   so a card a hundred ppm off does not slide away over a long take.
///
/// Use: `append` every captured period, call `slotEmitted` for every slot the synchronizer
/// emits, `render(now:)` after either, and `read` the frames as they become ready; at the end of
/// the take `finish()`, then go on appending, rendering and reading until `isDrained`. Not thread-safe: one scheduler thread
/// owns it. Nothing here allocates after init.
public final class AudioTimeline {
  /// Rate and channels of the output (samples are interleaved floats).
  public let format: AudioFormat
  /// The frame rate of the slots.
  public let videoRate: FrameRate
  /// What was counted so far.
  public private(set) var statistics = AudioTimelineStatistics()
  /// The sound card's clock as measured so far.
  public private(set) var drift: DriftEstimator

  private let input: AudioInputRing
  private let output: AudioOutputQueue
  private let compensator: SwresampleCompensator
  private let inputScratch: UnsafeMutableBufferPointer<Float>
  private let outputScratch: UnsafeMutableBufferPointer<Float>
  private let chunkFrames = 256
  private let targetDelayFrames = 64
  private let maximumWaitNanoseconds: Int64
  private let resyncFrames: Double

  /// Segments announced by slots and not yet rendered: (first slot, its target time).
  private var segments: [(firstSlot: Int64, target: MonotonicTime)]
  private var segmentCount = 0
  private var lastSlot: Int64 = -1
  private var announced: (firstSlot: Int64, target: MonotonicTime)?
  private var rendering: (firstSlot: Int64, target: MonotonicTime)?
  private var owedEnd: Int64 = 0
  private var renderedEnd: Int64 = 0
  private var inputPosition: Int64 = 0
  private var needsPlacement = true
  private var resumingSegment = false
  private var offsetSumNanoseconds = 0.0
  private var offsetCount = 0
  private var finishing = false
  private var soundEnded = false

  /// Creates a timeline producing `format` (its sample format is ignored: output is float) for
  /// slots at `videoRate`.
  /// - Parameters:
  ///   - fadeNanoseconds: length of the fade out and in at each pause cut.
  ///   - maximumWaitNanoseconds: how long after its capture time sound is waited for before
  ///     the timeline goes on with silence (a lost device must not hold up the take).
  public init(
    format: AudioFormat, videoRate: FrameRate, fadeNanoseconds: Int64 = 4_000_000,
    maximumWaitNanoseconds: Int64 = 500_000_000
  ) throws(DualCamError) {
    let format = try format.validated()
    self.format = format
    self.videoRate = videoRate
    self.maximumWaitNanoseconds = maximumWaitNanoseconds
    resyncFrames = Double(format.sampleRate) / 20
    drift = DriftEstimator(nominalRate: format.sampleRate)
    input = AudioInputRing(channels: format.channels, capacityFrames: format.sampleRate * 4)
    output = AudioOutputQueue(
      channels: format.channels, capacityFrames: format.sampleRate * 2,
      fadeFrames: max(Int(format.frames(inNanoseconds: fadeNanoseconds)), 1))
    compensator = try SwresampleCompensator(
      sampleRate: format.sampleRate, channels: format.channels)
    inputScratch = .allocate(capacity: format.channels * chunkFrames * 2)
    outputScratch = .allocate(capacity: format.channels * chunkFrames)
    segments = Array(repeating: (0, .zero), count: 64)
  }

  deinit {
    inputScratch.deallocate()
    outputScratch.deallocate()
  }

  // MARK: - Input

  /// Takes in a captured period (copied: the caller still releases it).
  public func append(_ period: AudioPeriodBuffer) {
    input.append(period)
    drift.add(frameIndex: period.firstFrameIndex, time: period.captureTime)
    statistics.framesCaptured += Int64(period.frameCount)
    statistics.driftPPM = drift.ppm
    statistics.rejectedDriftFits = drift.rejectedFits
  }

  // MARK: - The video timeline

  /// The synchronizer emitted slot `index`, standing for capture time `targetTime`: the audio
  /// of that slot is owed. A target that does not follow the previous slot's at the video rate
  /// starts a new segment (the take was paused in between).
  public func slotEmitted(index: Int64, targetTime: MonotonicTime) {
    precondition(!finishing, "a slot was emitted after the audio timeline finished")
    precondition(index == lastSlot + 1, "slots must be announced in order, each once")
    let continues = announced.map { segment in
      let expected = segment.target + videoRate.time(ofFrame: index - segment.firstSlot)
      return abs(targetTime - expected) <= 1_000
    }
    if continues != true {
      precondition(segmentCount < segments.count, "too many pauses announced before rendering")
      segments[segmentCount] = (index, targetTime)
      segmentCount += 1
      announced = (index, targetTime)
    }
    lastSlot = index
    owedEnd = firstFrame(ofSlot: index + 1)
  }

  /// The take ended after the last slot emitted: what is owed is the last audio, and every
  /// frame is released once rendered (none is held back for a fade).
  ///
  /// The last slot's sound is captured up to one frame interval after its target, so it is
  /// usually still on its way: keep appending periods and calling `render(now:)` until
  /// `isDrained` (sound that does not come within `maximumWaitNanoseconds` of its capture time
  /// becomes silence), or pass `soundEnded: true` once the source is stopped and its last
  /// periods appended, to complete at once. `captureTimeNeeded` says how long to keep the
  /// source running.
  public func finish(soundEnded: Bool = false) {
    finishing = true
    self.soundEnded = self.soundEnded || soundEnded
  }

  /// The capture time up to which sound is still needed for the slots emitted so far (with
  /// the resampler's look-ahead); nil before the first slot.
  public var captureTimeNeeded: MonotonicTime? {
    announced.map {
      captureTime(ofFrame: owedEnd, in: $0)
        + format.nanoseconds(ofFrames: Int64(2 * targetDelayFrames))
    }
  }

  /// The first audio frame of slot `slot`: ⌊slot·rate/fps⌋.
  public func firstFrame(ofSlot slot: Int64) -> Int64 {
    Int64(
      Int128(slot) * Int128(format.sampleRate) * Int128(videoRate.denominator)
        / Int128(videoRate.numerator))
  }

  /// The capture time output frame `frame` stands for, in the segment starting at `segment`.
  private func captureTime(
    ofFrame frame: Int64, in segment: (firstSlot: Int64, target: MonotonicTime)
  ) -> MonotonicTime {
    let numerator =
      Int128(frame) * 1_000_000_000 * Int128(videoRate.numerator)
      - Int128(segment.firstSlot) * 1_000_000_000 * Int128(format.sampleRate)
      * Int128(videoRate.denominator)
    let denominator = Int128(format.sampleRate) * Int128(videoRate.numerator)
    return segment.target + Int64(numerator / denominator)
  }

  // MARK: - Rendering

  /// Produces as much of the owed audio as the captured sound allows at `now`.
  public func render(now: MonotonicTime) {
    while renderedEnd < owedEnd, output.freeFrames > 0 {
      if segmentCount > 0, renderedEnd == firstFrame(ofSlot: segments[0].firstSlot) {
        startRenderingNextSegment()
      }
      guard let segment = rendering else { break }
      let segmentEnd =
        segmentCount > 0 ? firstFrame(ofSlot: segments[0].firstSlot) : owedEnd
      let want = min(chunkFrames, Int(segmentEnd - renderedEnd), output.freeFrames)
      guard want > 0 else { break }
      let blockEnd = captureTime(ofFrame: renderedEnd + Int64(want), in: segment)
      let overdue = soundEnded || now - blockEnd > maximumWaitNanoseconds
      guard let desired = drift.frame(at: captureTime(ofFrame: renderedEnd, in: segment)) else {
        // No sound at all yet.
        guard overdue else { break }
        appendSilence(want)
        continue
      }
      if needsPlacement { jump(to: desired) }
      let feed = max(want + targetDelayFrames - compensator.delayFrames, 0)
      if !overdue, input.isEmpty || input.head < inputPosition + Int64(feed) { break }
      guard steer(toward: desired) else {
        needsPlacement = true
        continue
      }
      let absent = input.read(
        from: inputPosition, count: feed, into: inputScratch.baseAddress!)
      statistics.silenceFrames += Int64(absent)
      inputPosition += Int64(feed)
      let produced = compensator.convert(
        input: inputScratch.baseAddress!, inputFrames: feed,
        output: outputScratch.baseAddress!, capacity: want)
      output.append(outputScratch.baseAddress!, frames: produced)
      renderedEnd += Int64(produced)
      statistics.framesProduced += Int64(produced)
      if produced == 0 && feed == 0 { break }
    }
    if finishing, renderedEnd >= owedEnd { output.finish() }
  }

  private func startRenderingNextSegment() {
    if rendering != nil {
      output.cut()
      statistics.cuts += 1
    }
    resumingSegment = rendering != nil
    rendering = segments[0]
    for index in 1..<segmentCount { segments[index - 1] = segments[index] }
    segmentCount -= 1
    needsPlacement = true
  }

  /// Keeps the stream on the pictures a few frames at a time: measures how far the input being
  /// played is from where the pictures want it and has the resampler squeeze (the sound lags)
  /// or stretch it over the next half second. False when it is too far for that.
  private func steer(toward desired: Double) -> Bool {
    let actual = Double(inputPosition - Int64(compensator.delayFrames))
    let error = desired - actual
    guard abs(error) <= resyncFrames else { return false }
    let offset = abs(error) * 1e9 / Double(format.sampleRate)
    statistics.maxOffsetNanoseconds = max(statistics.maxOffsetNanoseconds, Int64(offset))
    offsetSumNanoseconds += offset
    offsetCount += 1
    statistics.meanOffsetNanoseconds = Int64(offsetSumNanoseconds / Double(offsetCount))
    // The factor 16 keeps sub-frame resolution in swr's integer arguments.
    compensator.compensate(
      deltaFrames: Int((-error * 16).rounded()), overFrames: format.sampleRate * 8)
    return true
  }

  /// Puts the input where the pictures want it by a jump: at the start of the take and of each
  /// resumed segment (the frames skipped then were captured while paused), or when the stream
  /// is too far off to steer.
  private func jump(to desired: Double) {
    let target = Int64(desired.rounded())
    // (At the take's start the skipped sound came before record was pressed; after a jump in
    // the middle of a segment the source's own gap counters tell what happened.)
    if resumingSegment, target > inputPosition {
      statistics.discardedWhilePausedFrames += target - inputPosition
    }
    resumingSegment = false
    inputPosition = target
    try? compensator.reset()
    needsPlacement = false
  }

  private func appendSilence(_ frames: Int) {
    outputScratch.update(repeating: 0)
    output.append(outputScratch.baseAddress!, frames: frames)
    renderedEnd += Int64(frames)
    statistics.framesProduced += Int64(frames)
    statistics.silenceFrames += Int64(frames)
  }

  // MARK: - Output

  /// Frames ready to read.
  public var readableFrames: Int { output.readableFrames }

  /// True once the take finished and every frame was read.
  public var isDrained: Bool {
    finishing && renderedEnd >= owedEnd && output.readableFrames == 0
  }

  /// Moves up to `frames` interleaved float frames, in order, to `buffer`; returns how many.
  public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
    output.read(into: buffer, frames: frames)
  }
}
