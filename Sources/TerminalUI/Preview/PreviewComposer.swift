public import Compositor
public import DualCamCore

/// Composes the two cameras' newest frames into a small I420 picture of the dual view, with the
/// take's layout, for the terminal preview.
///
/// It runs on the interface thread from frames the session hands out (latest frame only), so
/// the recording path never waits for it. The compositor and the picture are rebuilt only when
/// the layout, the preview size or a camera's size changes.
public final class PreviewComposer {
  /// The composed picture and where each camera landed in it.
  public struct Picture {
    /// The I420 picture; valid until the next `compose`.
    public var image: ImageView
    /// The layout drawn, in picture pixels.
    public var layout: StackLayout
  }

  private var compositor: StackCompositor?
  private var pool: FramePool?
  private var canvas: FrameBuffer?
  private var blackFrames: [ImageSize: FrameBuffer] = [:]
  private var key: Key?

  private struct Key: Equatable {
    var settings: LayoutSettings
    var size: ImageSize
    var frontSize: ImageSize
    var backSize: ImageSize
  }

  /// Creates a composer; nothing is allocated until the first `compose`.
  public init() {}

  deinit {
    canvas?.release()
    for frame in blackFrames.values { frame.release() }
  }

  /// The preview picture size for `layout` and two cameras, fitted into `pixels` (columns ×
  /// rows of square picture cells) keeping the dual view's aspect ratio; even in both directions
  /// as I420 needs. Nil when the area is too small to show anything.
  public static func pictureSize(
    fitting pixels: ImageSize, layout: LayoutSettings, frontSize: ImageSize, backSize: ImageSize
  ) -> ImageSize? {
    guard
      let canvas = try? StackLayout(settings: layout, frontSize: frontSize, backSize: backSize)
        .canvasSize
    else { return nil }
    let scale = min(
      Double(pixels.width) / Double(canvas.width), Double(pixels.height) / Double(canvas.height))
    let width = Int(Double(canvas.width) * scale) & ~1
    let height = Int(Double(canvas.height) * scale) & ~1
    guard width >= 4, height >= 4 else { return nil }
    return ImageSize(width: width, height: height)
  }

  /// The layout settings that draw the take's dual view at `size`: the same order, fill modes,
  /// zoom and border, with the canvas replaced by `size` and a full stack's natural split kept.
  public static func previewSettings(
    for settings: LayoutSettings, size: ImageSize, frontSize: ImageSize, backSize: ImageSize,
    fullCanvas: ImageSize
  ) -> LayoutSettings {
    var preview = settings
    preview.canvas = .custom(size)
    if case .fullStack = settings.canvas {
      let topHeight = settings.order == .frontOnTop ? frontSize.height : backSize.height
      let share = Double(topHeight) / Double(max(frontSize.height + backSize.height, 1))
      preview.split =
        LayoutSettings.SplitRatio.allCases.min { first, second in
          abs(Double(first.topPercent) / 100 - share) < abs(Double(second.topPercent) / 100 - share)
        } ?? .even
    }
    if var border = settings.border {
      let scaled = Double(border.thickness) * Double(size.height) / Double(fullCanvas.height)
      border.thickness = max(2, Int(scaled.rounded()))
      preview.border = border
    }
    return preview
  }

  /// Composes `front` and `back` (either may be missing: its region stays black) into a picture
  /// of `size`. Returns nil when the layout cannot be drawn at that size.
  public func compose(
    front: FrameBuffer?, back: FrameBuffer?, frontSize: ImageSize, backSize: ImageSize,
    settings: LayoutSettings, size: ImageSize
  ) -> Picture? {
    let frontSize = front?.image.size ?? frontSize
    let backSize = back?.image.size ?? backSize
    let wanted = Key(settings: settings, size: size, frontSize: frontSize, backSize: backSize)
    if key != wanted {
      guard rebuild(for: wanted) else { return nil }
    }
    guard let compositor, let canvas else { return nil }
    let frontImage = front?.image ?? black(frontSize).image
    let backImage = back?.image ?? black(backSize).image
    compositor.compose(front: frontImage, back: backImage, into: canvas.image)
    return Picture(image: canvas.image, layout: compositor.layout)
  }

  private func rebuild(for wanted: Key) -> Bool {
    guard
      let full = try? StackLayout(
        settings: wanted.settings, frontSize: wanted.frontSize, backSize: wanted.backSize)
    else { return false }
    let settings = Self.previewSettings(
      for: wanted.settings, size: wanted.size, frontSize: wanted.frontSize,
      backSize: wanted.backSize, fullCanvas: full.canvasSize)
    guard
      let compositor = try? StackCompositor(
        settings: settings, frontSize: wanted.frontSize, backSize: wanted.backSize)
    else { return false }
    if pool?.size != wanted.size {
      canvas?.release()
      let pool = FramePool(format: .i420, size: wanted.size, capacity: 1)
      self.pool = pool
      canvas = pool.lease()
    }
    self.compositor = compositor
    key = wanted
    return true
  }

  private func black(_ size: ImageSize) -> FrameBuffer {
    if let frame = blackFrames[size] { return frame }
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    PixelConversion.fill(frame.image, color: .black)
    blackFrames[size] = frame
    return frame
  }
}
