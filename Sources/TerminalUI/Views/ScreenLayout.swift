/// Where a screen's parts go for a terminal size: every screen has a title bar, a content area
/// (where overlays are centred, and the camera screen's preview sits), a status bar and a hint
/// line. The runner uses the same layout to size the preview picture it draws.
public struct ScreenLayout: Sendable, Equatable {
  /// The title bar: what the screen is, its state, the clock.
  public var titleBar: ScreenRect
  /// The screen's content: the camera screen's preview, a list, a player.
  public var content: ScreenRect
  /// Counters and status.
  public var statusBar: ScreenRect
  /// Key hints (and, while recording, the outputs).
  public var hintBar: ScreenRect

  /// The layout for a terminal of `width` × `height` cells.
  public init(width: Int, height: Int) {
    let screen = ScreenRect(x: 0, y: 0, width: width, height: height)
    let (title, rest) = screen.splitTop(1)
    let (middle, bottom) = rest.splitBottom(2)
    titleBar = title
    content = middle
    statusBar = ScreenRect(x: 0, y: bottom.y, width: width, height: min(bottom.height, 1))
    hintBar = ScreenRect(x: 0, y: bottom.y + 1, width: width, height: max(bottom.height - 1, 0))
  }
}
