import ArgumentParser
import Budget
import DualCamCore

/// Flags that set how a take is encoded and where it goes.
struct RecordingOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "Camera frame size: WIDTHxHEIGHT, 480p, 720p, 1080p or 4k (default 1280x720).")
  var size: String?

  @Option(name: .long, help: "Frame rate of all outputs: 30, 29.97, 30000/1001 (default 30).")
  var fps: String?

  @Option(name: .long, help: "Codec: h264 (default), hevc, mjpeg, ffv1 (lossless).")
  var codec: String?

  @Option(
    name: .long,
    help: """
      Codec of the front and back files: copy (each camera's own MJPEG, not re-encoded), \
      h264, hevc, mjpeg, ffv1 (default: as --codec).
      """)
  var cameraCodec: String?

  @Option(name: .long, help: "Container: mov (default), mp4, mkv.")
  var container: String?

  @Option(
    name: .long, help: "Bitrate per output: auto (default), low, medium, high, max, or e.g. 8M.")
  var bitrate: String?

  @Option(name: .long, help: "x264/x265 preset: ultrafast … veryslow (default ultrafast).")
  var preset: String?

  @Option(name: [.customShort("o"), .long], help: "Folder for takes (default ~/Videos/DualCam).")
  var output: String?

  // Sound (issue 15): a block of its own.
  @OptionGroup var audio: AudioOptions

  /// `base` (the settings file's) with these flags applied, validated.
  /// The kinds of budget change the flags given rule out: a value given on the command line
  /// is the user's decision, which `--budget=adapt` never overrides.
  var budgetKindsGiven: Set<BudgetChange.Kind> {
    var given: Set<BudgetChange.Kind> = []
    if size != nil { given.insert(.size) }
    if fps != nil { given.insert(.frameRate) }
    if preset != nil { given.insert(.preset) }
    return given
  }

  func settings(over base: RecordingSettings = RecordingSettings()) throws(DualCamError)
    -> RecordingSettings
  {
    var settings = base
    if let size { settings.size = try ImageSize(parsing: size).validatedAsCameraSize() }
    if let fps { settings.frameRate = try FrameRate(parsing: fps) }
    if let codec { settings.codec = try VideoCodec(parsing: codec) }
    if let cameraCodec { settings.cameraCodec = try CameraCodec(parsing: cameraCodec) }
    if let container { settings.container = try ContainerFormat(parsing: container) }
    if let bitrate { settings.bitrate = try BitrateSetting(parsing: bitrate) }
    if let preset {
      let camera = settings.effectiveCameraCodec
      guard settings.codec.takesPreset || (camera != .copy && camera.streamCodec.takesPreset) else {
        throw .invalidArgument(
          "--preset applies to h264 and hevc, not \(settings.codec.rawValue)",
          fix: "drop --preset or choose --codec h264")
      }
      settings.preset = preset.lowercased()
    }
    if let output { settings.outputDirectory = output }
    settings.audio = try audio.settings(over: settings.audioSettings).validated(
      container: settings.container, videoCodec: settings.codec)
    return settings
  }
}
