import Audio
import DualCamCore
import Encoding

/// A take's sound on the scheduler thread: captured periods and emitted slots go into one
/// `AudioTimeline` per input, which cuts the sound to the recorded timeline (pauses included),
/// and what they have ready is encoded once per track and written into all three files
/// (`AudioTrack`).
///
/// One input makes one track. Two inputs make two tracks (`tracks`: each its own timeline,
/// drift estimate and track) or one (`mix`: each its own timeline and drift estimate, summed
/// at −6 dB each into one track, limited to full scale so a loud moment never wraps around).
///
/// One `MuteSwitch` mutes every input: each track fades to silence over 4 ms and counts what it
/// wrote muted.
///
/// Only the scheduler thread touches it, from the take's start to its end; nothing here
/// allocates after init except what libav does per packet (a reference per file).
final class TakeAudio: @unchecked Sendable {
  // @unchecked: created on the control thread, then used by the scheduler thread alone (handed
  // over with the `.start` command, which goes through a mutex).

  /// What the take's sound counted, for the report, the metadata and the progress line.
  struct Counters: Sendable {
    /// The first input's timeline.
    var timeline = AudioTimelineStatistics()
    /// Frames encoded into the files' first sound track.
    var framesWritten: Int64 = 0
    /// Packets the encoders produced (each written to every file).
    var packets: Int64 = 0
    /// Frames of the first track written while the sound was muted (silence, after a 4 ms fade).
    var mutedFrames: Int64 = 0
    /// Where each segment of the recorded timeline starts: its first video frame and the capture
    /// time (monotonic, ns) that frame stands for.
    var segments: [(firstFrame: Int64, targetNanoseconds: Int64)] = []
    /// The second input's counters, when the take has one.
    var second: Second?

    /// What the second input counted.
    struct Second: Sendable {
      /// Its timeline.
      var timeline = AudioTimelineStatistics()
      /// Frames encoded into the track it went into (its own, or the mix).
      var framesWritten: Int64 = 0
      /// Frames of that track written while the sound was muted.
      var mutedFrames: Int64 = 0
    }
  }

  /// One encoded track and the timeline that feeds it.
  private struct Lane {
    let timeline: AudioTimeline
    let track: AudioTrack
    let scratch: UnsafeMutableBufferPointer<Float>
    let blockFrames: Int
    var fader: MuteFader
    var complete = false
  }

  /// What each input contributes at −6 dB in a mix, so two full-scale inputs just reach full
  /// scale.
  static let mixGain: Float = 0.5

  private var lanes: [Lane]
  private let mute: MuteSwitch
  /// In a mix, the second input's timeline (summed into the first lane) and where it is read.
  private let mixed: (timeline: AudioTimeline, scratch: UnsafeMutableBufferPointer<Float>)?
  /// The first slot of the segment being recorded and its target.
  private var segmentStart: (index: Int64, time: MonotonicTime)?
  private var finishing = false
  private(set) var counters = Counters()
  /// The first error met while encoding or writing; the take stops on it like on a video error.
  private(set) var error: DualCamError?
  /// True once every encoder's last packets are written (after the timelines drained).
  private(set) var isComplete = false

  /// One input, one track.
  convenience init(timeline: AudioTimeline, track: AudioTrack, mute: MuteSwitch) {
    self.init(lanes: [(timeline, track)], mixing: nil, mute: mute)
  }

  /// `lanes`: a timeline and its track per track (one or two); `mixing`: a second input's
  /// timeline summed into the first track (then `lanes` has one); `mute` silences them all.
  init(lanes: [(AudioTimeline, AudioTrack)], mixing: AudioTimeline?, mute: MuteSwitch) {
    precondition(!lanes.isEmpty && (mixing == nil || lanes.count == 1), "one mix, one track")
    self.mute = mute
    self.lanes = lanes.map { timeline, track in
      let block = track.encoder.frameSize
      return Lane(
        timeline: timeline, track: track,
        scratch: .allocate(capacity: block * timeline.format.channels), blockFrames: block,
        fader: MuteFader(sampleRate: timeline.format.sampleRate, muted: mute.isOn))
    }
    mixed = mixing.map { timeline in
      (timeline, .allocate(capacity: lanes[0].1.encoder.frameSize * timeline.format.channels))
    }
    counters.segments.reserveCapacity(64)
    if lanes.count > 1 || mixing != nil { counters.second = Counters.Second() }
  }

