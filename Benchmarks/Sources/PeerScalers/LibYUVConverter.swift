internal import CLibYUV
public import DualCamCore

/// libyuv's `YUY2ToI420`: the peer the compositor's YUYV stack is measured against (libyuv picks
/// its widest vector code for the machine at run time, AVX2 here).
public struct LibYUVConverter: Sendable {
  /// A converter; it keeps no state.
  public init() {}

  /// Converts the whole of `source` (a YUYV view) into `destination` (an I420 view of the same
  /// size, typically one half of a stack canvas).
  public func convert(_ source: ImageView, into destination: ImageView) {
    precondition(source.format == .yuyv && destination.format == .i420)
    precondition(source.size == destination.size)
    let result = YUY2ToI420(
      source.plane0.base, Int32(source.plane0.bytesPerRow), destination.plane0.base,
      Int32(destination.plane0.bytesPerRow), destination.plane1.base,
      Int32(destination.plane1.bytesPerRow), destination.plane2.base,
      Int32(destination.plane2.bytesPerRow), Int32(source.size.width), Int32(source.size.height))
    precondition(result == 0, "YUY2ToI420 failed with \(result)")
  }
}
