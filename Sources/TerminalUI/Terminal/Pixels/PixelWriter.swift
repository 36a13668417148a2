public import DualCamCore

/// Writes real-pixel pictures over the cell regions a render marked as picture areas
/// (`CellBuffer.pictures`), after ncurses has refreshed the text: kitty graphics in our own
/// framing (`KittyGraphics`) or sixel through libchafa's encoder (`ChafaPixelEncoder`).
///
/// Only changed pictures are written, batched into one write per screen, and only when the
/// `PixelRateAdapter` says the link has room; a picture that is not due waits for a later
/// screen while the previous one stays up. Used by the terminal backend on the interface
/// thread only; it owns a chafa encoder, so it is not `Sendable`.
public final class PixelWriter {
  /// The protocol spoken (`.kitty` or `.sixel`).
  public let pixelProtocol: PixelProtocols
  /// The pixels of one cell, as the terminal reported them.
  public private(set) var cellSize: (width: Int, height: Int)
  /// Paces and sizes the pictures.
  public private(set) var adapter: PixelRateAdapter
  /// The most pixels a full-size picture has: larger areas are sent smaller and the terminal
  /// stretches them (kitty) or chafa scales them up (sixel), which costs far less to convert.
  public static let maximumPixels = 640 * 480

  private let output: ([UInt8]) -> Void
  private var shown: [ScreenRect: Shown] = [:]
  private var nextImageID: UInt32 = 1
  private var sixel: ChafaPixelEncoder?
  private var batch: [UInt8] = []

  private struct Shown {
    var serial: UInt64
    /// kitty's image id (0 for sixel).
    var imageID: UInt32
  }

  /// A writer for `pixelProtocol` on a terminal whose cells are `cellSize` pixels, sending its
  /// bytes to `output` and timed by `clock`.
  public init(
    pixelProtocol: PixelProtocols, cellSize: (width: Int, height: Int),
    clock: any MonotonicClock, output: @escaping ([UInt8]) -> Void
  ) {
    precondition(pixelProtocol == .kitty || pixelProtocol == .sixel, "one pixel protocol")
    self.pixelProtocol = pixelProtocol
    self.cellSize = Self.sane(cellSize)
    adapter = PixelRateAdapter(clock: clock)
    self.output = output
  }

  /// True while a take records: pictures get less of the link.
  public var recording: Bool {
    get { adapter.recording }
    set { adapter.recording = newValue }
  }

  /// The picture size worth drawing for `columns` × `rows` cells: their pixels, capped at
  /// `maximumPixels`, shrunk further for kitty when the link is slow (a sixel always covers
  /// its cells in full, so only its rate adapts).
  public func pictureSize(columns: Int, rows: Int) -> ImageSize {
    var width = max(columns * cellSize.width, 2)
    var height = max(rows * cellSize.height, 2)
    let pixels = width * height
    if pixels > Self.maximumPixels {
      let factor = (Double(Self.maximumPixels) / Double(pixels)).squareRoot()
      width = max(Int(Double(width) * factor), 2)
      height = max(Int(Double(height) * factor), 2)
    }
    let full = ImageSize(width: width & ~1, height: height & ~1)
    return pixelProtocol == .kitty ? adapter.pictureSize(full: full) : full
  }

  /// False when the link cannot carry two small pictures a second of `columns` × `rows` cells.
  public func linkKeepsUp(columns: Int, rows: Int) -> Bool {
    adapter.keepsUp(fullPixels: columns * cellSize.width * rows * cellSize.height)
  }

  /// Forgets every picture (the screen was cleared or resized) and, for kitty, deletes them.
  public func reset(cellSize newSize: (width: Int, height: Int)? = nil) {
    if let newSize { cellSize = Self.sane(newSize) }
    if pixelProtocol == .kitty, !shown.isEmpty { output(KittyGraphics.deleteAll) }
    shown.removeAll()
  }

