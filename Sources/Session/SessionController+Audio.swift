public import Audio
import DualCamCore
import Encoding
import Media

extension SessionController {
  /// Peak and RMS of each sound channel now, in dBFS with a clip light: from the preview on, so
  /// the interface shows the microphone is live before a take starts. Empty without sound.
  public func audioLevels() -> [LevelMeter.ChannelLevel] {
    audioInput?.levels ?? []
  }

  /// How the take's two inputs are arranged (with one input, one track).
  var audioArrangement: AudioArrangement { settings.audioSettings.arrangement ?? .tracks }

  /// Opens the take's sound encoders in the format each source delivers (what the device
  /// granted), with the codec the settings call for: one per track of the files (none without
  /// sound; two for two inputs as `tracks`, one for a `mix`).
  func makeAudioEncoders() throws(DualCamError) -> [AudioEncoder] {
    guard let audio = audioInput, audio.isRunning else { return [] }
    var encoders = [try makeAudioEncoder(for: audio.source.info.format)]
    if let second = audioInput2, second.isRunning {
      let format = second.source.info.format
      switch audioArrangement {
      case .tracks:
        encoders.append(try makeAudioEncoder(for: format))
      case .mix:
        let first = audio.source.info.format
        guard format.sampleRate == first.sampleRate else {
          throw .sourceUnavailable(
            "the two sound inputs run at \(first.sampleRate) and \(format.sampleRate) Hz, "
              + "and can be mixed only at one rate",
            fix: "use --audio-mix tracks, or plughw:… devices that convert the rate")
        }
      }
    }
    return encoders
  }

  private func makeAudioEncoder(for format: AudioFormat) throws(DualCamError) -> AudioEncoder {
    var encoderSettings = AudioEncoderSettings(
      settings.audioSettings, container: settings.container, videoCodec: settings.codec)
    encoderSettings.sampleRate = format.sampleRate
    encoderSettings.channels = format.channels
    return try AudioEncoder(settings: encoderSettings)
  }

  /// Mutes the sound (true) or unmutes it, from now on: a take records silence meanwhile, after
  /// a 4 ms fade, and counts it (`audio.muted_frames`). It mutes a second input too. Without
  /// sound it does nothing.
  public func setMuted(_ muted: Bool) {
    audioInput?.mute.set(muted)
    audioInput2?.mute.set(muted)
  }

  /// True while the sound is muted.
  public var isMuted: Bool { audioInput?.mute.isOn ?? false }

  /// The take's sound pipeline for `encoders` (one per sound stream of the writers, in order);
  /// with `mixing`, a second input summed into the first track; silent while `mute` is on.
  static func makeTakeAudio(
    encoders: [AudioEncoder], writers: OutputSet<OutputWriter>, videoRate: FrameRate,
    mixing: Bool = false, mute: MuteSwitch
  ) throws(DualCamError) -> TakeAudio {
    var lanes: [(AudioTimeline, AudioTrack)] = []
    for (index, encoder) in encoders.enumerated() {
      let settings = encoder.settings
      let timeline = try AudioTimeline(
        format: AudioFormat(sampleRate: settings.sampleRate, channels: settings.channels),
        videoRate: videoRate)
      var destinations: [(file: OutputFile, stream: OutputFile.Stream)] = []
      for writer in writers where writer.audioStreams.indices.contains(index) {
        destinations.append((writer.file, writer.audioStreams[index]))
      }
      lanes.append((timeline, try AudioTrack(encoder: encoder, destinations: destinations)))
    }
    let mixed = try mixing ? AudioTimeline(format: lanes[0].0.format, videoRate: videoRate) : nil
    return TakeAudio(lanes: lanes, mixing: mixed, mute: mute)
  }

