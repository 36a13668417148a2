import Audio
import DualCamCore
import Encoding

/// A take's sound on the scheduler thread: captured periods and emitted slots go into the
/// `AudioTimeline`, which cuts the sound to the recorded timeline (pauses included), and what
/// it has ready is encoded once and written into all three files (`AudioTrack`).
///
/// Only the scheduler thread touches it, from the take's start to its end; nothing here
/// allocates after init except what libav does per packet (a reference per file).
final class TakeAudio: @unchecked Sendable {
  // @unchecked: created on the control thread, then used by the scheduler thread alone (handed
  // over with the `.start` command, which goes through a mutex).

  /// What the take's sound counted, for the report, the metadata and the progress line.
  struct Counters: Sendable {
    var timeline = AudioTimelineStatistics()
    /// Frames encoded into the files.
    var framesWritten: Int64 = 0
    /// Packets the encoder produced (each written to every file).
    var packets: Int64 = 0
    /// Frames written while the sound was muted (silence, after a 4 ms fade).
    var mutedFrames: Int64 = 0
    /// Where each segment of the recorded timeline starts: its first video frame and the capture
    /// time (monotonic, ns) that frame stands for.
    var segments: [(firstFrame: Int64, targetNanoseconds: Int64)] = []
  }

  let timeline: AudioTimeline
  let track: AudioTrack
  private let mute: MuteSwitch
  private var fader: MuteFader
  private let scratch: UnsafeMutableBufferPointer<Float>
  private let blockFrames: Int
  /// The first slot of the segment being recorded and its target.
  private var segmentStart: (index: Int64, time: MonotonicTime)?
  private var finishing = false
  private(set) var counters = Counters()
  /// The first error met while encoding or writing; the take stops on it like on a video error.
  private(set) var error: DualCamError?
  /// True once the encoder's last packets are written (after `isDrained`).
  private(set) var isComplete = false

  init(timeline: AudioTimeline, track: AudioTrack, mute: MuteSwitch) {
    self.timeline = timeline
    self.track = track
    self.mute = mute
    fader = MuteFader(sampleRate: timeline.format.sampleRate, muted: mute.isOn)
    blockFrames = track.encoder.frameSize
    scratch = .allocate(capacity: blockFrames * timeline.format.channels)
    counters.segments.reserveCapacity(64)
  }

  deinit { scratch.deallocate() }

  /// Takes in a captured period (the caller releases it).
  func append(_ period: AudioPeriodBuffer) {
    guard !isComplete else { return }
    timeline.append(period)
  }

  /// The synchronizer decided slot `index` for capture time `target`.
  func slotDecided(index: Int64, target: MonotonicTime) {
    guard !finishing else { return }
    let continues = segmentStart.map { start in
      abs(target - (start.time + timeline.videoRate.time(ofFrame: index - start.index))) <= 1_000
    }
    if continues != true {
      segmentStart = (index, target)
      if counters.segments.count < 64 { counters.segments.append((index, target.nanoseconds)) }
    }
    timeline.slotEmitted(index: index, targetTime: target)
  }

  /// Renders what the captured sound allows and encodes every whole block of it (at the end,
  /// the rest).
  func pump(now: MonotonicTime) {
    guard error == nil, !isComplete else { return }
    timeline.render(now: now)
    do throws(DualCamError) {
      while timeline.readableFrames >= blockFrames || (finishing && timeline.readableFrames > 0) {
        let count = timeline.read(into: scratch.baseAddress!, frames: blockFrames)
        guard count > 0 else { break }
        fader.apply(
          scratch.baseAddress!, frames: count, channels: timeline.format.channels,
          muted: mute.isOn)
        try track.write(scratch.baseAddress!, frames: count)
      }
      if finishing && timeline.isDrained {
        try track.finish()
        isComplete = true
      }
    } catch {
      self.error = error
    }
    counters.timeline = timeline.statistics
    counters.framesWritten = track.framesWritten
    counters.packets = track.encoder.packetsProduced
    counters.mutedFrames = fader.mutedFrames
  }

  /// The take's last slot was decided: the sound is completed up to its end (waiting for the
  /// last of it to be captured, at most the timeline's wait) and the encoder drained.
  func finish(soundEnded: Bool) {
    finishing = true
    timeline.finish(soundEnded: soundEnded)
  }

  /// True once every frame of the take's sound is in the files (or it failed).
  var isDone: Bool { isComplete || error != nil }
}
