import DualCamCore

/// The capture thread's side of an ALSA source: reads one period at a time, stamps it, counts
/// overruns and gaps, and notices an unplugged device.
///
/// ## The capture time of a period
/// With timestamps enabled on CLOCK_MONOTONIC, `snd_pcm_htimestamp` returns, as one consistent
/// snapshot, the frames available to read (`avail`) and the time `tstamp` at which the driver
/// last moved its hardware pointer, i.e. when the newest of those frames had just been captured.
/// The frames in the buffer are contiguous and end at `tstamp`, so the oldest one, which is the
/// first frame the next read returns, was captured `avail / rate` seconds earlier:
/// `first = tstamp − avail / rate`. The snapshot is taken just before the read, so no frame can
/// leave the buffer in between (frames captured in between are newer and do not move the
/// oldest). Reading it after the read would need `avail + framesRead` instead. The time does
/// not depend on when the thread woke up, so scheduling delays do not move the sound against
/// the pictures.
struct ALSAPeriodReader: Sendable {
  private var pcm: (any ALSAPCM)?
  private let configuration: ALSAConfiguration
  private let clock: any MonotonicClock
  private let sink: any AudioSink
  private let pool: AudioPeriodPool
  private let spill: AudioPeriodPool
  /// Position on the source's sample clock of the next frame read.
  private var nextFrameIndex: Int64 = 0
  /// When the next frame would have been captured had nothing been lost.
  private var expectedTime: MonotonicTime?
  /// An overrun, suspend or unplug happened since the last period: measure the gap.
  private var gapPending = false
  /// When the last period was read (or the device opened).
  private var lastDelivery: MonotonicTime

  /// A device that delivers nothing for this long is treated as lost and re-opened: some USB
  /// devices stall without reporting an error.
  static let stallNanoseconds: Int64 = 2_000_000_000
  /// A device stamp further than this from the monotonic clock's now is not on that clock.
  static let plausibleStampNanoseconds: Int64 = 60_000_000_000

  init(
    pcm: any ALSAPCM, configuration: ALSAConfiguration, clock: any MonotonicClock,
    sink: any AudioSink, pool: AudioPeriodPool, spill: AudioPeriodPool
  ) {
    self.pcm = pcm
    self.configuration = configuration
    self.clock = clock
    self.sink = sink
    self.pool = pool
    self.spill = spill
    lastDelivery = clock.now()
  }

  var isOpen: Bool { pcm != nil }

  /// Waits for one period (at most 200 ms), reads and delivers it, or handles what went wrong.
  mutating func readPeriod(loop: AudioCaptureLoop) {
    guard let pcm else { return }
    let leased = pool.lease()
    guard let buffer = leased ?? spill.lease() else { return }
    do throws(ALSACallError) {
      guard try pcm.wait(timeoutMilliseconds: 200) else {
        buffer.release()
        noticeStall(loop: loop)
        return
      }
      let stamp = try pcm.timestamp()
      let frames = try pcm.read(into: buffer.mutableBytes, frames: buffer.capacityFrames)
      guard frames > 0 else {
        buffer.release()
        return
      }
      let format = configuration.format
      // A device that keeps no timestamps reports zero, and one that ignored the monotonic
      // timestamp type reports wall-clock time (decades away): the read time is the best left.
      let now = clock.now()
      let stamped = abs(stamp.time - now) < Self.plausibleStampNanoseconds
      let end = stamped ? stamp.time : now
      if !stamped { loop.count { $0.periodsStampedOnRead += 1 } }
      let first = end - format.nanoseconds(ofFrames: Int64(stamp.availableFrames))
      let followsGap = gapPending
      if gapPending, let expectedTime {
        let missing = format.frames(inNanoseconds: first - expectedTime)
        if missing > 0 {
          nextFrameIndex += missing
          loop.count {
            $0.gaps += 1
            $0.missingFrames += missing
          }
        }
      }
      gapPending = false
      lastDelivery = now
      buffer.stamp(
        frames: frames, firstFrameIndex: nextFrameIndex, captureTime: first,
        followsGap: followsGap)
      nextFrameIndex += Int64(frames)
      expectedTime = first + format.nanoseconds(ofFrames: Int64(frames))
      guard leased != nil else {
        buffer.release()
        loop.count { $0.droppedNoBuffer += 1 }
        return
      }
      loop.count {
        $0.periodsDelivered += 1
        $0.framesDelivered += Int64(frames)
      }
      sink.deliver(buffer)
    } catch {
      buffer.release()
      handle(error, loop: loop)
    }
  }

  /// Overruns and suspends are recovered in place; anything else loses the device.
  private mutating func handle(_ error: ALSACallError, loop: AudioCaptureLoop) {
    guard let pcm else { return }
    switch error.code {
    case ALSAErrno.overrun, ALSAErrno.suspended:
      gapPending = true
      loop.count {
        if error.code == ALSAErrno.overrun { $0.xruns += 1 } else { $0.suspends += 1 }
      }
      do throws(ALSACallError) {
        try pcm.recover(from: error.code)
      } catch {
        lose(error, loop: loop)
      }
    default:
      lose(error, loop: loop)
    }
  }

  private mutating func lose(_ error: ALSACallError, loop: AudioCaptureLoop) {
    lose(
      reason: error.isDisconnect
        ? "the sound device was disconnected" : "the sound device failed: \(error)",
      loop: loop)
  }

  private mutating func noticeStall(loop: AudioCaptureLoop) {
    guard clock.now() - lastDelivery >= Self.stallNanoseconds else { return }
    lose(reason: "the sound device stopped delivering sound", loop: loop)
  }

  private mutating func lose(reason: String, loop: AudioCaptureLoop) {
    pcm = nil
    gapPending = true
    loop.count { $0.signalLosses += 1 }
    sink.audioEvent(.signalLost(reason: reason))
  }

  /// Carries on with a re-opened device; the next period measures the gap.
  mutating func restore(_ reopened: any ALSAPCM) {
    pcm = reopened
    gapPending = true
    lastDelivery = clock.now()
    sink.audioEvent(.signalRestored)
  }

  /// Lets go of the device (closing it when nothing else holds it).
  mutating func close() { pcm = nil }
}
