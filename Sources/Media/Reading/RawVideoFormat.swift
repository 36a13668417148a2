public import DualCamCore

/// How to read a headerless raw YUV file: raw frames carry no size, layout or rate.
public struct RawVideoFormat: Sendable, Hashable {
  /// Picture size of every frame.
  public var size: ImageSize
  /// Layout of the bytes of each frame (i420, nv12 or yuyv).
  public var pixelFormat: PixelFormat
  /// The rate the frames were captured at.
  public var frameRate: FrameRate

  /// Describes a raw file of `pixelFormat` frames of `size` at `frameRate`.
  public init(size: ImageSize, pixelFormat: PixelFormat, frameRate: FrameRate) {
    self.size = size
    self.pixelFormat = pixelFormat
    self.frameRate = frameRate
  }
}

extension PixelFormat {
  /// The name libavutil gives this layout (`av_get_pix_fmt_name`).
  var libavName: String {
    switch self {
    case .i420: "yuv420p"
    case .nv12: "nv12"
    case .yuyv: "yuyv422"
    }
  }
}
