internal import DualCamCore

/// The arithmetic behind `StackLayout`: bands, border, fill/fit and zoom, all on even pixels.
extension StackLayout {
  // MARK: - Validation

  /// Checks one camera's frame size, naming the camera in the message.
  static func validated(_ size: ImageSize, camera: CameraPosition) throws(DualCamError)
    -> ImageSize
  {
    do {
      return try size.validatedForVideo()
    } catch {
      throw .invalidArgument("\(camera) camera: \(error.problem)", fix: error.fix)
    }
  }

  /// Checks a zoom read from settings (a decoded file can bypass `Zoom.init`'s clamping).
  static func validated(_ zoom: LayoutSettings.Zoom, camera: CameraPosition) throws(DualCamError)
    -> LayoutSettings.Zoom
  {
    guard zoom.factor.isFinite, zoom.centerX.isFinite, zoom.centerY.isFinite else {
      throw .invalidArgument(
        "\(camera) zoom \(zoom.factor) at (\(zoom.centerX), \(zoom.centerY)) is not a number",
        fix: "use a factor from 1 to 10 and a centre from 0 to 1")
    }
    return LayoutSettings.Zoom(factor: zoom.factor, centerX: zoom.centerX, centerY: zoom.centerY)
  }

  // MARK: - Canvas and bands

  /// The canvas size and the row where the bottom band starts.
  static func bands(
    for preset: LayoutSettings.CanvasPreset, top: ImageSize, bottom: ImageSize,
    topPercent: Int
  ) throws(DualCamError) -> (canvas: ImageSize, seam: Int) {
    let canvas: ImageSize
    switch preset {
    case .fullStack:
      // Natural heights: each camera keeps its own rows, so the split is ignored.
      canvas = ImageSize(width: max(top.width, bottom.width), height: top.height + bottom.height)
      guard canvas.width <= ImageSize.maximumDimension,
        canvas.height <= ImageSize.maximumDimension
      else {
        throw .invalidArgument(
          "a full stack of \(top) over \(bottom) would be \(canvas), larger than "
            + "\(ImageSize.maximumDimension) pixels",
          fix: "choose the portrait or landscape canvas, or a custom canvas size")
      }
      return (canvas, top.height)
    case .portrait: canvas = ImageSize(width: 1080, height: 1920)
    case .landscape: canvas = ImageSize(width: 1920, height: 1080)
    case .custom(let size):
      do {
        canvas = try size.validatedForVideo()
      } catch {
        throw .invalidArgument("canvas: \(error.problem)", fix: error.fix)
      }
    }
    let seam = roundedToEven(canvas.height * topPercent, over: 100)
    guard seam >= 2, canvas.height - seam >= 2 else {
      let band = seam < 2 ? "top" : "bottom"
      throw .invalidArgument(
        "the \(band) band of the \(canvas) canvas would be less than 2 pixels high",
        fix: "use a canvas at least 8 pixels high or an even split")
    }
    return (canvas, seam)
  }

  /// The border band: thickness rounded up to even, centred on the seam (one row higher when an
  /// even start row cannot centre it exactly), and kept inside the canvas.
  static func borderRect(
    _ border: LayoutSettings.Border?, canvas: ImageSize, seam: Int
  ) throws(DualCamError) -> PixelRect? {
    guard let border else { return nil }
    guard border.thickness >= 0 else {
      throw .invalidArgument(
        "border thickness \(border.thickness) is negative", fix: "use 0 (none) or more pixels")
    }
    let thickness = (border.thickness + 1) & ~1
    guard thickness > 0 else { return nil }
    guard thickness < canvas.height else {
      throw .invalidArgument(
        "a border of \(border.thickness) pixels is as thick as the \(canvas) canvas",
        fix: "use a border thinner than \(canvas.height - 1) pixels")
    }
    var top = seam - thickness / 2
    if top & 1 != 0 { top -= 1 }
    top = min(max(top, 0), canvas.height - thickness)
    return PixelRect(x: 0, y: top, width: canvas.width, height: thickness)
  }

  // MARK: - One camera

