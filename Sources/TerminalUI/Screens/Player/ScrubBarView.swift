import Playback

/// The player's scrub bar: played and unplayed parts, the position, and the take's sync
/// events at their frames (pauses as a mark, lost signal as a red stretch).
enum ScrubBarView {
  static func draw(
    _ take: PlayerScreen.Take, status: PlaybackStatus, in rect: ScreenRect,
    into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    guard rect.width > 1, take.frameCount > 0 else { return }
    let position = column(of: status.frame, take: take, width: rect.width)
    for offset in 0..<rect.width {
      let played = offset <= position
      buffer.write(
        String(played ? glyphs.sliderFilled : glyphs.sliderEmpty), x: rect.x + offset, y: rect.y,
        style: CellStyle(foreground: played ? Palette.accent : Palette.dim))
    }
    for event in take.syncEvents.events {
      let first = column(of: event.frames.lowerBound, take: take, width: rect.width)
      switch event.kind {
      case .pause:
        buffer.write(
          String(glyphs.pauseSign), x: rect.x + first, y: rect.y,
          style: CellStyle(foreground: Palette.paused, attributes: [.bold]))
      case .lostSignal:
        let last = column(of: event.frames.upperBound, take: take, width: rect.width)
        for offset in first...last {
          let played = offset <= position
          buffer.write(
            String(played ? glyphs.sliderFilled : glyphs.sliderEmpty), x: rect.x + offset,
            y: rect.y, style: CellStyle(foreground: Palette.bad))
        }
      }
    }
    buffer.write(
      String(glyphs.pointer), x: rect.x + position, y: rect.y,
      style: CellStyle(foreground: Palette.barText, attributes: [.bold]))
  }

  /// The bar's column for `frame`: the first frame at the left end, the last at the right.
  static func column(of frame: Int64, take: PlayerScreen.Take, width: Int) -> Int {
    let last = max(take.frameCount - 1, 1)
    return Int(min(max(frame, 0), last) * Int64(width - 1) / last)
  }
}
