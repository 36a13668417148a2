/// A width and height in pixels.
public struct ImageSize: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size; no validation happens here, see `validatedForVideo()`.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Total number of pixels.
  public var area: Int { width * height }

  /// `WIDTHxHEIGHT`, the form users type.
  public var description: String { "\(width)x\(height)" }

  /// The largest frame the encoders accept (8K in either direction); beyond this the user
  /// almost certainly mistyped.
  public static let maximumDimension = 8192

  /// The smallest frame recorded: the sync stamp's grid and the label need this much picture
  /// (no camera delivers less than 160x120; smaller is a mistyped size).
  public static let minimumDimension = 32

  /// Checks that 4:2:0 video of this size can be produced: positive, even, and not absurd.
  public func validatedForVideo() throws(DualCamError) -> ImageSize {
    guard width > 0, height > 0 else {
      throw .invalidArgument("size \(self) is empty", fix: "give a size such as 1280x720")
    }
    // The size limit comes first, so that the even size suggested below is itself valid.
    guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
      throw .invalidArgument(
        "size \(self) is larger than \(Self.maximumDimension) pixels in one direction",
        fix: "use a size such as 1920x1080")
    }
    guard width % 2 == 0, height % 2 == 0 else {
      throw .invalidArgument(
        "size \(self) has an odd dimension; 4:2:0 video needs even widths and heights",
        fix: "use \((width + 1) & ~1)x\((height + 1) & ~1)")
    }
    return self
  }

  /// Checks a camera size the user asked for: valid video (`validatedForVideo()`) and at
  /// least `minimumDimension` each way, which the sync stamp and the label need.
  public func validatedAsCameraSize() throws(DualCamError) -> ImageSize {
    let size = try validatedForVideo()
    guard width >= Self.minimumDimension, height >= Self.minimumDimension else {
      throw .invalidArgument(
        "size \(self) is smaller than \(Self.minimumDimension) pixels in one direction",
        fix: "use a size such as 320x240 (cameras deliver 160x120 or more)")
    }
    return size
  }

  /// Parses `WIDTHxHEIGHT` (also `WIDTH×HEIGHT`) or the names 480p, 720p, 1080p, 4k.
  public init(parsing text: String) throws(DualCamError) {
    let lowered = text.lowercased()
    let named: [String: ImageSize] = [
      "480p": ImageSize(width: 640, height: 480), "720p": ImageSize(width: 1280, height: 720),
      "1080p": ImageSize(width: 1920, height: 1080), "4k": ImageSize(width: 3840, height: 2160),
    ]
    if let size = named[lowered] {
      self = size
      return
    }
    let parts = lowered.split(whereSeparator: { $0 == "x" || $0 == "×" })
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      throw .invalidArgument(
        "size '\(text)' is not WIDTHxHEIGHT", fix: "write it like 1280x720 (or 720p, 1080p)")
    }
    self.init(width: width, height: height)
  }
}
