/// Where the camera screen's parts go for a terminal size; the runner uses the same layout to
/// size the preview picture it draws.
public struct ScreenLayout: Sendable, Equatable {
  /// The title bar: state, settings, sources, clock.
  public var titleBar: ScreenRect
  /// The preview area.
  public var preview: ScreenRect
  /// Counters: cameras, CPU, disk.
  public var statusBar: ScreenRect
  /// Outputs while recording, else key hints.
  public var hintBar: ScreenRect

  /// The layout for a terminal of `width` × `height` cells.
  public init(width: Int, height: Int) {
    let screen = ScreenRect(x: 0, y: 0, width: width, height: height)
    let (title, rest) = screen.splitTop(1)
    let (middle, bottom) = rest.splitBottom(2)
    titleBar = title
    preview = middle
    statusBar = ScreenRect(x: 0, y: bottom.y, width: width, height: min(bottom.height, 1))
    hintBar = ScreenRect(x: 0, y: bottom.y + 1, width: width, height: max(bottom.height - 1, 0))
  }
}