  /// Places a source in its region: content rectangle (fill, fit or natural size), crop
  /// rectangle (fill crop, then zoom) and the rows left visible by the border.
  static func place(
    source: ImageSize, in region: PixelRect, mode: LayoutSettings.ScaleMode,
    zoom: LayoutSettings.Zoom, naturalSize: Bool, border: PixelRect?
  ) -> Placement {
    let content: PixelRect
    var crop = PixelRect(size: source)
    if naturalSize {
      // Full stack: the band is as high as the source and at least as wide, so the picture keeps
      // its size and a narrower one is centred between black bars.
      content = PixelRect(
        x: region.x + evenHalf(region.width - source.width), y: region.y,
        width: source.width, height: source.height)
    } else if mode == .fill {
      content = region
      crop = fillCrop(source: source, region: region)
    } else {
      content = fitContent(source: source, region: region)
    }
    crop = zoomed(crop, source: source, zoom: zoom)

    var rows = region.y..<region.maxY
    if let border {
      let isTop = region.y == 0
      rows =
        isTop
        ? region.y..<max(region.y, min(region.maxY, border.y))
        : min(region.maxY, max(region.y, border.maxY))..<region.maxY
    }
    return Placement(
      sourceSize: source, region: region, content: content, crop: crop, visibleRows: rows)
  }

  /// The centred part of the source with the region's aspect ratio.
  static func fillCrop(source: ImageSize, region: PixelRect) -> PixelRect {
    if region.width * source.height >= region.height * source.width {
      // The region is wider than the source: keep the full width, cut top and bottom.
      let height = clamped(
        roundedToEven(source.width * region.height, over: region.width), 2, source.height)
      return PixelRect(
        x: 0, y: evenHalf(source.height - height), width: source.width, height: height)
    }
    let width = clamped(
      roundedToEven(source.height * region.width, over: region.height), 2, source.width)
    return PixelRect(x: evenHalf(source.width - width), y: 0, width: width, height: source.height)
  }

  /// The largest centred rectangle of the source's aspect ratio inside the region.
  static func fitContent(source: ImageSize, region: PixelRect) -> PixelRect {
    if region.width * source.height >= region.height * source.width {
      // The region is wider: full height, bars left and right.
      let width = clamped(
        roundedToEven(source.width * region.height, over: source.height), 2, region.width)
      return PixelRect(
        x: region.x + evenHalf(region.width - width), y: region.y, width: width,
        height: region.height)
    }
    let height = clamped(
      roundedToEven(source.height * region.width, over: source.width), 2, region.height)
    return PixelRect(
      x: region.x, y: region.y + evenHalf(region.height - height), width: region.width,
      height: height)
  }

  /// Shrinks `crop` by the zoom factor around the zoom centre (a fraction of the whole source),
  /// keeping the window inside the source.
  static func zoomed(_ crop: PixelRect, source: ImageSize, zoom: LayoutSettings.Zoom) -> PixelRect {
    let width = clamped(evenRounded(Double(crop.width) / zoom.factor), 2, crop.width)
    let height = clamped(evenRounded(Double(crop.height) / zoom.factor), 2, crop.height)
    let x = evenRounded(zoom.centerX * Double(source.width) - Double(width) / 2)
    let y = evenRounded(zoom.centerY * Double(source.height) - Double(height) / 2)
    return PixelRect(
      x: clamped(x, 0, source.width - width), y: clamped(y, 0, source.height - height),
      width: width, height: height)
  }

  // MARK: - Even arithmetic

  /// The even number nearest to `numerator / denominator` (halves round up); both non-negative.
  static func roundedToEven(_ numerator: Int, over denominator: Int) -> Int {
    2 * ((numerator + denominator) / (2 * denominator))
  }

  /// The even number nearest to half of `value` (non-negative): an even centring offset.
  static func evenHalf(_ value: Int) -> Int { roundedToEven(value, over: 2) }

  /// The even number nearest to `value` (halves away from zero).
  static func evenRounded(_ value: Double) -> Int { 2 * Int((value / 2).rounded()) }

  static func clamped(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
}