  /// What `metadata.json` says about the take's sound: the first input and the second (nil
  /// without them).
  func audioRecords(_ counters: TakeAudio.Counters?, take: TakeAudio?)
    -> (first: TakeMetadata.AudioRecord?, second: TakeMetadata.AudioRecord?)
  {
    guard let audio = audioInput, let counters, let take else { return (nil, nil) }
    let twoInputs = counters.second != nil
    let arrangement = twoInputs ? audioArrangement.rawValue : nil
    let tracks = take.tracks
    var first = audioRecord(
      input: settings.audioSettings.input, audio: audio, encoder: tracks[0].encoder,
      timeline: counters.timeline, framesWritten: counters.framesWritten,
      mutedFrames: counters.mutedFrames)
    first.segments = counters.segments.map {
      TakeMetadata.SegmentRecord(firstFrame: $0.firstFrame, targetNanoseconds: $0.targetNanoseconds)
    }
    first.track = twoInputs ? 1 : nil
    first.arrangement = arrangement
    guard let second = counters.second, let audio2 = audioInput2 else { return (first, nil) }
    let trackIndex = take.mixes ? 0 : 1
    var record = audioRecord(
      input: settings.audioSettings.input2 ?? .none, audio: audio2,
      encoder: tracks[trackIndex].encoder, timeline: second.timeline,
      framesWritten: second.framesWritten, mutedFrames: second.mutedFrames)
    record.segments = first.segments
    record.track = trackIndex + 1
    record.arrangement = arrangement
    return (first, record)
  }

  private func audioRecord(
    input: AudioInput, audio: SessionAudio, encoder: AudioEncoder,
    timeline statistics: AudioTimelineStatistics, framesWritten: Int64, mutedFrames: Int64
  ) -> TakeMetadata.AudioRecord {
    let info = audio.source.info
    let source = audio.source.counters
    let encoded = encoder.settings
    var record = TakeMetadata.AudioRecord(
      input: input.description, kind: info.kind, label: info.label,
      device: info.device, sampleRate: encoded.sampleRate, channels: encoded.channels,
      codec: encoded.codec.rawValue,
      bitrate: encoded.codec.isPCM ? nil : encoded.bitsPerSecond)
    record.durationSeconds = Double(framesWritten) / Double(encoded.sampleRate)
    record.framesCaptured = statistics.framesCaptured
    record.framesWritten = framesWritten
    record.silenceFrames = statistics.silenceFrames
    record.discardedWhilePausedFrames = statistics.discardedWhilePausedFrames
    record.cuts = statistics.cuts
    record.xruns = source.xruns
    record.gaps = source.gaps
    record.missingFrames = source.missingFrames
    record.signalLosses = source.signalLosses
    record.reopens = source.reopens
    record.periodsDropped = source.droppedNoBuffer + audio.queue.droppedCount
    record.mutedFrames = mutedFrames
    record.driftPpm = (statistics.driftPPM * 100).rounded() / 100
    record.rejectedDriftFits = statistics.rejectedDriftFits
    record.offsetMaxMilliseconds = Double(statistics.maxOffsetNanoseconds) / 1e6
    record.offsetMeanMilliseconds = Double(statistics.meanOffsetNanoseconds) / 1e6
    record.note = encoder.fallbackNote
    return record
  }

  /// The sound part of a snapshot (the first input's); nil without sound.
  func audioStatus(_ counters: TakeAudio.Counters?) -> SessionSnapshot.AudioStatus? {
    guard let audio = audioInput, audio.isRunning else { return nil }
    let source = audio.source.counters
    let counters = counters ?? TakeAudio.Counters()
    let rate = Double(audio.source.info.format.sampleRate)
    return SessionSnapshot.AudioStatus(
      label: audio.source.info.label, writtenSeconds: Double(counters.framesWritten) / rate,
      framesCaptured: counters.timeline.framesCaptured, framesWritten: counters.framesWritten,
      xruns: source.xruns, gaps: source.gaps, driftPPM: counters.timeline.driftPPM,
      maxOffsetMilliseconds: Double(counters.timeline.maxOffsetNanoseconds) / 1e6,
      signalLost: audio.signalLost || audioInput2?.signalLost == true,
      mutedFrames: counters.mutedFrames)
  }

  /// The sound input as the level meter shows it, from the preview on; nil without sound.
  func soundInput() -> SessionSnapshot.SoundInput? {
    guard let audio = audioInput, audio.isRunning else { return nil }
    let counters = audio.source.counters
    return SessionSnapshot.SoundInput(
      label: audio.source.info.label, format: audio.source.info.format, levels: audio.levels,
      muted: audio.mute.isOn, signalLost: audio.signalLost || audioInput2?.signalLost == true,
      framesCaptured: counters.framesDelivered, xruns: counters.xruns, gaps: counters.gaps)
  }
}
