public import DualCamCore
import Media

/// What a take's sound is encoded as.
public struct AudioEncoderSettings: Sendable, Hashable {
  /// The codec.
  public var codec: AudioCodec
  /// Frames per second.
  public var sampleRate: Int
  /// Interleaved channels.
  public var channels: Int
  /// Bitrate of AAC and Opus (PCM ignores it).
  public var bitsPerSecond: Int
  /// True when the container keeps the codec's headers out of band (MOV, MP4 and MKV all do).
  public var globalHeader: Bool
  /// True when the file cannot say that the codec's first frames are priming (its encoder
  /// delay) and players would play them, late by that much. AAC's priming is marked only by an
  /// edit list (MOV, MP4), which DualCam's fragmented files lose, and Matroska has no place for
  /// it; Opus carries its pre-skip in its own header. So for AAC the encoder drops as many
  /// frames from the start of the take's sound and stamps its packets from 0: the priming
  /// stands in for those first 21 ms and the rest is on time. True unless the codec is Opus.
  public var trimsPriming: Bool

  /// Creates settings.
  public init(
    codec: AudioCodec, sampleRate: Int, channels: Int, bitsPerSecond: Int,
    globalHeader: Bool = true
  ) {
    trimsPriming = codec != .opus
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitsPerSecond = bitsPerSecond
    self.globalHeader = globalHeader
  }

  /// The settings a take's `AudioSettings` call for in `container` with video `videoCodec`.
  public init(_ audio: AudioSettings, container: ContainerFormat, videoCodec: VideoCodec) {
    self.init(
      codec: audio.effectiveCodec(container: container, videoCodec: videoCodec),
      sampleRate: audio.sampleRate, channels: audio.channels,
      bitsPerSecond: audio.bitrate.bitsPerSecond)
  }

  /// "AAC 48000 Hz stereo 128 kbps", for messages and the metadata.
  public var summary: String {
    let layout =
      switch channels {
      case 1: "mono"
      case 2: "stereo"
      default: "\(channels) channels"
      }
    let rate = codec.isPCM ? "" : " \(bitsPerSecond / 1_000) kbps"
    return "\(codec.displayName) \(sampleRate) Hz \(layout)\(rate)"
  }

  /// The error for a failed encode call.
  func encodeFailure(_ error: LibavError) -> DualCamError {
    .encoderFailed(
      "encoding the \(summary) sound failed (\(error.message))",
      fix: "try another --audio-codec, or --audio none")
  }
}

extension AudioCodec {
  /// libavcodec's name of the encoder used.
  var encoderName: String {
    switch self {
    case .aac: "aac"
    case .opus: "libopus"
    case .pcm16: "pcm_s16le"
    case .pcm24: "pcm_s24le"
    }
  }

  /// The codec's name for people.
  public var displayName: String {
    switch self {
    case .aac: "AAC"
    case .opus: "Opus"
    case .pcm16: "PCM 16-bit"
    case .pcm24: "PCM 24-bit"
    }
  }
}
