public import DualCamCore

extension ImageView {
  /// A view of the pixels inside `rect`, sharing this view's memory and row strides.
  ///
  /// `rect` must lie inside the picture and be even-aligned, so that the chroma of every format
  /// starts on a whole sample (a YUYV pair, an NV12 UV pair, an I420 chroma sample).
  @inlinable
  public func cropped(to rect: PixelRect) -> ImageView {
    precondition(
      rect.isEvenAligned && PixelRect(size: size).contains(rect),
      "crop \(rect) is not an even-aligned part of a \(size) picture")
    let x = rect.x
    let y = rect.y
    switch format {
    case .i420:
      return ImageView(
        format: format, size: rect.size,
        plane0: Plane(base: plane0.row(y) + x, bytesPerRow: plane0.bytesPerRow),
        plane1: Plane(base: plane1.row(y / 2) + x / 2, bytesPerRow: plane1.bytesPerRow),
        plane2: Plane(base: plane2.row(y / 2) + x / 2, bytesPerRow: plane2.bytesPerRow))
    case .nv12:
      let chroma = Plane(base: plane1.row(y / 2) + x, bytesPerRow: plane1.bytesPerRow)
      return ImageView(
        format: format, size: rect.size,
        plane0: Plane(base: plane0.row(y) + x, bytesPerRow: plane0.bytesPerRow),
        plane1: chroma, plane2: chroma)
    case .yuyv:
      let packed = Plane(base: plane0.row(y) + 2 * x, bytesPerRow: plane0.bytesPerRow)
      return ImageView(
        format: format, size: rect.size, plane0: packed, plane1: packed, plane2: packed)
    }
  }
}
