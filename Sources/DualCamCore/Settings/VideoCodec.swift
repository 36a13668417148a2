/// The video codecs a take can be written with.
public enum VideoCodec: String, Sendable, Hashable, Codable, CaseIterable {
  /// H.264 through libx264: plays everywhere (the default).
  case h264
  /// HEVC through libx265: about half the size of H.264, slower to encode.
  case hevc
  /// Motion JPEG: every frame a JPEG; large files, cheap to encode and cut.
  case mjpeg
  /// FFV1: lossless, for research data where every pixel counts.
  case ffv1

  /// Parses a codec name as users type it (`h264`, `x264`, `avc`, `hevc`, `h265`, …).
  public init(parsing text: String) throws(DualCamError) {
    switch text.lowercased() {
    case "h264", "x264", "libx264", "avc": self = .h264
    case "hevc", "h265", "x265", "libx265": self = .hevc
    case "mjpeg", "mjpg", "jpeg": self = .mjpeg
    case "ffv1", "lossless": self = .ffv1
    default:
      throw .invalidArgument(
        "unknown codec '\(text)'",
        fix: "choose one of: \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  /// True for codecs whose quality is set by an x264-style preset.
  public var takesPreset: Bool { self == .h264 || self == .hevc }

  /// True when every frame is compressed on its own (no motion prediction).
  public var isIntraOnly: Bool { self == .mjpeg || self == .ffv1 }
}