  deinit {
    for lane in lanes { lane.scratch.deallocate() }
    mixed?.scratch.deallocate()
  }

  /// The first input's timeline.
  var timeline: AudioTimeline { lanes[0].timeline }
  /// The tracks written, in the files' order.
  var tracks: [AudioTrack] { lanes.map(\.track) }
  /// True when the second input is mixed into the first track.
  var mixes: Bool { mixed != nil }

  /// Takes in a period captured by input `input` (0 or 1; the caller releases it).
  func append(_ period: AudioPeriodBuffer, input: Int = 0) {
    guard !isComplete else { return }
    if input == 0 {
      lanes[0].timeline.append(period)
    } else if let mixed {
      mixed.timeline.append(period)
    } else if lanes.count > 1 {
      lanes[1].timeline.append(period)
    }
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
    for lane in lanes { lane.timeline.slotEmitted(index: index, targetTime: target) }
    mixed?.timeline.slotEmitted(index: index, targetTime: target)
  }

  /// Renders what the captured sound allows and encodes every whole block of it (at the end,
  /// the rest).
  func pump(now: MonotonicTime) {
    guard error == nil, !isComplete else { return }
    mixed?.timeline.render(now: now)
    do throws(DualCamError) {
      for index in lanes.indices where !lanes[index].complete {
        lanes[index].timeline.render(now: now)
        try encode(&lanes[index])
        let lane = lanes[index]
        if finishing && lane.timeline.isDrained && mixed?.timeline.isDrained != false {
          try lane.track.finish()
          lanes[index].complete = true
        }
      }
      isComplete = lanes.allSatisfy(\.complete)
    } catch {
      self.error = error
    }
    updateCounters()
  }

  /// Encodes every whole block `lane` has ready (at the end, the rest), mixed if asked.
  private func encode(_ lane: inout Lane) throws(DualCamError) {
    while true {
      var ready = lane.timeline.readableFrames
      if let mixed { ready = min(ready, mixed.timeline.readableFrames) }
      guard ready >= lane.blockFrames || (finishing && ready > 0) else { return }
      let samples = lane.scratch.baseAddress!
      let count = lane.timeline.read(into: samples, frames: min(lane.blockFrames, ready))
      guard count > 0 else { return }
      if let mixed {
        let other = mixed.scratch.baseAddress!
        let got = mixed.timeline.read(into: other, frames: count)
        let channels = lane.timeline.format.channels
        for sample in 0..<(count * channels) {
          let added = (sample < got * channels ? other[sample] : 0) + samples[sample]
          samples[sample] = min(max(added * Self.mixGain, -1), 1)
        }
      }
      lane.fader.apply(
        samples, frames: count, channels: lane.timeline.format.channels, muted: mute.isOn)
      try lane.track.write(samples, frames: count)
    }
  }

  private func updateCounters() {
    counters.timeline = lanes[0].timeline.statistics
    counters.framesWritten = lanes[0].track.framesWritten
    counters.mutedFrames = lanes[0].fader.mutedFrames
    var packets: Int64 = 0
    for lane in lanes { packets += lane.track.encoder.packetsProduced }
    counters.packets = packets
    if let mixed {
      // Mixed, the second input is written inside the first track and muted with it, so its
      // frames written and muted are that track's.
      counters.second = Counters.Second(
        timeline: mixed.timeline.statistics, framesWritten: lanes[0].track.framesWritten,
        mutedFrames: lanes[0].fader.mutedFrames)
    } else if lanes.count > 1 {
      counters.second = Counters.Second(
        timeline: lanes[1].timeline.statistics, framesWritten: lanes[1].track.framesWritten,
        mutedFrames: lanes[1].fader.mutedFrames)
    }
  }

  /// The take's last slot was decided: the sound is completed up to its end (waiting for the
  /// last of it to be captured, at most the timeline's wait) and the encoders drained.
  /// `soundEnded` / `secondEnded`: the first / second input has stopped capturing.
  func finish(soundEnded: Bool, secondEnded: Bool = true) {
    finishing = true
    lanes[0].timeline.finish(soundEnded: soundEnded)
    if lanes.count > 1 { lanes[1].timeline.finish(soundEnded: secondEnded) }
    mixed?.timeline.finish(soundEnded: secondEnded)
  }

  /// True once every frame of the take's sound is in the files (or it failed).
  var isDone: Bool { isComplete || error != nil }
}
