internal import DualCamCore

/// Everything the compositor precomputes for one camera: its placement, the scaling tables for
/// luma and chroma, and a staging picture for converting NV12 or YUYV crops before scaling.
///
/// Memory is allocated at init and freed by the owner through `deallocate()`; `draw` never
/// allocates.
struct CameraStage {
  /// Where the camera lands on the canvas.
  let placement: StackLayout.Placement
  /// Luma scaling tables, or nil when the camera is copied pixel for pixel.
  let luma: PlaneScaler?
  /// Chroma scaling tables (shared by U and V), or nil when copied.
  let chroma: PlaneScaler?
  /// A crop-sized I420 picture that NV12 chroma or YUYV crops are converted into before
  /// scaling; nil when the camera is copied (then conversion writes straight into the canvas).
  private let staging: ImageView?
  private let stagingMemory: UnsafeMutableRawPointer?

  /// Precomputes the tables and staging memory for `placement`.
  init(placement: StackLayout.Placement) {
    self.placement = placement
    guard !placement.isUnscaled else {
      luma = nil
      chroma = nil
      staging = nil
      stagingMemory = nil
      return
    }
    let crop = placement.crop.size
    luma = PlaneScaler(source: crop, destination: placement.content.size)
    chroma = PlaneScaler(
      source: placement.crop.halved.size, destination: placement.content.halved.size)
    let lumaBytes = crop.area
    let chromaBytes = (crop.width / 2) * (crop.height / 2)
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: lumaBytes + 2 * chromaBytes, alignment: 64)
    let bytes = memory.bindMemory(to: UInt8.self, capacity: lumaBytes + 2 * chromaBytes)
    stagingMemory = memory
    staging = ImageView(
      format: .i420, size: crop,
      plane0: ImageView.Plane(base: bytes, bytesPerRow: crop.width),
      plane1: ImageView.Plane(base: bytes + lumaBytes, bytesPerRow: crop.width / 2),
      plane2: ImageView.Plane(base: bytes + lumaBytes + chromaBytes, bytesPerRow: crop.width / 2))
  }

  /// Scratch bytes `draw` needs.
  var scratchCount: Int { max(luma?.scratchCount ?? 0, chroma?.scratchCount ?? 0) }

  /// Frees the tables and staging memory.
  func deallocate() {
    luma?.deallocate()
    chroma?.deallocate()
    stagingMemory?.deallocate()
  }

  // MARK: - Drawing

  /// Draws the camera's visible rows into `canvas`: letterbox bars in black, then the picture.
  ///
  /// - Parameters:
  ///   - scratch: at least `scratchCount` bytes for the scalers' intermediate rows.
  ///   - stores: how a camera copied pixel for pixel is written (scaled pictures are written
  ///     by the scalers, always cached).
  func draw(
    _ source: ImageView, into canvas: ImageView, scratch: UnsafeMutablePointer<UInt8>,
    stores: StorePolicy
  ) {
    let rows = placement.visibleRows
    guard !rows.isEmpty else { return }
    let region = placement.region
    let content = placement.content
    // The visible rows that hold picture; the bands above and below them are bars.
    let first = min(max(content.y, rows.lowerBound), rows.upperBound)
    let end = min(max(content.maxY, rows.lowerBound), rows.upperBound)
    fillBlack(canvas, x: region.x, y: rows.lowerBound, width: region.width, to: first)
    fillBlack(canvas, x: region.x, y: end, width: region.width, to: rows.upperBound)
    fillBlack(canvas, x: region.x, y: first, width: content.x - region.x, to: end)
    fillBlack(canvas, x: content.maxX, y: first, width: region.maxX - content.maxX, to: end)
    guard first < end else { return }

    let crop = placement.crop
    guard let luma, let chroma else {
      // Pixel for pixel: convert (or copy) the visible rows straight into the canvas.
      let skipped = first - content.y
      let from = PixelRect(x: crop.x, y: crop.y + skipped, width: crop.width, height: end - first)
      let to = PixelRect(x: content.x, y: first, width: content.width, height: end - first)
      PixelConversion.convertToI420(
        source.cropped(to: from), into: canvas.cropped(to: to), stores: stores)
      return
    }
    let picture = staged(source.cropped(to: crop))
    let target = canvas.cropped(to: content)
    let lumaRows = (first - content.y)..<(end - content.y)
    let chromaRows = (lumaRows.lowerBound / 2)..<(lumaRows.upperBound / 2)
    luma.scale(from: picture.plane0, into: target.plane0, rows: lumaRows, scratch: scratch)
    chroma.scale(from: picture.plane1, into: target.plane1, rows: chromaRows, scratch: scratch)
    chroma.scale(from: picture.plane2, into: target.plane2, rows: chromaRows, scratch: scratch)
  }

  /// The crop as I420: itself, or converted into the staging picture (NV12 keeps its own luma).
  private func staged(_ crop: ImageView) -> ImageView {
    guard let staging, crop.format != .i420 else { return crop }
    switch crop.format {
    case .nv12:
      for row in 0..<(crop.size.height / 2) {
        RowKernels.splitPairs(
          crop.plane1.row(row), u: staging.plane1.row(row), v: staging.plane2.row(row),
          pairs: crop.size.width / 2)
      }
      return ImageView(
        format: .i420, size: crop.size, plane0: crop.plane0, plane1: staging.plane1,
        plane2: staging.plane2)
    case .i420, .yuyv:
      PixelConversion.convertToI420(crop, into: staging)
      return staging
    }
  }

  /// Paints rows `y..<end` of columns `x..<x+width` black, if that is not empty.
  private func fillBlack(_ canvas: ImageView, x: Int, y: Int, width: Int, to end: Int) {
    guard width > 0, end > y else { return }
    PixelConversion.fill(
      canvas, rect: PixelRect(x: x, y: y, width: width, height: end - y), color: .black)
  }
}
