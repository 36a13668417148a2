/// Everything that decides how a take is recorded. Command-line flags and (later) the settings
/// file fill it in; the session validates it before any file is created.
public struct RecordingSettings: Sendable, Hashable, Codable {
  /// Size each camera is captured (and its own file written) at.
  public var size = ImageSize(width: 1280, height: 720)
  /// Output frame rate: the presentation clock ticks at this rate.
  public var frameRate = FrameRate(numerator: 30)
  /// Codec of the dual view, and of the camera files unless `cameraCodec` says otherwise.
  public var codec = VideoCodec.h264
  /// Codec of the front and back files when it differs from `codec`, or `copy` to store each
  /// camera's own MJPEG stream; nil = the same as `codec`.
  public var cameraCodec: CameraCodec?
  /// Container of all three files.
  public var container = ContainerFormat.mov
  /// Bitrate policy.
  public var bitrate = BitrateSetting.auto
  /// x264/x265 preset; nil = the default for the codec.
  public var preset: String?
  /// How the dual view is laid out.
  public var layout = LayoutSettings()
  /// Folder that receives take folders; nil = `$XDG_VIDEOS_DIR/DualCam` or `~/Videos/DualCam`.
  public var outputDirectory: String?
  /// Sound: input, format and codec. Optional only so that takes recorded before DualCam had
  /// sound still decode (their metadata has no `audio`, and they have none); `audioSettings`
  /// reads it.
  public var audio: AudioSettings? = AudioSettings()

  /// The default settings: 1280×720 at 30 fps, H.264 in MOV, automatic bitrate.
  public init() {}

  /// The preset used when none is set. Three simultaneous encodes must keep up on small
  /// machines: on two cores, x264 `veryfast` needs about 2.1 cores for 2×720p plus their
  /// 1280×1440 stack at 30 fps, `ultrafast` about one. A dropped frame costs a user more than a
  /// larger file.
  public static let defaultPreset = "ultrafast"

  /// The preset in force for the codec (nil for codecs without presets).
  public var effectivePreset: String? { preset(for: codec) }

  /// What the front and back files are written with.
  public var effectiveCameraCodec: CameraCodec { cameraCodec ?? .encode(codec) }

  /// True when the front and back files store the cameras' own streams (`copy`).
  public var copiesCameraStreams: Bool { effectiveCameraCodec == .copy }

  /// The sound settings; no sound for settings decoded without any.
  public var audioSettings: AudioSettings { audio ?? AudioSettings(input: .none) }

  /// The sound codec in force (see `AudioSettings.effectiveCodec`).
  public var effectiveAudioCodec: AudioCodec {
    audioSettings.effectiveCodec(container: container, videoCodec: codec)
  }

  /// The preset in force for outputs encoded with `codec` (nil for codecs without presets).
  public func preset(for codec: VideoCodec) -> String? {
    codec.takesPreset ? (preset ?? Self.defaultPreset) : nil
  }
}
