internal import CLibYUV
public import DualCamCore

/// libyuv's `I420Scale`, the first peer the compositor's portrait fill is measured against.
public struct LibYUVScaler: Sendable {
  /// libyuv's filter modes that compete with bilinear scaling.
  public enum Filter: String, Sendable, CaseIterable {
    /// `kFilterBilinear`.
    case bilinear
    /// `kFilterBox`, libyuv's best quality, what applications usually pick for downscaling.
    case box
  }

  /// The filter every call uses.
  public let filter: Filter

  /// A scaler using `filter`.
  public init(filter: Filter) { self.filter = filter }

  /// Scales the whole of `source` (an I420 view, typically a crop) onto the whole of
  /// `destination` (an I420 view, typically a canvas band).
  public func scale(_ source: ImageView, into destination: ImageView) {
    let mode = filter == .box ? kFilterBox : kFilterBilinear
    let result = I420Scale(
      source.plane0.base, Int32(source.plane0.bytesPerRow), source.plane1.base,
      Int32(source.plane1.bytesPerRow), source.plane2.base, Int32(source.plane2.bytesPerRow),
      Int32(source.size.width), Int32(source.size.height), destination.plane0.base,
      Int32(destination.plane0.bytesPerRow), destination.plane1.base,
      Int32(destination.plane1.bytesPerRow), destination.plane2.base,
      Int32(destination.plane2.bytesPerRow), Int32(destination.size.width),
      Int32(destination.size.height), mode)
    precondition(result == 0, "I420Scale failed with \(result)")
  }
}
