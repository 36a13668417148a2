public import Audio
public import Capture
public import DualCamCore

/// Decides where a take's sound comes from (`--audio`, or the settings file's `[audio] input`),
/// and says so: one rule for `dualcam record` and the interface.
public enum AudioSelection {
  /// The input chosen and what to tell the user about it.
  public struct Choice {
    /// The input; nil: no sound.
    public var source: (any AudioSource)?
    /// True when the user named the input: if it cannot be opened, nothing is recorded.
    public var required: Bool
    /// A line for the user: which input, or why there is no sound.
    public var note: String
  }

  /// The input `settings` asks for. `auto` takes the sound of a `file:` camera when no live
  /// camera is among `cameras` and a file has a sound track, else the system's default input
  /// if libasound lists one (and records without sound if it then cannot be opened); a named
  /// device must open, and `file` needs a file camera with sound.
  public static func choose(
    _ settings: AudioSettings, videoRate: FrameRate, cameras: [any CameraSource] = [],
    hasDefaultInput: () -> Bool = { AudioDeviceDiscovery.hasDefaultInput() }
  ) throws(DualCamError) -> Choice {
    var choice = try input(
      settings, videoRate: videoRate, cameras: cameras, hasDefaultInput: hasDefaultInput)
    if settings.muted && choice.source != nil {
      // Said every time: a take of silence must never come as a surprise.
      choice.note += "; MUTED ([audio] muted = true): takes record silence"
    }
    return choice
  }

  private static func input(
    _ settings: AudioSettings, videoRate: FrameRate, cameras: [any CameraSource],
    hasDefaultInput: () -> Bool
  ) throws(DualCamError) -> Choice {
    let format = AudioFormat(sampleRate: settings.sampleRate, channels: settings.channels)
    let described =
      "\(format.sampleRate) Hz, \(format.channels == 1 ? "mono" : "\(format.channels) channels")"
    switch settings.input {
    case .none:
      return Choice(source: nil, required: false, note: "sound: none (--audio none)")
    case .automatic:
      let live = cameras.contains { $0.info.kind == .v4l2 }
      if !live,
        let file = cameras.compactMap({ $0 as? FileCamera }).first(where: {
          FileAudioSource.hasSoundTrack($0.fileURL)
        })
      {
        return try fileChoice(file, settings: settings, required: false)
      }
      guard hasDefaultInput() else {
        return Choice(
          source: nil, required: false,
          note: "sound: none (no sound input found; --audio synthetic records a test tone)")
      }
      return Choice(
        source: ALSACaptureSource(device: "default", format: format), required: false,
        note: "sound: the system's default input (ALSA default), \(described); "
          + "--audio none records without")
    case .device(let name):
      return Choice(
        source: ALSACaptureSource(device: name, format: format), required: true,
        note: "sound: \(name), \(described)")
    case .synthetic:
      var options = SyntheticAudioOptions()
      options.format = format
      options.periodFrames = max(format.sampleRate / 100, 64)
      options.videoRate = videoRate
      return Choice(
        source: SyntheticAudioSource(options: options), required: true,
        note: "sound: synthetic tone with a click every second, \(described)")
    case .file:
      guard let file = cameras.compactMap({ $0 as? FileCamera }).first else {
        throw .invalidArgument(
          "--audio file plays the sound of a file: camera, and neither camera is a file",
          fix: "use --front file:PATH or --back file:PATH, or another --audio input")
      }
      // The first file camera with sound; if none has any, the first one says why.
      let files = cameras.compactMap { $0 as? FileCamera }
      let chosen = files.first { FileAudioSource.hasSoundTrack($0.fileURL) } ?? file
      return try fileChoice(chosen, settings: settings, required: true)
    }
  }

  /// The second input (`--audio2`), which the user named and must open; nil without one.
  public static func chooseSecond(
    _ settings: AudioSettings, videoRate: FrameRate
  ) throws(DualCamError) -> Choice? {
    guard let input2 = settings.input2, input2 != .none else { return nil }
    var second = settings
    second.input = input2
    second.input2 = nil
    var choice = try choose(second, videoRate: videoRate)
    let arrangement = settings.arrangement ?? .tracks
    choice.note =
      choice.note.replacingOccurrences(of: "sound: ", with: "second sound: ")
      + (arrangement == .mix ? ", mixed into the first track" : ", on a second track")
    return choice
  }

  /// The sound track of `camera`'s file, following that camera's playback.
  private static func fileChoice(
    _ camera: FileCamera, settings: AudioSettings, required: Bool
  ) throws(DualCamError) -> Choice {
    let source = try FileAudioSource(
      url: camera.fileURL, playback: camera.playback, rate: settings.sampleRate,
      channels: settings.channels)
    let format = source.info.format
    return Choice(
      source: source, required: required,
      note: "sound: the sound track of \(camera.fileURL.lastPathComponent), "
        + "\(format.sampleRate) Hz, \(format.channels == 1 ? "mono" : "\(format.channels) channels")"
        + (required ? "" : "; --audio none records without"))
  }
}
