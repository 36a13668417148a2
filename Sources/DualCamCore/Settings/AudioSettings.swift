/// How a take's sound is captured and encoded: which input, its rate and channels, the codec
/// and its bitrate. One audio track, encoded once, goes into all three files.
public struct AudioSettings: Sendable, Hashable, Codable {
  /// Where the sound comes from.
  public var input = AudioInput.automatic
  /// Samples per second asked of the device (and written to the files).
  public var sampleRate = 48_000
  /// Channels asked of the device (and written to the files).
  public var channels = 2
  /// Bitrate of the lossy codecs (AAC, Opus); PCM ignores it.
  public var bitrate = AudioBitrate.kbps128
  /// The codec; nil: chosen from the container and the video codec (`effectiveCodec`).
  public var codec: AudioCodec?
  /// The input's capture volume, in percent of its ALSA mixer control's range; nil: leave the
  /// mixer as it is.
  public var gain: Int?
  /// The sound is muted: takes record silence (and count it) while the meter still shows the
  /// input.
  public var muted = false

  /// A second input (`--audio2`), recorded with the same rate, channels and codec; nil: none.
  public var input2: AudioInput?
  /// How two inputs reach the files (`--audio-mix`); nil: as separate tracks.
  public var arrangement: AudioArrangement?

  /// The range of `gain`.
  public static let gainRange = 0...100

  /// The defaults: the system's default input if there is one, 48 kHz stereo, 128 kbps,
  /// the codec chosen by the container.
  public init() {}

  /// Settings for `input` with the other defaults.
  public init(input: AudioInput) { self.input = input }

  /// The codec in force: the one chosen, else PCM for lossless (FFV1) takes where the
  /// container holds it, Opus for Matroska, AAC otherwise.
  public func effectiveCodec(container: ContainerFormat, videoCodec: VideoCodec) -> AudioCodec {
    if let codec { return codec }
    if videoCodec == .ffv1 && container != .mp4 { return .pcm16 }
    return container == .mkv ? .opus : .aac
  }

  /// Checks the values against each other and the container, before any device is opened.
  public func validated(container: ContainerFormat, videoCodec: VideoCodec)
    throws(DualCamError) -> AudioSettings
  {
    guard (8_000...192_000).contains(sampleRate) else {
      throw .invalidArgument(
        "audio rate \(sampleRate) Hz is outside 8000–192000 Hz",
        fix: "use --audio-rate 48000 (or 44100)")
    }
    guard (1...8).contains(channels) else {
      throw .invalidArgument(
        "\(channels) audio channels is outside 1–8", fix: "use --audio-channels 1 or 2")
    }
    if let gain, !Self.gainRange.contains(gain) {
      throw .invalidArgument(
        "sound gain \(gain)% is outside 0–100%", fix: "use a gain from 0 to 100 (percent)")
    }
    if let input2 {
      guard input != .none else {
        throw .invalidArgument(
          "--audio2 adds a second input, but --audio none records no first one",
          fix: "choose a first input with --audio, or drop --audio2")
      }
      guard input2 != .file, input2 != .automatic else {
        throw .invalidArgument(
          "--audio2 takes a device or synthetic, not \(input2)",
          fix: "use --audio2 hw:CARD,DEV, plughw:CARD,DEV, default or synthetic")
      }
      guard input2 == .none || input2 != input || input2 == .synthetic else {
        throw .invalidArgument(
          "--audio2 names the same device as --audio (\(input2))",
          fix: "name the second microphone, e.g. --audio2 hw:2,0 (see dualcam devices)")
      }
    }
    let codec = effectiveCodec(container: container, videoCodec: videoCodec)
    switch codec {
    case .aac:
      break
    case .opus:
      // (MP4 can hold Opus too, but its timing there is not verified: MKV only.)
      guard container == .mkv else {
        throw .invalidArgument(
          "Opus sound is written only in MKV files, not \(container.rawValue.uppercased())",
          fix: "use --container mkv, or --audio-codec aac")
      }
      guard AudioCodec.opusRates.contains(sampleRate) else {
        throw .invalidArgument(
          "Opus does not take \(sampleRate) Hz",
          fix: "use --audio-rate 48000, or --audio-codec aac")
      }
      guard channels <= 2 else {
        throw .invalidArgument(
          "Opus is set up here for mono or stereo, not \(channels) channels",
          fix: "use --audio-channels 2, or --audio-codec aac or pcm")
      }
    case .pcm16, .pcm24:
      guard container != .mp4 else {
        throw .invalidArgument(
          "MP4 files cannot hold PCM sound", fix: "use --container mov or mkv, or --audio-codec aac"
        )
      }
    }
    return self
  }
}

extension AudioSettings {
  private enum CodingKeys: String, CodingKey {
    case input, sampleRate, channels, bitrate, codec, gain, muted, input2, arrangement
  }

  /// Decodes settings; `gain`, `muted`, `input2` and `arrangement` may be absent (takes recorded
  /// before they existed, or with one input).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    input = try container.decode(AudioInput.self, forKey: .input)
    sampleRate = try container.decode(Int.self, forKey: .sampleRate)
    channels = try container.decode(Int.self, forKey: .channels)
    bitrate = try container.decode(AudioBitrate.self, forKey: .bitrate)
    codec = try container.decodeIfPresent(AudioCodec.self, forKey: .codec)
    gain = try container.decodeIfPresent(Int.self, forKey: .gain)
    muted = try container.decodeIfPresent(Bool.self, forKey: .muted) ?? false
    input2 = try container.decodeIfPresent(AudioInput.self, forKey: .input2)
    arrangement = try container.decodeIfPresent(AudioArrangement.self, forKey: .arrangement)
  }
}

