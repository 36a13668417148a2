/// How the front and back files are written: encoded with a codec, or the camera's own
/// compressed stream stored as it came (`copy`).
public enum CameraCodec: Sendable, Hashable {
  /// Encoded from the decoded pictures, like the dual view.
  case encode(VideoCodec)
  /// The camera's own MJPEG pictures, byte for byte, without re-encoding: no encoding cost and
  /// no generation loss. Needs cameras that deliver MJPEG.
  case copy

  /// Parses `copy` or a codec name as `--codec` takes it.
  public init(parsing text: String) throws(DualCamError) {
    switch text.lowercased() {
    case "copy", "passthrough": self = .copy
    default:
      do throws(DualCamError) {
        self = .encode(try VideoCodec(parsing: text))
      } catch {
        throw .invalidArgument(
          "unknown camera codec '\(text)'",
          fix: "choose copy (the camera's own MJPEG) or one of: "
            + VideoCodec.allCases.map(\.rawValue).joined(separator: ", "))
      }
    }
  }

  /// The codec of the stream in the camera files (MJPEG for `copy`).
  public var streamCodec: VideoCodec {
    switch self {
    case .encode(let codec): codec
    case .copy: .mjpeg
    }
  }
}

extension CameraCodec: TextCodableSetting {
  public var description: String {
    switch self {
    case .encode(let codec): codec.rawValue
    case .copy: "copy"
    }
  }
}
