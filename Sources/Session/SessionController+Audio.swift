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

  /// Opens the take's sound encoder in the format the source delivers (what the device
  /// granted), with the codec the settings call for; nil when the session has no sound.
  func makeAudioEncoder() throws(DualCamError) -> AudioEncoder? {
    guard let audio = audioInput, audio.isRunning else { return nil }
    let format = audio.source.info.format
    var encoderSettings = AudioEncoderSettings(
      settings.audioSettings, container: settings.container, videoCodec: settings.codec)
    encoderSettings.sampleRate = format.sampleRate
    encoderSettings.channels = format.channels
    return try AudioEncoder(settings: encoderSettings)
  }

  /// Mutes the sound (true) or unmutes it, from now on: a take records silence meanwhile, after
  /// a 4 ms fade, and counts it (`audio.muted_frames`). Without sound it does nothing.
  public func setMuted(_ muted: Bool) {
    audioInput?.mute.set(muted)
  }

  /// True while the sound is muted.
  public var isMuted: Bool { audioInput?.mute.isOn ?? false }

  /// The take's sound pipeline for `encoder`, writing into every writer's sound stream, muted
  /// while `mute` is on.
  static func makeTakeAudio(
    encoder: AudioEncoder, writers: OutputSet<OutputWriter>, videoRate: FrameRate,
    mute: MuteSwitch
  ) throws(DualCamError) -> TakeAudio {
    let settings = encoder.settings
    let timeline = try AudioTimeline(
      format: AudioFormat(sampleRate: settings.sampleRate, channels: settings.channels),
      videoRate: videoRate)
    var destinations: [(file: OutputFile, stream: OutputFile.Stream)] = []
    for writer in writers {
      guard let stream = writer.audioStream else { continue }
      destinations.append((writer.file, stream))
    }
    return TakeAudio(
      timeline: timeline, track: try AudioTrack(encoder: encoder, destinations: destinations),
      mute: mute)
  }

  /// What `metadata.json` says about the take's sound; nil without sound.
  func audioRecord(_ counters: TakeAudio.Counters?, encoder: AudioEncoder?)
    -> TakeMetadata.AudioRecord?
  {
    guard let audio = audioInput, let counters, let encoder else { return nil }
    let info = audio.source.info
    let source = audio.source.counters
    let encoded = encoder.settings
    var record = TakeMetadata.AudioRecord(
      input: settings.audioSettings.input.description, kind: info.kind, label: info.label,
      device: info.device, sampleRate: encoded.sampleRate, channels: encoded.channels,
      codec: encoded.codec.rawValue,
      bitrate: encoded.codec.isPCM ? nil : encoded.bitsPerSecond)
    let statistics = counters.timeline
    record.durationSeconds = Double(counters.framesWritten) / Double(encoded.sampleRate)
    record.framesCaptured = statistics.framesCaptured
    record.framesWritten = counters.framesWritten
    record.silenceFrames = statistics.silenceFrames
    record.discardedWhilePausedFrames = statistics.discardedWhilePausedFrames
    record.cuts = statistics.cuts
    record.xruns = source.xruns
    record.gaps = source.gaps
    record.missingFrames = source.missingFrames
    record.signalLosses = source.signalLosses
    record.periodsDropped = source.droppedNoBuffer + audio.queue.droppedCount
    record.mutedFrames = counters.mutedFrames
    record.driftPpm = (statistics.driftPPM * 100).rounded() / 100
    record.offsetMaxMilliseconds = Double(statistics.maxOffsetNanoseconds) / 1e6
    record.offsetMeanMilliseconds = Double(statistics.meanOffsetNanoseconds) / 1e6
    record.segments = counters.segments.map {
      TakeMetadata.SegmentRecord(firstFrame: $0.firstFrame, targetNanoseconds: $0.targetNanoseconds)
    }
    record.note = encoder.fallbackNote
    return record
  }

  /// The sound part of a snapshot; nil without sound.
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
      signalLost: audio.signalLost, mutedFrames: counters.mutedFrames)
  }

  /// The sound input as the level meter shows it, from the preview on; nil without sound.
  func soundInput() -> SessionSnapshot.SoundInput? {
    guard let audio = audioInput, audio.isRunning else { return nil }
    let counters = audio.source.counters
    return SessionSnapshot.SoundInput(
      label: audio.source.info.label, format: audio.source.info.format, levels: audio.levels,
      muted: audio.mute.isOn, signalLost: audio.signalLost,
      framesCaptured: counters.framesDelivered, xruns: counters.xruns, gaps: counters.gaps)
  }
}
