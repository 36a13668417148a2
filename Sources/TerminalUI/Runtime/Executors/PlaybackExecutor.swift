import DualCamCore
import Foundation

/// Carries out the commands on playback in the preview area: opens a take's dual view, draws
/// the frame due at each preview turn as cells, and tells when the file ends, as events.
final class PlaybackExecutor {
  private var player: TakePlayer?

  /// True while a take is playing.
  var isPlaying: Bool { player != nil }

  /// Starts playing the take in `folder` at `now` (seconds on the runner's clock).
  func play(_ folder: URL, at now: Double) -> [AppEvent] {
    do {
      let player = try TakePlayer(folder: folder, now: now)
      self.player = player
      return [.playback(.init(name: player.name, position: 0, duration: player.duration))]
    } catch {
      return [.failed(ErrorReport(title: "Cannot play the take", error: error))]
    }
  }

  /// Stops playing.
  func stop() -> [AppEvent] {
    player = nil
    return [.playback(nil)]
  }

  /// The frame due at `now`, scaled to fit `pixels` and drawn with `capabilities`; nil when
  /// nothing plays or the file has ended (`finished(at:)` tells that).
  func frame(
    at now: Double, fitting pixels: ImageSize, capabilities: TerminalCapabilities,
    pixelSize: ((_ columns: Int, _ rows: Int) -> ImageSize?)? = nil
  ) -> AppEvent? {
    guard let player, let picture = player.picture(at: now) else { return nil }
    let method = PreviewRenderer.Method(for: capabilities)
    let image = picture.image
    let scale = min(
      Double(pixels.width) / Double(image.size.width),
      Double(pixels.height) / Double(image.size.height))
    let columns = max(Int(Double(image.size.width) * scale), 1)
    let rows = max(Int(Double(image.size.height) * scale) / 2, 1)
    var cells = CellBuffer(width: columns, height: rows)
    PreviewRenderer.draw(
      image, into: &cells, x: 0, y: 0, columns: columns, rows: rows, method: method,
      glyphs: capabilities.glyphs)
    if let target = pixelSize?(columns, rows), let shown = PixelImage.converting(image, to: target)
    {
      cells.markPicture(shown, in: cells.bounds)
    }
    return .playbackFrame(cells, position: picture.position, method: method)
  }

  /// Ends playback once the file has no frame left at `now`.
  func finished(at now: Double) -> [AppEvent] {
    guard let player, player.picture(at: now) == nil else { return [] }
    self.player = nil
    return [.playback(nil)]
  }
}
