public import Audio
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

  /// The input `settings` asks for. `auto` takes the system's default input if libasound lists
  /// one (and records without sound if it then cannot be opened); a named device must open.
  /// `cameraSpecs` are what the two cameras were opened from (`file:` sources may carry sound).
  public static func choose(
    _ settings: AudioSettings, videoRate: FrameRate, cameraSpecs: [String] = [],
    hasDefaultInput: () -> Bool = { AudioDeviceDiscovery.hasDefaultInput() }
  ) throws(DualCamError) -> Choice {
    var choice = try input(
      settings, videoRate: videoRate, cameraSpecs: cameraSpecs, hasDefaultInput: hasDefaultInput)
    if settings.muted && choice.source != nil {
      // Said every time: a take of silence must never come as a surprise.
      choice.note += "; MUTED ([audio] muted = true): takes record silence"
    }
    return choice
  }

  private static func input(
    _ settings: AudioSettings, videoRate: FrameRate, cameraSpecs: [String],
    hasDefaultInput: () -> Bool
  ) throws(DualCamError) -> Choice {
    let format = AudioFormat(sampleRate: settings.sampleRate, channels: settings.channels)
    let described =
      "\(format.sampleRate) Hz, \(format.channels == 1 ? "mono" : "\(format.channels) channels")"
    switch settings.input {
    case .none:
      return Choice(source: nil, required: false, note: "sound: none (--audio none)")
    case .automatic:
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
      // Said as well when neither camera is a file: it could not work even once supported.
      let noFileCamera =
        cameraSpecs.contains { $0.hasPrefix("file:") }
        ? "" : ", and neither camera is a file: source"
      throw .invalidArgument(
        "--audio file (the sound track of a file: camera) is not supported yet\(noFileCamera)",
        fix: "use --audio none, synthetic, default or a device such as hw:1,0")
    }
  }
}
