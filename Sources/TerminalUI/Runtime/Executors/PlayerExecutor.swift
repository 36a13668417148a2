import DualCamCore
import Foundation
import Playback

/// Carries out the player screen's commands: opens a take in a `PlaybackEngine` (which decodes
/// on its own thread, timed to the clock), passes the screen's controls on, and at each turn of
/// the runner turns the engine's newest picture into cells, as an event. Nothing here waits for
/// decoding, so playback never stalls the interface.
final class PlayerExecutor {
  private let clock: any MonotonicClock
  private var engine: PlaybackEngine?
  private var seen: Int64 = 0
  private var reported: PlaybackStatus?
  /// The user's picture renderer (`[interface] pictures`).
  var pictures: PictureChoice = .auto
  /// Chafa renderers, one per picture slot (side by side has two of different sizes), made for
  /// the capabilities they were made with.
  private var chafa: (capabilities: TerminalCapabilities, slots: [ChafaCellRenderer])?

  /// A player timed to `clock`.
  init(clock: any MonotonicClock = SystemMonotonicClock()) {
    self.clock = clock
  }

  /// True while a take is open.
  var isOpen: Bool { engine != nil }

  /// Opens the take in `folder` and plays it from the start; the screen opens on the answer.
  func open(_ folder: URL) -> [AppEvent] {
    close()
    do {
      let take = try PlaybackTake(folder: folder)
      let engine = try PlaybackEngine(take: take, clock: clock)
      engine.play()
      self.engine = engine
      return [
        .playerOpened(
          PlayerScreen.Take(
            folder: take.folder, frameCount: take.frameCount, frameRate: take.frameRate,
            syncEvents: take.syncEvents))
      ]
    } catch {
      return [.failed(ErrorReport(title: "Cannot play the take", error: error))]
    }
  }

  /// Passes a control of the player screen on to the engine.
  func control(_ control: PlayerControl) {
    guard let engine else { return }
    switch control {
    case .togglePlaying: engine.togglePlaying()
    case .seek(let seconds): engine.seek(bySeconds: seconds)
    case .step(let frames): engine.step(by: frames)
    case .start: engine.seekToStart()
    case .end: engine.seekToEnd()
    case .speed(let speed): engine.setSpeed(speed)
    case .view(let view): engine.setView(view)
    }
  }

  /// Closes the take (the player screen was closed).
  func close() {
    engine?.close()
    engine = nil
    seen = 0
    reported = nil
  }

  /// The newest picture drawn to fit `area` (cells) with `capabilities`, or the status when
  /// only it changed; nil when nothing changed since the last call. With `pixelSize` (the
  /// terminal's picture size for a number of columns and rows) each image is also marked on
  /// the cells in real pixels.
  func frame(
    fitting area: ScreenRect, capabilities: TerminalCapabilities,
    pixelSize: ((_ columns: Int, _ rows: Int) -> ImageSize?)? = nil
  ) -> AppEvent? {
    guard let engine else { return nil }
    let status = engine.status
    let method = PreviewRenderer.Method(for: capabilities)
    guard let (picture, number) = engine.picture(newerThan: seen) else {
      guard status != reported else { return nil }
      reported = status
      return .playerFrame(nil, status, method: method)
    }
    defer { picture.release() }
    seen = number
    reported = status
    var cells =
      pictures.playerUsesChafa(for: capabilities)
      ? Self.draw(picture, fitting: area, with: chafaRenderers(for: capabilities))
      : Self.draw(picture, fitting: area, method: method, glyphs: capabilities.glyphs)
    if let pixelSize {
      Self.markPixels(picture, fitting: area, on: &cells, pixelSize: pixelSize)
    }
    return .playerFrame(cells, status, method: method)
  }

  private func chafaRenderers(for capabilities: TerminalCapabilities) -> [ChafaCellRenderer] {
    if let chafa, chafa.capabilities == capabilities { return chafa.slots }
    let sextants = PictureChoice.sextants(for: capabilities)
    let slots = (0..<2).map { _ in
      ChafaCellRenderer(capabilities: capabilities, sextants: sextants)
    }
    chafa = (capabilities, slots)
    return slots
  }

  /// Draws `picture` as large as fits `area` with chafa's symbols (`renderers`: one per slot).
  static func draw(
    _ picture: PlaybackPicture, fitting area: ScreenRect, with renderers: [ChafaCellRenderer]
  ) -> CellBuffer {
    layOut(picture, fitting: area) { image, cells, x, y, size, slot in
      renderers[slot].draw(image, into: &cells, x: x, y: y, columns: size.columns, rows: size.rows)
    }
  }

  /// Draws `picture` as large as fits `area`: one image, or two next to each other with a
  /// column between them.
  static func draw(
    _ picture: PlaybackPicture, fitting area: ScreenRect, method: PreviewRenderer.Method,
    glyphs: Glyphs
  ) -> CellBuffer {
    layOut(picture, fitting: area) { image, cells, x, y, size, _ in
      PreviewRenderer.draw(
        image, into: &cells, x: x, y: y, columns: size.columns, rows: size.rows, method: method,
        glyphs: glyphs)
    }
  }

  /// Marks each image of `picture` on `cells` (laid out as `draw` lays them) in real pixels,
  /// converted at the size `pixelSize` gives for its cells.
  static func markPixels(
    _ picture: PlaybackPicture, fitting area: ScreenRect, on cells: inout CellBuffer,
    pixelSize: (_ columns: Int, _ rows: Int) -> ImageSize?
  ) {
    var marks: [(PixelImage, ScreenRect)] = []
    _ = layOut(picture, fitting: area) { image, _, x, y, size, _ in
      guard let target = pixelSize(size.columns, size.rows),
        let pixels = PixelImage.converting(image, to: target)
      else { return }
      marks.append((pixels, ScreenRect(x: x, y: y, width: size.columns, height: size.rows)))
    }
    for (image, rect) in marks { cells.markPicture(image, in: rect) }
  }

  /// Lays the picture's one or two images out in `area` and has `drawImage` draw each into its
  /// place (image, cells, x, y, size in cells, slot).
  private static func layOut(
    _ picture: PlaybackPicture, fitting area: ScreenRect,
    drawImage: (ImageView, inout CellBuffer, Int, Int, (columns: Int, rows: Int), Int) -> Void
  ) -> CellBuffer {
    let images = [picture.primary.image] + (picture.secondary.map { [$0.image] } ?? [])
    let gap = images.count > 1 ? 1 : 0
    let slotWidth = max((area.width - gap * (images.count - 1)) / images.count, 1)
    let sizes = images.map { fit($0.size, columns: slotWidth, rows: area.height) }
    let width = sizes.map(\.columns).reduce(0, +) + gap * (images.count - 1)
    var cells = CellBuffer(width: max(width, 1), height: max(sizes.map(\.rows).max() ?? 1, 1))
    var x = 0
    for (slot, (image, size)) in zip(images, sizes).enumerated() {
      drawImage(image, &cells, x, (cells.height - size.rows) / 2, size, slot)
      x += size.columns + gap
    }
    return cells
  }

  /// The cells an image of `size` takes at most `columns` × `rows` (a cell shows two rows of
  /// pixels), keeping its shape.
  static func fit(_ size: ImageSize, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
    let scale = min(
      Double(columns) / Double(size.width), Double(rows * 2) / Double(size.height))
    return (
      max(Int(Double(size.width) * scale), 1), max(Int(Double(size.height) * scale / 2), 1)
    )
  }
}
