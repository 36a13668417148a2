public import DualCamCore

/// Stacks the front and back camera pictures into one I420 canvas, as a `StackLayout` says.
///
/// One compositor serves one layout; build a new one (off the frame path) when the layout or a
/// source size changes. `init` precomputes every table and scratch buffer, so `compose` never
/// allocates. Unscaled cameras (a full stack without zoom) are copied row by row, converting
/// YUYV or NV12 on the way; scaled ones use bilinear filtering with 8-bit fixed-point weights
/// (see `AxisTable` for the exact rule, which `ReferenceCompositor` restates pixel by pixel).
///
/// `compose` uses internal scratch memory: call it from one thread at a time. `@unchecked
/// Sendable` so that it can be handed to the thread that composes: its tables are immutable
/// after `init`, and the scratch memory is used only by that one thread.
public final class StackCompositor: @unchecked Sendable {
  /// The geometry this compositor draws.
  public let layout: StackLayout
  /// How unscaled YUYV cameras are written into the canvas.
  public let stores: StorePolicy
  private let front: CameraStage
  private let back: CameraStage
  private let scratchRow: UnsafeMutableBufferPointer<UInt8>

  /// The size of the I420 canvas `compose` expects.
  public var canvasSize: ImageSize { layout.canvasSize }

  /// Computes the layout and precomputes everything `compose` needs.
  ///
  /// - Throws: `DualCamError.invalidArgument` when the settings and sizes make no valid layout.
  public convenience init(
    settings: LayoutSettings, frontSize: ImageSize, backSize: ImageSize,
    stores: StorePolicy = .cached
  ) throws(DualCamError) {
    self.init(
      layout: try StackLayout(settings: settings, frontSize: frontSize, backSize: backSize),
      stores: stores)
  }

  /// Precomputes everything `compose` needs for an existing layout.
  ///
  /// - Parameter stores: `.cached` (the default) when the canvas is read straight after, as an
  ///   encoder does; `.streaming` when it is not.
  public init(layout: StackLayout, stores: StorePolicy = .cached) {
    self.layout = layout
    self.stores = stores
    front = CameraStage(placement: layout.placement(of: .front))
    back = CameraStage(placement: layout.placement(of: .back))
    scratchRow = .allocate(capacity: max(front.scratchCount, back.scratchCount, 1))
  }

  deinit {
    front.deallocate()
    back.deallocate()
    scratchRow.deallocate()
  }

  /// Draws `front` and `back` into `canvas`: letterbox bars, both pictures, then the border.
  ///
  /// Every visible canvas pixel is written, so the canvas needs no clearing beforehand.
  ///
  /// - Parameters:
  ///   - front: the front camera's frame, I420, NV12 or YUYV, of the size given at init.
  ///   - back: the back camera's frame, likewise.
  ///   - canvas: an I420 picture of `canvasSize`; must not overlap the sources.
  public func compose(front: ImageView, back: ImageView, into canvas: ImageView) {
    precondition(
      canvas.format == .i420 && canvas.size == layout.canvasSize,
      "canvas must be I420 \(layout.canvasSize), got \(canvas.format) \(canvas.size)")
    precondition(
      front.size == self.front.placement.sourceSize,
      "front frame is \(front.size), layout expects \(self.front.placement.sourceSize)")
    precondition(
      back.size == self.back.placement.sourceSize,
      "back frame is \(back.size), layout expects \(self.back.placement.sourceSize)")
    let scratch = scratchRow.baseAddress!
    self.front.draw(front, into: canvas, scratch: scratch, stores: stores)
    self.back.draw(back, into: canvas, scratch: scratch, stores: stores)
    if let border = layout.borderRect, let color = layout.borderColor {
      PixelConversion.fill(canvas, rect: border, color: color)
    }
  }
}
