public import DualCamCore

/// Where each camera's picture lands on the dual-view canvas: a pure value computed once from
/// the layout settings and the two source sizes.
///
/// The canvas is split into two horizontal bands (regions), one per camera. Inside its region a
/// camera's picture occupies the content rectangle (the whole region for `fill`, a centred,
/// letterboxed part of it for `fit` and for a narrower source in a full stack). The crop
/// rectangle says which source pixels are scaled onto the content rectangle, after fill
/// cropping and digital zoom. Every rectangle is even-aligned so that 4:2:0 chroma lines up.
public struct StackLayout: Sendable, Hashable {
  /// Where one camera's picture goes.
  public struct Placement: Sendable, Hashable {
    /// The camera's frame size.
    public var sourceSize: ImageSize
    /// The band of the canvas this camera owns (full canvas width).
    public var region: PixelRect
    /// The part of `region` the scaled picture covers; the rest is letterboxed in black.
    public var content: PixelRect
    /// The source pixels, after fill cropping and zoom, scaled onto `content`.
    public var crop: PixelRect
    /// Rows of the canvas (inside `region`) that the border does not cover; only these are drawn.
    public var visibleRows: Range<Int>

    /// True when `crop` maps onto `content` pixel for pixel, so compositing is a plain copy.
    public var isUnscaled: Bool {
      crop.width == content.width && crop.height == content.height
    }
  }

  /// The settings this layout was computed from.
  public let settings: LayoutSettings
  /// Size of the composited picture.
  public let canvasSize: ImageSize
  /// The camera in the upper band.
  public let topCamera: CameraPosition
  /// The band drawn over the seam in the border colour, or nil without a border.
  public let borderRect: PixelRect?
  private let front: Placement
  private let back: Placement

  // MARK: - Building

  /// Computes the geometry, or throws `DualCamError.invalidArgument` naming the problem and a fix
  /// (empty or odd sizes, a region smaller than 2×2, a border thicker than the canvas).
  public init(settings: LayoutSettings, frontSize: ImageSize, backSize: ImageSize)
    throws(DualCamError)
  {
    let frontSize = try Self.validated(frontSize, camera: .front)
    let backSize = try Self.validated(backSize, camera: .back)
    self.settings = settings
    topCamera = settings.order == .frontOnTop ? .front : .back
    let topSize = topCamera == .front ? frontSize : backSize
    let bottomSize = topCamera == .front ? backSize : frontSize

    let frontZoom = try Self.validated(settings.frontZoom, camera: .front)
    let backZoom = try Self.validated(settings.backZoom, camera: .back)
    let bands = try Self.bands(
      for: settings.canvas, top: topSize, bottom: bottomSize,
      topPercent: settings.split.topPercent)
    canvasSize = bands.canvas
    borderRect = try Self.borderRect(settings.border, canvas: bands.canvas, seam: bands.seam)

    let topRegion = PixelRect(x: 0, y: 0, width: bands.canvas.width, height: bands.seam)
    let bottomRegion = PixelRect(
      x: 0, y: bands.seam, width: bands.canvas.width, height: bands.canvas.height - bands.seam)
    let frontRegion = topCamera == .front ? topRegion : bottomRegion
    let backRegion = topCamera == .front ? bottomRegion : topRegion
    front = Self.place(
      source: frontSize, in: frontRegion, mode: settings.frontScaling, zoom: frontZoom,
      naturalSize: settings.canvas == .fullStack, border: borderRect)
    back = Self.place(
      source: backSize, in: backRegion, mode: settings.backScaling, zoom: backZoom,
      naturalSize: settings.canvas == .fullStack, border: borderRect)
  }

  // MARK: - Reading the geometry

  /// Everything about where `camera` lands.
  public func placement(of camera: CameraPosition) -> Placement {
    camera == .front ? front : back
  }

  /// The band of the canvas owned by `camera`.
  public func regionRect(of camera: CameraPosition) -> PixelRect { placement(of: camera).region }

  /// Where `camera`'s scaled picture lies inside its band.
  public func contentRect(of camera: CameraPosition) -> PixelRect { placement(of: camera).content }

  /// The source pixels of `camera` that are shown, after fill cropping and zoom.
  public func cropRect(of camera: CameraPosition) -> PixelRect { placement(of: camera).crop }

  /// The frame size `camera` must deliver.
  public func sourceSize(of camera: CameraPosition) -> ImageSize {
    placement(of: camera).sourceSize
  }

  /// The border colour, when there is a border.
  public var borderColor: YUVColor? { borderRect == nil ? nil : settings.border?.color }

  /// Maps a point of `camera`'s source picture to the canvas, or nil when it is cropped away.
  ///
  /// Coordinates are continuous: pixel `(i, j)` covers `[i, i+1) × [j, j+1)`, so its centre is
  /// `(i + 0.5, j + 0.5)`; the compositor's sampling is centre-aligned, so the centre of a source
  /// pixel maps to where its value is reproduced. A point under the border still gets its
  /// position; check `borderRect` to know whether it is visible.
  public func canvasPoint(
    forSourcePoint point: (x: Double, y: Double), of camera: CameraPosition
  ) -> (x: Double, y: Double)? {
    let placed = placement(of: camera)
    let crop = placed.crop
    guard point.x >= Double(crop.x), point.x < Double(crop.maxX), point.y >= Double(crop.y),
      point.y < Double(crop.maxY)
    else { return nil }
    let scaleX = Double(placed.content.width) / Double(crop.width)
    let scaleY = Double(placed.content.height) / Double(crop.height)
    return (
      x: Double(placed.content.x) + (point.x - Double(crop.x)) * scaleX,
      y: Double(placed.content.y) + (point.y - Double(crop.y)) * scaleY
    )
  }
}
