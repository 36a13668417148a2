/// A non-owning view of one picture in memory: its format, size and plane pointers.
///
/// Views are what the compositor, the synthetic pattern and the encoders read and write. They
/// carry no lifetime: whoever hands one out (a `FrameBuffer`, an encoder's input frame, a
/// capture buffer) keeps the memory alive while the view is used.
///
/// `@unchecked Sendable`: a view is pointers and sizes. Who may write through it at a time is
/// the owner's rule (`FrameBuffer`: only the holder of the first reference, before handing it
/// on), not the view's.
public struct ImageView: @unchecked Sendable {
  /// One plane: where its first row starts and the distance between rows in bytes
  /// (`@unchecked Sendable` for the same reason as the view).
  public struct Plane: @unchecked Sendable {
    /// First byte of the first row.
    public var base: UnsafeMutablePointer<UInt8>
    /// Distance from one row to the next, in bytes (at least the row's width).
    public var bytesPerRow: Int

    /// Creates a plane description.
    public init(base: UnsafeMutablePointer<UInt8>, bytesPerRow: Int) {
      self.base = base
      self.bytesPerRow = bytesPerRow
    }

    /// The first byte of row `row`.
    @inlinable
    public func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { base + row * bytesPerRow }
  }

  /// Pixel layout of the planes.
  public var format: PixelFormat
  /// Picture size in pixels.
  public var size: ImageSize
  /// Y (I420, NV12) or the packed pixels (YUYV).
  public var plane0: Plane
  /// U (I420) or interleaved UV (NV12); equals `plane0` for YUYV.
  public var plane1: Plane
  /// V (I420); equals `plane1` for NV12 and `plane0` for YUYV.
  public var plane2: Plane

  /// Creates a view over existing planes.
  public init(format: PixelFormat, size: ImageSize, plane0: Plane, plane1: Plane, plane2: Plane) {
    self.format = format
    self.size = size
    self.plane0 = plane0
    self.plane1 = plane1
    self.plane2 = plane2
  }

  /// Plane `index` (0...2).
  @inlinable
  public func plane(_ index: Int) -> Plane {
    switch index {
    case 0: plane0
    case 1: plane1
    default: plane2
    }
  }

  /// Width of plane `index` in samples (bytes).
  public func planeWidth(_ index: Int) -> Int {
    format.minimumBytesPerRow(plane: index, width: size.width)
  }

  /// Height of plane `index` in rows.
  public func planeHeight(_ index: Int) -> Int { format.rows(plane: index, height: size.height) }

  /// Copies the visible bytes of every plane from `source`, which must have the same format and
  /// size; row padding is not touched.
  public func copyPixels(from source: ImageView) {
    precondition(source.format == format && source.size == size, "copy between unlike images")
    for index in 0..<format.planeCount {
      let from = source.plane(index)
      let to = plane(index)
      let width = planeWidth(index)
      for row in 0..<planeHeight(index) {
        to.row(row).update(from: from.row(row), count: width)
      }
    }
  }

  /// Sets every sample of plane `index` to `value`.
  public func fill(plane index: Int, with value: UInt8) {
    let target = plane(index)
    let width = planeWidth(index)
    for row in 0..<planeHeight(index) {
      target.row(row).update(repeating: value, count: width)
    }
  }
}
