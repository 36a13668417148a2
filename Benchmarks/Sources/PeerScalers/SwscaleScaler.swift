internal import CSwscale
public import DualCamCore

/// libswscale with `SWS_FAST_BILINEAR`, the second peer the compositor's portrait fill is
/// measured against. Owns its `SwsContext`.
public final class SwscaleScaler: @unchecked Sendable {
  private let context: OpaquePointer
  /// Source size the context was made for.
  public let sourceSize: ImageSize
  /// Destination size the context was made for.
  public let destinationSize: ImageSize

  /// Prepares a context scaling I420 `source` pictures to I420 `destination` pictures.
  public init(source: ImageSize, destination: ImageSize) {
    guard
      let context = sws_getContext(
        Int32(source.width), Int32(source.height), AV_PIX_FMT_YUV420P, Int32(destination.width),
        Int32(destination.height), AV_PIX_FMT_YUV420P, SWS_FAST_BILINEAR, nil, nil, nil)
    else { fatalError("sws_getContext refused \(source) -> \(destination)") }
    self.context = context
    sourceSize = source
    destinationSize = destination
  }

  deinit { sws_freeContext(context) }

  /// Scales the whole of `source` onto the whole of `destination` (sizes as given at init).
  public func scale(_ source: ImageView, into destination: ImageView) {
    precondition(source.size == sourceSize && destination.size == destinationSize)
    var sources: [UnsafePointer<UInt8>?] = [
      UnsafePointer(source.plane0.base), UnsafePointer(source.plane1.base),
      UnsafePointer(source.plane2.base), nil,
    ]
    var sourceStrides: [Int32] = [
      Int32(source.plane0.bytesPerRow), Int32(source.plane1.bytesPerRow),
      Int32(source.plane2.bytesPerRow), 0,
    ]
    var destinations: [UnsafeMutablePointer<UInt8>?] = [
      destination.plane0.base, destination.plane1.base, destination.plane2.base, nil,
    ]
    var destinationStrides: [Int32] = [
      Int32(destination.plane0.bytesPerRow), Int32(destination.plane1.bytesPerRow),
      Int32(destination.plane2.bytesPerRow), 0,
    ]
    let rows = sws_scale(
      context, &sources, &sourceStrides, 0, Int32(sourceSize.height), &destinations,
      &destinationStrides)
    precondition(rows == Int32(destinationSize.height), "sws_scale wrote \(rows) rows")
  }
}
