import DualCamCore
import Foundation
import Session

/// Draws the live preview: the newest frame of each camera from the session's tap, composed
/// with the take's layout (`PreviewComposer`) and turned into cells, as an event.
final class LivePreviewDrawer {
  private let composer = PreviewComposer()
  private var drawnAt: [Double] = []
  /// Capture time of the older camera frame in the picture drawn last, until the screen that
  /// shows it has been presented (`takeCaptureTime()`).
  private var captureTime: MonotonicTime?

  /// The preview of `session` at `time`, fitting `pixels`; nil without a session. With
  /// `pixelSize` (the terminal's picture size for a number of columns and rows), the picture
  /// is composed at that size and marked on the cells for the terminal to show in pixels.
  func draw(
    _ session: SessionController?, layout: LayoutSettings, sources: AppState.Sources,
    fitting pixels: ImageSize, capabilities: TerminalCapabilities, at time: Double,
    pixelSize: ((_ columns: Int, _ rows: Int) -> ImageSize?)? = nil
  ) -> AppEvent? {
    let method = PreviewRenderer.Method(for: capabilities)
    guard let session else { return nil }
    let front = session.latestFrame(.front)
    let back = session.latestFrame(.back)
    defer {
      front?.release()
      back?.release()
    }
    let frontSize = sources.front.size
    let backSize = sources.back.size
    let shownFront = front?.image.size ?? frontSize
    let shownBack = back?.image.size ?? backSize
    guard
      let size = PreviewComposer.pictureSize(
        fitting: pixels, layout: layout, frontSize: shownFront, backSize: shownBack)
    else {
      return .previewDrawn(nil, method: method, rate: nil)
    }
    // In pixels the picture is composed as large as the terminal shows it; the cells are
    // sampled from it (they are still what a dialog over the picture falls back to).
    let columns = size.width
    let rows = size.height / 2
    let composed =
      pixelSize.flatMap { $0(columns, rows) }.flatMap {
        PreviewComposer.pictureSize(
          fitting: $0, layout: layout, frontSize: shownFront, backSize: shownBack)
      } ?? size
    guard
      let picture = composer.compose(
        front: front, back: back, frontSize: frontSize, backSize: backSize, settings: layout,
        size: composed)
    else {
      return .previewDrawn(nil, method: method, rate: nil)
    }
    var cells = CellBuffer(width: columns, height: rows)
    PreviewRenderer.draw(
      picture.image, into: &cells, x: 0, y: 0, columns: cells.width, rows: cells.height,
      method: method, glyphs: capabilities.glyphs)
    if pixelSize != nil, let image = PixelImage.converting(picture.image, to: composed) {
      cells.markPicture(image, in: cells.bounds)
    }
    var regions: [CameraPosition: ScreenRect] = [:]
    for camera in CameraPosition.allCases {
      let region = picture.layout.regionRect(of: camera)
      let x = region.x * columns / composed.width
      let y = region.y * rows / composed.height
      regions[camera] = ScreenRect(
        x: x, y: y, width: (region.x + region.width) * columns / composed.width - x,
        height: (region.y + region.height) * rows / composed.height - y)
    }
    let captureTimes = [front, back].compactMap {
      $0?.isPlaceholder == false ? $0?.captureTime : nil
    }
    captureTime = captureTimes.min()
    drawnAt.append(time)
    drawnAt.removeAll { $0 < time - 1 }
    return .previewDrawn(
      PreviewPicture(cells: cells, regions: regions), method: method,
      rate: Double(drawnAt.count))
  }

  /// The capture time of the picture drawn last, once: the runner measures the latency after
  /// presenting the screen that shows it.
  func takeCaptureTime() -> MonotonicTime? {
    defer { captureTime = nil }
    return captureTime
  }
}