/// Where a take's sound comes from (`--audio`).
public enum AudioInput: Sendable, Hashable {
  /// The system's default capture device if one exists, else no sound (said at start).
  case automatic
  /// No sound: the files have only pictures.
  case none
  /// An ALSA capture device: `default`, `hw:CARD,DEV`, `plughw:…`, or any PCM name.
  case device(String)
  /// A tone with clicks lined up with the synthetic cameras' frames (tests, demos).
  case synthetic
  /// The sound track of a `file:` camera source.
  case file

  /// Parses `auto`, `none`, `synthetic`, `file`, or an ALSA device name.
  public init(parsing text: String) throws(DualCamError) {
    let trimmed = text.trimmingSpaces
    switch trimmed.lowercased() {
    case "auto", "automatic": self = .automatic
    case "none", "off", "no": self = .none
    case "synthetic": self = .synthetic
    case "file": self = .file
    case "":
      throw .invalidArgument(
        "an empty --audio is not a sound input",
        fix: "use none, default, hw:CARD,DEV, plughw:CARD,DEV, synthetic or file")
    default:
      guard !trimmed.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) else {
        throw .invalidArgument(
          "'\(text)' is not an ALSA device name",
          fix: "use default, hw:CARD,DEV or plughw:CARD,DEV (see dualcam devices)")
      }
      self = .device(trimmed)
    }
  }

  /// True when the user named this input (a missing device is then an error, not silence).
  public var isExplicitDevice: Bool {
    if case .device = self { return true }
    return false
  }
}

extension AudioInput: TextCodableSetting {
  public var description: String {
    switch self {
    case .automatic: "auto"
    case .none: "none"
    case .device(let name): name
    case .synthetic: "synthetic"
    case .file: "file"
    }
  }
}

/// How a take with two sound inputs writes them (`--audio-mix`).
public enum AudioArrangement: String, Sendable, Hashable, Codable, CaseIterable {
  /// Each input its own sound track: two sound streams in every file.
  case tracks
  /// Both inputs summed into one track, each lowered by 6 dB so their sum has headroom, and
  /// limited to full scale (never wrapping around).
  case mix

  /// Parses `tracks` or `mix`.
  public init(parsing text: String) throws(DualCamError) {
    guard let value = AudioArrangement(rawValue: text.lowercased()) else {
      throw .invalidArgument(
        "unknown --audio-mix '\(text)'", fix: "use tracks (two sound tracks) or mix (one)")
    }
    self = value
  }
}

/// The sound codecs a take can be written with.
public enum AudioCodec: String, Sendable, Hashable, Codable, CaseIterable {
  /// AAC-LC through libavcodec's native encoder: plays everywhere (MOV and MP4 default).
  case aac
  /// Opus through libopus: better at low rates (the Matroska default).
  case opus
  /// Uncompressed signed 16-bit PCM (lossless takes; MOV and MKV).
  case pcm16 = "pcm_s16le"
  /// Uncompressed signed 24-bit PCM (lossless takes; MOV and MKV).
  case pcm24 = "pcm_s24le"

  /// The sample rates Opus encodes.
  public static let opusRates = [48_000, 24_000, 16_000, 12_000, 8_000]

  /// Parses `aac`, `opus`, `pcm` (16-bit), `pcm24`, or the libavcodec names.
  public init(parsing text: String) throws(DualCamError) {
    switch text.lowercased() {
    case "aac": self = .aac
    case "opus", "libopus": self = .opus
    case "pcm", "pcm16", "pcm_s16le", "s16": self = .pcm16
    case "pcm24", "pcm_s24le", "s24": self = .pcm24
    default:
      throw .invalidArgument(
        "unknown audio codec '\(text)'", fix: "choose one of: aac, opus, pcm, pcm24")
    }
  }

  /// True for the uncompressed codecs (no bitrate).
  public var isPCM: Bool { self == .pcm16 || self == .pcm24 }
}

/// The bitrates of the lossy sound codecs, as the product lists them.
public enum AudioBitrate: Int, Sendable, Hashable, Codable, CaseIterable {
  case kbps128 = 128_000
  case kbps256 = 256_000
  case kbps320 = 320_000

  /// Parses `128`, `128k`, `256kbps`, `320000`.
  public init(parsing text: String) throws(DualCamError) {
    var digits = Substring(text.lowercased())
    if digits.hasSuffix("bps") { digits = digits.dropLast(3) }
    var multiplier = 1
    if digits.hasSuffix("k") {
      digits = digits.dropLast()
      multiplier = 1_000
    }
    guard let value = Int(digits) else {
      throw .invalidArgument(
        "audio bitrate '\(text)' is not understood", fix: "use 128k, 256k or 320k")
    }
    let bits = value < 1_000 ? value * 1_000 : value * multiplier
    guard let rate = AudioBitrate(rawValue: bits) else {
      throw .invalidArgument(
        "audio bitrate \(text) is not offered", fix: "use 128k, 256k or 320k")
    }
    self = rate
  }

  /// Bits per second.
  public var bitsPerSecond: Int { rawValue }
}

extension AudioBitrate: CustomStringConvertible {
  public var description: String { "\(rawValue / 1_000)k" }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