  /// The sixel pictures on screen that `areas` no longer has: their cells must be repainted
  /// by the text (the pictures would stay otherwise). Empty for kitty, whose images are
  /// deleted by `write`. Call before ncurses' refresh.
  public func vanishedSixelAreas(keeping areas: [PictureArea]) -> [ScreenRect] {
    guard pixelProtocol == .sixel else { return [] }
    let kept = Set(areas.map(\.rect))
    return shown.keys.filter { !kept.contains($0) }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
  }

  /// Writes the pictures of `areas` that changed since they were last written (all of them
  /// when the link has room, none otherwise), and removes the ones that went. Call after
  /// ncurses' refresh. Areas reaching the bottom row are left to the half blocks: a picture
  /// there would scroll the screen. Returns the number of pictures written.
  @discardableResult
  public func write(_ areas: [PictureArea], screenHeight: Int) -> Int {
    batch.removeAll(keepingCapacity: true)
    let usable = areas.filter { $0.rect.maxY < screenHeight }
    let kept = Set(usable.map(\.rect))
    for (rect, picture) in shown where !kept.contains(rect) {
      if pixelProtocol == .kitty { batch += KittyGraphics.delete(id: picture.imageID) }
      shown[rect] = nil
    }
    let changed = usable.filter { shown[$0.rect]?.serial != $0.image.serial }
    var pixels = 0
    var written = 0
    let preparedSince = adapter.now
    if !changed.isEmpty, adapter.isDue() {
      for area in changed {
        pixels += append(area)
        written += 1
      }
    }
    guard !batch.isEmpty else { return 0 }
    let bytes = batch
    if written > 0 {
      adapter.measure(bytes: bytes.count, pixels: pixels, preparedSince: preparedSince) {
        output(bytes)
      }
    } else {
      output(bytes)
    }
    return written
  }

  /// Appends the bytes that draw `area`; returns the pixels sent.
  private func append(_ area: PictureArea) -> Int {
    let rect = area.rect
    batch += Array("\u{1B}7\u{1B}[\(rect.y + 1);\(rect.x + 1)H".utf8)
    let image = area.image
    let old = shown[rect]
    var imageID: UInt32 = 0
    var pixels = 0
    image.rgb.withUnsafeBufferPointer { rgb in
      if pixelProtocol == .kitty {
        imageID = takeImageID()
        KittyGraphics.transmitAndPlace(
          rgb, format: .rgb, width: image.size.width, height: image.size.height, id: imageID,
          columns: rect.width, rows: rect.height, into: &batch)
        pixels = image.size.width * image.size.height
      } else {
        let encoder = sixelEncoder()
        batch += encoder.encode(
          rgb: rgb.baseAddress!, width: image.size.width, height: image.size.height,
          columns: rect.width, rows: rect.height)
        pixels = rect.width * cellSize.width * rect.height * cellSize.height
      }
    }
    batch += Array("\u{1B}8".utf8)
    // The old image goes only now that the new one is placed over it: no blank frame.
    if let old, old.imageID != 0 { batch += KittyGraphics.delete(id: old.imageID) }
    shown[rect] = Shown(serial: image.serial, imageID: imageID)
    return pixels
  }

  private func takeImageID() -> UInt32 {
    defer { nextImageID = nextImageID == UInt32.max >> 8 ? 1 : nextImageID + 1 }
    // Clear of the id the capability query uses.
    if nextImageID == UInt32(GraphicsQuery.kittyImageID) { nextImageID += 1 }
    return nextImageID
  }

  private func sixelEncoder() -> ChafaPixelEncoder {
    if let sixel, sixel.cellWidth == cellSize.width, sixel.cellHeight == cellSize.height {
      return sixel
    }
    let made = ChafaPixelEncoder(
      pixelProtocol: .sixel, cellWidth: cellSize.width, cellHeight: cellSize.height)
    sixel = made
    return made
  }

  /// Terminals that report no pixel size get a common one (10 × 20).
  private static func sane(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
    size.width > 0 && size.height > 0 ? size : (10, 20)
  }
}
