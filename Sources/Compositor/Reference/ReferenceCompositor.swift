public import DualCamCore

/// A deliberately plain, scalar restatement of `StackCompositor` and `PixelConversion`, for
/// tests and benchmarks only.
///
/// It follows the definitions literally, one pixel at a time: convert each source to I420 in
/// arrays, paint the canvas black, sample every visible content pixel with the bilinear rule,
/// paint the border last. The fast compositor must match it bit for bit.
public enum ReferenceCompositor {
  // MARK: - Compositing

  /// Composes like `StackCompositor.compose` (same layout, same result), slowly.
  public static func compose(
    layout: StackLayout, front: ImageView, back: ImageView, into canvas: ImageView
  ) {
    precondition(canvas.format == .i420 && canvas.size == layout.canvasSize, "bad canvas")
    let canvasWidth = canvas.size.width
    let canvasHeight = canvas.size.height
    for y in 0..<canvasHeight {
      for x in 0..<canvasWidth { set(canvas, x: x, y: y, to: .black) }
    }
    for camera in CameraPosition.allCases {
      let placed = layout.placement(of: camera)
      let source = I420Pixels(camera == .front ? front : back)
      precondition(source.width == placed.sourceSize.width, "bad \(camera) frame")
      precondition(source.height == placed.sourceSize.height, "bad \(camera) frame")
      let content = placed.content
      let crop = placed.crop
      for y in placed.visibleRows where y >= content.y && y < content.maxY {
        for x in content.x..<content.maxX {
          let value = sample(
            source.y, width: source.width, crop: crop,
            destination: (content.width, content.height), at: (x - content.x, y - content.y))
          canvas.plane0.row(y)[x] = value
        }
      }
      let chromaContent = content.halved
      let chromaCrop = crop.halved
      for y in placed.visibleRows where y % 2 == 0 && y >= content.y && y < content.maxY {
        for x in stride(from: content.x, to: content.maxX, by: 2) {
          let at = (x / 2 - chromaContent.x, y / 2 - chromaContent.y)
          let size = (chromaContent.width, chromaContent.height)
          canvas.plane1.row(y / 2)[x / 2] = sample(
            source.u, width: source.width / 2, crop: chromaCrop, destination: size, at: at)
          canvas.plane2.row(y / 2)[x / 2] = sample(
            source.v, width: source.width / 2, crop: chromaCrop, destination: size, at: at)
        }
      }
    }
    if let border = layout.borderRect, let color = layout.borderColor {
      for y in border.y..<border.maxY {
        for x in border.x..<border.maxX { set(canvas, x: x, y: y, to: color) }
      }
    }
  }

  /// One bilinear sample of destination pixel `at` in a `destination`-sized rectangle, taken
  /// from `crop` of a plane stored row after row in `plane` (`width` samples per row).
  static func sample(
    _ plane: [UInt8], width: Int, crop: PixelRect, destination: (width: Int, height: Int),
    at point: (x: Int, y: Int)
  ) -> UInt8 {
    let px = position(point.x, destination: destination.width, source: crop.width)
    let py = position(point.y, destination: destination.height, source: crop.height)
    let x0 = crop.x + px / 256
    let y0 = crop.y + py / 256
    let x1 = min(x0 + 1, crop.maxX - 1)
    let y1 = min(y0 + 1, crop.maxY - 1)
    func at(_ x: Int, _ y: Int) -> Int { Int(plane[y * width + x]) }
    // Two passes, rounded after each. When the crop has fewer rows than the destination
    // (vertical upscaling), horizontal first; otherwise vertical first.
    if crop.height < destination.height {
      let upper = blend(at(x0, y0), at(x1, y0), px % 256)
      let lower = blend(at(x0, y1), at(x1, y1), px % 256)
      return UInt8(blend(upper, lower, py % 256))
    }
    let left = blend(at(x0, y0), at(x0, y1), py % 256)
    let right = blend(at(x1, y0), at(x1, y1), py % 256)
    return UInt8(blend(left, right, px % 256))
  }

  /// Centre-aligned source position of destination sample `d`, in 1/256 of a sample, clamped
  /// to the first and last source sample.
  static func position(_ d: Int, destination: Int, source: Int) -> Int {
    let exact = (2 * d + 1) * source * 256 / (2 * destination) - 128
    return min(max(exact, 0), (source - 1) * 256)
  }

  /// `(a * (256 - w) + b * w + 128) / 256`.
  static func blend(_ a: Int, _ b: Int, _ w: Int) -> Int { (a * (256 - w) + b * w + 128) / 256 }

  /// Writes one pixel's Y and (for even coordinates, which own a chroma sample) U and V.
  static func set(_ canvas: ImageView, x: Int, y: Int, to color: YUVColor) {
    canvas.plane0.row(y)[x] = color.y
    if x % 2 == 0 && y % 2 == 0 {
      canvas.plane1.row(y / 2)[x / 2] = color.u
      canvas.plane2.row(y / 2)[x / 2] = color.v
    }
  }

  // MARK: - Conversion

  /// Converts like `PixelConversion.convertToI420`, one sample at a time.
  public static func convertToI420(_ source: ImageView, into destination: ImageView) {
    precondition(destination.format == .i420 && destination.size == source.size, "bad target")
    let pixels = I420Pixels(source)
    for y in 0..<pixels.height {
      for x in 0..<pixels.width {
        destination.plane0.row(y)[x] = pixels.y[y * pixels.width + x]
      }
    }
    let chromaWidth = pixels.width / 2
    for y in 0..<(pixels.height / 2) {
      for x in 0..<chromaWidth {
        destination.plane1.row(y)[x] = pixels.u[y * chromaWidth + x]
        destination.plane2.row(y)[x] = pixels.v[y * chromaWidth + x]
      }
    }
  }

  /// A picture's planes as I420 arrays, read sample by sample from any supported format.
  struct I420Pixels {
    let width: Int
    let height: Int
    var y: [UInt8] = []
    var u: [UInt8] = []
    var v: [UInt8] = []

    init(_ image: ImageView) {
      width = image.size.width
      height = image.size.height
      for row in 0..<height {
        for x in 0..<width {
          let luma =
            image.format == .yuyv ? image.plane0.row(row)[2 * x] : image.plane0.row(row)[x]
          y.append(luma)
        }
      }
      for row in 0..<(height / 2) {
        for x in 0..<(width / 2) {
          switch image.format {
          case .i420:
            u.append(image.plane1.row(row)[x])
            v.append(image.plane2.row(row)[x])
          case .nv12:
            u.append(image.plane1.row(row)[2 * x])
            v.append(image.plane1.row(row)[2 * x + 1])
          case .yuyv:
            // 4:2:2 to 4:2:0: the two rows' chroma averaged, halves rounded up.
            let upper = image.plane0.row(2 * row)
            let lower = image.plane0.row(2 * row + 1)
            u.append(UInt8((Int(upper[4 * x + 1]) + Int(lower[4 * x + 1]) + 1) / 2))
            v.append(UInt8((Int(upper[4 * x + 3]) + Int(lower[4 * x + 3]) + 1) / 2))
          }
        }
      }
    }
  }
}
