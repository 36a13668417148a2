public import DualCamCore
import Foundation
public import Media

/// A camera source as the user names it: `/dev/video0[?format=mjpeg|yuyv|nv12|auto]`,
/// `synthetic[:options]` or `file:PATH[?loop&fps=N&size=WxH&format=i420|nv12|yuyv]`.
public enum SourceSpec: Sendable, Hashable, CustomStringConvertible {
  /// The built-in test pattern.
  case synthetic(SyntheticCameraOptions)
  /// A video file played in real time.
  case file(path: String, loop: Bool, rate: FrameRate?, raw: RawVideoFormat?)
  /// A V4L2 device node or one of its stable links, asked for `format`.
  case device(path: String, format: CameraFormatRequest = .auto)

  /// Parses what the user typed after `--front`/`--back`.
  public init(parsing text: String) throws(DualCamError) {
    if text == "synthetic" || text == "test" {
      self = .synthetic(SyntheticCameraOptions())
    } else if text.hasPrefix("synthetic:") {
      self = .synthetic(
        try SyntheticCameraOptions(parsing: String(text.dropFirst("synthetic:".count))))
    } else if text.hasPrefix("file:") {
      self = try Self.parseFile(String(text.dropFirst("file:".count)))
    } else if text.hasPrefix("/dev/") || Self.looksLikePath(text) {
      // Opening it says what it is (a folder, a file, missing), as a device path would.
      self = try Self.parseDevice(text)
    } else {
      throw .invalidArgument(
        "source '\(text)' is not understood",
        fix: "use a device such as /dev/video0, synthetic[:options], or file:PATH")
    }
  }

  /// A name the user meant as a path: it has a slash, starts with `~` or `.`, or exists.
  private static func looksLikePath(_ text: String) -> Bool {
    text.contains("/") || text.hasPrefix("~") || text.hasPrefix(".")
      || FileManager.default.fileExists(atPath: text)
  }

  /// `PATH[?format=mjpeg|yuyv|nv12|auto]`.
  private static func parseDevice(_ text: String) throws(DualCamError) -> SourceSpec {
    guard let mark = text.firstIndex(of: "?") else { return .device(path: text) }
    let path = String(text[..<mark])
    let option = text[text.index(after: mark)...]
    guard option.hasPrefix("format="),
      let format = CameraFormatRequest(rawValue: String(option.dropFirst("format=".count)))
    else {
      throw .invalidArgument(
        "camera option '\(option)' in '\(text)' is not understood",
        fix: "use \(path)?format=\(CameraFormatRequest.choices)")
    }
    return .device(path: path, format: format)
  }

  /// `spec` asking its camera for `format` when it names a V4L2 device; other sources as they
  /// are (a test pattern or a file has no camera format).
  public static func spec(_ spec: String, withFormat format: CameraFormatRequest) -> String {
    guard case .device(let path, _)? = try? SourceSpec(parsing: spec) else { return spec }
    return SourceSpec.device(path: path, format: format).description
  }

  private static func parseFile(_ text: String) throws(DualCamError) -> SourceSpec {
    let parts = text.split(separator: "?", maxSplits: 1).map(String.init)
    guard let path = parts.first, !path.isEmpty else {
      throw .invalidArgument("file: needs a path", fix: "write it like file:/path/to/video.mp4")
    }
    var loop = false
    var rate: FrameRate?
    var size: ImageSize?
    var format: PixelFormat?
    for option in parts.count > 1 ? parts[1].split(separator: "&") : [] {
      let pair = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      switch (pair[0], pair.count == 2 ? pair[1] : nil) {
      case ("loop", nil): loop = true
      case ("fps", let value?): rate = try FrameRate(parsing: value)
      case ("size", let value?): size = try ImageSize(parsing: value).validatedAsCameraSize()
      case ("format", let value?):
        guard let parsed = PixelFormat(name: value) else {
          throw .invalidArgument(
            "raw format '\(value)' is not one of i420 (yuv420p), nv12, yuyv (yuyv422)",
            fix: "e.g. format=i420 or format=yuv420p")
        }
        format = parsed
      default:
        throw .invalidArgument(
          "file option '\(option)' is not understood",
          fix:
            "options are loop, fps=N, size=WxH, format=i420|nv12|yuyv or FFmpeg's "
            + "yuv420p|nv12|yuyv422 (e.g. file:a.yuv?size=640x480&fps=30)"
        )
      }
    }
    var raw: RawVideoFormat?
    if size != nil || format != nil || path.lowercased().hasSuffix(".yuv") {
      guard let size else {
        throw .invalidArgument(
          "raw video \(path) needs its frame size", fix: "add ?size=WxH (and format=, fps=)")
      }
      raw = RawVideoFormat(
        size: size, pixelFormat: format ?? .i420, frameRate: rate ?? FrameRate(numerator: 30))
    }
    return .file(path: path, loop: loop, rate: rate, raw: raw)
  }

  public var description: String {
    switch self {
    case .synthetic: "synthetic"
    case .file(let path, _, _, _): "file:\(path)"
    case .device(let path, let format): format == .auto ? path : "\(path)?format=\(format)"
    }
  }

  /// Opens the source as camera `position`, for recordings of `size` at `rate`. With
  /// `streamCopy`, a camera is opened to hand on its own MJPEG pictures (and refused when it
  /// has none); other sources cannot, which the session reports before recording.
  public func makeSource(
    position: CameraPosition, size: ImageSize, rate: FrameRate, streamCopy: Bool = false
  ) throws(DualCamError) -> any CameraSource {
    switch self {
    case .synthetic(let options):
      return SyntheticCamera(position: position, size: size, rate: rate, options: options)
    case .file(let path, let loop, let fileRate, let raw):
      let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw .sourceUnavailable(
          "the \(position) source file \(url.path) does not exist",
          fix: "check the path after file:")
      }
      return try FileCamera(url: url, position: position, raw: raw, rate: fileRate, loop: loop)
    case .device(let path, let format):
      return try V4L2Camera(
        path: path, position: position, size: size, rate: rate, passthrough: streamCopy,
        format: format)
    }
  }
}
