public import DualCamCore

/// Format conversion into I420 and solid fills: the SIMD helpers the compositor is built on.
///
/// All functions work on views (any row stride), never allocate and handle one picture at a time;
/// callers that share a view between threads must not overlap writes.
public enum PixelConversion {
  // MARK: - Conversion

  /// Converts a YUYV, NV12 or I420 picture to an I420 picture of the same size.
  ///
  /// - YUYV (4:2:2) becomes 4:2:0 by averaging the chroma of each pair of rows, rounding up:
  ///   `(a + b + 1) >> 1`.
  /// - NV12 chroma is de-interleaved; I420 is copied row by row.
  ///
  /// Both sizes must match and be even (as every layout guarantees). `stores` applies to YUYV
  /// conversion; with `.streaming` the streaming stores are fenced before this returns, so
  /// whatever hands the picture to another thread next publishes them too.
  public static func convertToI420(
    _ source: ImageView, into destination: ImageView, stores: StorePolicy = .cached
  ) {
    precondition(destination.format == .i420, "conversion target must be I420")
    precondition(
      source.size == destination.size,
      "conversion from \(source.size) into \(destination.size): sizes differ")
    precondition(
      source.size.width % 2 == 0 && source.size.height % 2 == 0,
      "conversion needs even sizes, got \(source.size)")
    let width = source.size.width
    let height = source.size.height
    let chromaWidth = width / 2
    switch source.format {
    case .i420:
      copyRows(from: source.plane0, into: destination.plane0, width: width, rows: height)
      copyRows(from: source.plane1, into: destination.plane1, width: chromaWidth, rows: height / 2)
      copyRows(from: source.plane2, into: destination.plane2, width: chromaWidth, rows: height / 2)
    case .nv12:
      copyRows(from: source.plane0, into: destination.plane0, width: width, rows: height)
      for row in 0..<(height / 2) {
        RowKernels.splitPairs(
          source.plane1.row(row), u: destination.plane1.row(row),
          v: destination.plane2.row(row), pairs: chromaWidth)
      }
    case .yuyv:
      for pair in 0..<(height / 2) {
        RowKernels.yuyvRowPair(
          source.plane0.row(2 * pair), source.plane0.row(2 * pair + 1),
          y0: destination.plane0.row(2 * pair), y1: destination.plane0.row(2 * pair + 1),
          u: destination.plane1.row(pair), v: destination.plane2.row(pair), width: width,
          stores: stores)
      }
      if stores == .streaming { CacheHints.streamingFence() }
    }
  }

  /// Copies `rows` rows of `width` bytes between planes of possibly different strides.
  @inline(__always)
  static func copyRows(
    from source: ImageView.Plane, into destination: ImageView.Plane, width: Int, rows: Int
  ) {
    if source.bytesPerRow == width && destination.bytesPerRow == width {
      // Both blocks are gap-free: one large copy lets memcpy pick its streaming path, which
      // row-sized copies never reach (measured by `dualcam-bench compositor`).
      destination.base.update(from: source.base, count: width * rows)
      return
    }
    for row in 0..<rows {
      destination.row(row).update(from: source.row(row), count: width)
    }
  }

  // MARK: - Fills

  /// Paints the whole picture (any of the three formats) in `color`.
  public static func fill(_ image: ImageView, color: YUVColor) {
    fill(image, rect: PixelRect(size: image.size), color: color)
  }

  /// Paints the pixels inside `rect` in `color`; `rect` must be even-aligned and inside the
  /// picture so that whole chroma samples are painted.
  public static func fill(_ image: ImageView, rect: PixelRect, color: YUVColor) {
    guard !rect.isEmpty else { return }
    let target = image.cropped(to: rect)
    let width = rect.width
    let height = rect.height
    switch image.format {
    case .i420:
      fillRows(target.plane0, value: color.y, width: width, rows: height)
      fillRows(target.plane1, value: color.u, width: width / 2, rows: height / 2)
      fillRows(target.plane2, value: color.v, width: width / 2, rows: height / 2)
    case .nv12:
      fillRows(target.plane0, value: color.y, width: width, rows: height)
      // Bytes in memory U, V: as a little-endian word, U is the low byte.
      let pair = UInt16(color.u) | UInt16(color.v) << 8
      for row in 0..<(height / 2) {
        let bytes = UnsafeMutableRawPointer(target.plane1.row(row))
        for index in 0..<(width / 2) {
          bytes.storeBytes(of: pair, toByteOffset: 2 * index, as: UInt16.self)
        }
      }
    case .yuyv:
      let quad =
        UInt32(color.y) | UInt32(color.u) << 8 | UInt32(color.y) << 16 | UInt32(color.v) << 24
      for row in 0..<height {
        let bytes = UnsafeMutableRawPointer(target.plane0.row(row))
        for index in 0..<(width / 2) {
          bytes.storeBytes(of: quad, toByteOffset: 4 * index, as: UInt32.self)
        }
      }
    }
  }

  /// Sets `rows` rows of `width` bytes to `value`.
  @inline(__always)
  static func fillRows(_ plane: ImageView.Plane, value: UInt8, width: Int, rows: Int) {
    for row in 0..<rows {
      plane.row(row).update(repeating: value, count: width)
    }
  }
}
