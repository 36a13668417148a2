/// The pixel layouts DualCam moves between stages.
///
/// Everything is composited and encoded as I420; the other formats are what cameras deliver and
/// are converted on the way into the compositor.
public enum PixelFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// Planar 4:2:0: a full-size Y plane, then quarter-size U and V planes.
  case i420
  /// Semi-planar 4:2:0: a full-size Y plane, then one quarter-size plane of interleaved U,V.
  case nv12
  /// Packed 4:2:2: Y0 U Y1 V for every pair of pixels (the common uncompressed UVC format).
  case yuyv

  /// The format a user names, in our words (`i420`, `nv12`, `yuyv`) or FFmpeg's (`yuv420p`,
  /// `nv12`, `yuyv422`), as `ffmpeg -pix_fmt` takes them; case-insensitive.
  public init?(name: String) {
    switch name.lowercased() {
    case "i420", "yuv420p", "iyuv": self = .i420
    case "nv12": self = .nv12
    case "yuyv", "yuyv422", "yuy2": self = .yuyv
    default: return nil
    }
  }

  /// How many separate planes an image of this format has.
  public var planeCount: Int {
    switch self {
    case .i420: 3
    case .nv12: 2
    case .yuyv: 1
    }
  }

  /// Bytes per row of `plane` for an image `width` pixels wide, without padding.
  public func minimumBytesPerRow(plane: Int, width: Int) -> Int {
    switch (self, plane) {
    case (.i420, 0), (.nv12, 0): width
    case (.i420, _): (width + 1) / 2
    case (.nv12, _): ((width + 1) / 2) * 2
    case (.yuyv, _): ((width + 1) / 2) * 4
    }
  }

  /// Number of rows of `plane` for an image `height` pixels high.
  public func rows(plane: Int, height: Int) -> Int {
    switch (self, plane) {
    case (.i420, 0), (.nv12, 0), (.yuyv, _): height
    case (.i420, _), (.nv12, _): (height + 1) / 2
    }
  }

  /// Bytes of one unpadded image of `size` in this format.
  public func byteCount(of size: ImageSize) -> Int {
    (0..<planeCount).reduce(0) {
      $0 + minimumBytesPerRow(plane: $1, width: size.width) * rows(plane: $1, height: size.height)
    }
  }
}
