public import DualCamCore

/// How one sample is stored in a captured period.
public enum AudioSampleFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// Signed 16-bit little-endian integers (what almost every microphone offers).
  case s16
  /// Signed 32-bit little-endian integers (24-bit cards deliver this, padded).
  case s32
  /// 32-bit IEEE floats in -1...1.
  case float

  /// Bytes one sample takes.
  public var bytesPerSample: Int {
    switch self {
    case .s16: 2
    case .s32, .float: 4
    }
  }
}

/// The shape of a stream of interleaved samples: rate, channels, sample format.
public struct AudioFormat: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Frames per second (one frame holds one sample of every channel).
  public var sampleRate: Int
  /// Interleaved channels per frame.
  public var channels: Int
  /// Storage of each sample.
  public var sampleFormat: AudioSampleFormat

  /// Creates a format.
  public init(sampleRate: Int = 48_000, channels: Int = 2, sampleFormat: AudioSampleFormat = .s16) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.sampleFormat = sampleFormat
  }

  /// Bytes one interleaved frame takes.
  public var bytesPerFrame: Int { channels * sampleFormat.bytesPerSample }

  /// Nanoseconds `frames` frames last, rounded down.
  public func nanoseconds(ofFrames frames: Int64) -> Int64 {
    Int64(Int128(frames) * 1_000_000_000 / Int128(sampleRate))
  }

  /// Frames that last `nanoseconds`, rounded to the nearest frame.
  public func frames(inNanoseconds nanoseconds: Int64) -> Int64 {
    let scaled = Int128(nanoseconds) * Int128(sampleRate)
    let half = Int128(500_000_000) * (scaled < 0 ? -1 : 1)
    return Int64((scaled + half) / 1_000_000_000)
  }

  /// "48000 Hz, 2 channels, s16".
  public var description: String {
    "\(sampleRate) Hz, \(channels) channel\(channels == 1 ? "" : "s"), \(sampleFormat.rawValue)"
  }

  /// Rejects values no sound card offers before a device is asked.
  public func validated() throws(DualCamError) -> AudioFormat {
    guard (8_000...384_000).contains(sampleRate) else {
      throw .invalidArgument(
        "audio rate \(sampleRate) Hz is outside 8000–384000 Hz",
        fix: "use a rate sound cards offer, e.g. 48000 or 44100")
    }
    guard (1...8).contains(channels) else {
      throw .invalidArgument(
        "\(channels) audio channels is outside 1–8", fix: "use 1 (mono) or 2 (stereo)")
    }
    return self
  }
}
