internal import CFFmpeg
public import DualCamCore
public import Foundation
import Media

/// Everything needed to write one output file ("front", "back" or "dualview") of a take.
public struct OutputSpec: Sendable, Hashable {
  /// The output's role, used in messages and file names ("front", "back", "dualview").
  public var name: String
  /// Where the file is written; the folder must exist.
  public var url: URL
  /// Picture size; even in both directions (4:2:0).
  public var size: ImageSize
  /// Frame rate; the file's time base is exactly its inverse.
  public var frameRate: FrameRate
  /// Video codec.
  public var codec: VideoCodec
  /// File format.
  public var container: ContainerFormat
  /// Target bits per second; nil leaves the codec's own rate control (x264/x265 CRF, a fixed
  /// MJPEG quality, FFV1 is always lossless).
  public var bitsPerSecond: Int?
  /// x264/x265 preset (`ultrafast` … `placebo`); nil uses the encoder's default (`medium`).
  /// Ignored by MJPEG and FFV1.
  public var preset: String?
  /// libavcodec worker threads for this encoder (`AVCodecContext.thread_count`); 0 lets libav
  /// choose, which for three encoders at once usually oversubscribes the machine.
  public var encoderThreads: Int
  /// Frames from one keyframe to the next; also how often the file is made crash-safe.
  public var keyframeInterval: Int
  /// True when the file stores a camera's own compressed pictures as they came (stream copy,
  /// written by `PacketCopyWriter`) instead of encoding; `codec` is then the camera's (MJPEG),
  /// and bitrate and preset do not apply.
  public var streamCopy: Bool

  /// Describes one output; `keyframeInterval` defaults to about one second of frames.
  public init(
    name: String, url: URL, size: ImageSize, frameRate: FrameRate, codec: VideoCodec = .h264,
    container: ContainerFormat = .mov, bitsPerSecond: Int? = nil, preset: String? = "veryfast",
    encoderThreads: Int = 0, keyframeInterval: Int? = nil, streamCopy: Bool = false
  ) {
    self.name = name
    self.url = url
    self.size = size
    self.frameRate = frameRate
    self.codec = codec
    self.container = container
    self.bitsPerSecond = bitsPerSecond
    self.preset = preset
    self.encoderThreads = encoderThreads
    self.keyframeInterval = keyframeInterval ?? Self.defaultKeyframeInterval(for: frameRate)
    self.streamCopy = streamCopy
  }

  /// The x264/x265 presets, fastest first.
  public static let presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]

  /// About one second of frames (at least 1), so a crash loses at most about a second.
  public static func defaultKeyframeInterval(for rate: FrameRate) -> Int {
    guard rate.numerator > 0, rate.denominator > 0 else { return 1 }
    return max(1, Int(rate.framesPerSecond.rounded()))
  }

  /// The duration of `frames` frames at this output's rate, in seconds.
  public func duration(ofFrames frames: Int64) -> Double {
    guard frameRate.numerator > 0 else { return 0 }
    return Double(frames) * Double(frameRate.denominator) / Double(frameRate.numerator)
  }
}

// MARK: - Names libav knows

extension VideoCodec {
  /// The libavcodec encoder used for this codec.
  var encoderName: String {
    switch self {
    case .h264: "libx264"
    case .hevc: "libx265"
    case .mjpeg: "mjpeg"
    case .ffv1: "ffv1"
    }
  }

  /// How messages name the codec.
  var displayName: String {
    switch self {
    case .h264: "H.264"
    case .hevc: "HEVC"
    case .mjpeg: "MJPEG"
    case .ffv1: "FFV1"
    }
  }
}

extension ContainerFormat {
  /// The libavformat muxer name.
  var muxerName: String {
    switch self {
    case .mov: "mov"
    case .mp4: "mp4"
    case .mkv: "matroska"
    }
  }

  /// How messages name the container.
  var displayName: String { rawValue.uppercased() }

  /// MOV and MP4 (ISO base media files): fragmented while recording, rewritten at the end.
  var isISOMedia: Bool { self == .mov || self == .mp4 }
}
