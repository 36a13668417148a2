/// How many bits per second each output may use.
public enum BitrateSetting: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Derived from picture size and frame rate (medium quality).
  case auto
  /// A named quality level, scaled by picture size and frame rate.
  case level(QualityLevel)
  /// An explicit rate in bits per second, used as given for every output.
  case explicit(Int)

  /// Named quality levels.
  public enum QualityLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case low, medium, high, max

    /// Bits per pixel per frame for H.264 at this level; HEVC needs about 60 % of it.
    var bitsPerPixel: Double {
      switch self {
      case .low: 0.05
      case .medium: 0.1
      case .high: 0.18
      case .max: 0.3
      }
    }
  }

  /// Parses `auto`, `low|medium|high|max`, or a rate such as `8M`, `2500k`, `4000000`.
  public init(parsing text: String) throws(DualCamError) {
    let lowered = text.lowercased()
    if lowered == "auto" {
      self = .auto
      return
    }
    if let level = QualityLevel(rawValue: lowered) {
      self = .level(level)
      return
    }
    var digits = Substring(lowered)
    var multiplier = 1.0
    if digits.hasSuffix("bps") { digits = digits.dropLast(3) }
    if digits.hasSuffix("m") {
      multiplier = 1_000_000
      digits = digits.dropLast()
    } else if digits.hasSuffix("k") {
      multiplier = 1_000
      digits = digits.dropLast()
    }
    guard let value = Double(digits), value.isFinite, value > 0 else {
      throw .invalidArgument(
        "bitrate '\(text)' is not understood",
        fix: "use auto, low, medium, high, max, or a rate such as 8M or 2500k")
    }
    guard let bits = (value * multiplier).roundedInteger(in: 100_000...1_000_000_000) else {
      throw .invalidArgument(
        "bitrate \(text) is outside 100k–1000M", fix: "use a rate such as 8M for 1080p30")
    }
    self = .explicit(bits)
  }

  /// The rate for one output of `size` at `rate` with `codec`; nil for codecs that ignore
  /// bitrate (FFV1 is lossless).
  public func bitsPerSecond(size: ImageSize, rate: FrameRate, codec: VideoCodec) -> Int? {
    if codec == .ffv1 { return nil }
    let level: QualityLevel
    switch self {
    case .explicit(let bits): return bits
    case .auto: level = .medium
    case .level(let named): level = named
    }
    let codecFactor: Double =
      switch codec {
      case .h264: 1.0
      case .hevc: 0.6
      case .mjpeg: 6.0
      case .ffv1: 0
      }
    let bits = Double(size.area) * rate.framesPerSecond * level.bitsPerPixel * codecFactor
    return max(200_000, Int(bits))
  }

  public var description: String {
    switch self {
    case .auto: "auto"
    case .level(let level): level.rawValue
    case .explicit(let bits): "\(bits)"
    }
  }
}
