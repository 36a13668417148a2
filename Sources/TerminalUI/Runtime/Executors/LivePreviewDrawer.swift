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

  /// The preview of `session` at `time`, fitting `pixels`; nil without a session.
  func draw(
    _ session: SessionController?, layout: LayoutSettings, sources: AppState.Sources,
    fitting pixels: ImageSize, capabilities: TerminalCapabilities, at time: Double
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
    guard
      let size = PreviewComposer.pictureSize(
        fitting: pixels, layout: layout, frontSize: front?.image.size ?? frontSize,
        backSize: back?.image.size ?? backSize),
      let picture = composer.compose(
        front: front, back: back, frontSize: frontSize, backSize: backSize, settings: layout,
        size: size)
    else {
      return .previewDrawn(nil, method: method, rate: nil)
    }
    var cells = CellBuffer(width: size.width, height: size.height / 2)
    PreviewRenderer.draw(
      picture.image, into: &cells, x: 0, y: 0, columns: cells.width, rows: cells.height,
      method: method, glyphs: capabilities.glyphs)
    var regions: [CameraPosition: ScreenRect] = [:]
    for camera in CameraPosition.allCases {
      let region = picture.layout.regionRect(of: camera)
      regions[camera] = ScreenRect(
        x: region.x, y: region.y / 2, width: region.width, height: region.height / 2)
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
