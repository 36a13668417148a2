import DualCamCore
import Foundation
import Playback

/// The player screen: title bar, the picture, the scrub bar with its figures, a status bar and
/// the key hints.
enum PlayerView {
  static func draw(
    _ state: AppState, screen: PlayerScreen, layout: ScreenLayout, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    drawTitleBar(state, screen: screen, in: layout.titleBar, into: &buffer, glyphs: glyphs)
    drawPicture(screen, in: PlayerScreen.pictureArea(layout), into: &buffer)
    let bars = layout.content.splitBottom(2).bottom
    ScrubBarView.draw(
      screen.take, status: screen.status,
      in: ScreenRect(x: bars.x + 1, y: bars.y, width: max(bars.width - 2, 0), height: 1),
      into: &buffer, glyphs: glyphs)
    drawFigures(
      screen, in: ScreenRect(x: bars.x, y: bars.y + 1, width: bars.width, height: 1),
      into: &buffer, glyphs: glyphs)
    drawStatusBar(screen, in: layout.statusBar, into: &buffer)
    HintLineView.draw(
      screen.hints(state), from: layout.hintBar.x + 1, in: layout.hintBar, into: &buffer)
  }

  // MARK: - Bars

  static func drawTitleBar(
    _ state: AppState, screen: PlayerScreen, in rect: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    var x = rect.x + 1
    x += buffer.write("DualCam", x: x, y: rect.y, style: bar.adding(.bold)) + 2
    let status = screen.status
    let badge: (String, CellStyle) =
      if status.error != nil {
        ("CANNOT PLAY", bar.foreground(Palette.bad).adding(.bold))
      } else if status.isPlaying {
        ("PLAYING \(status.speed.label)", bar.foreground(Palette.good).adding(.bold))
      } else if status.reachedEnd {
        ("END", bar.foreground(Palette.accent).adding(.bold))
      } else {
        ("\(glyphs.pauseSign) PAUSED", bar.foreground(Palette.paused).adding(.bold))
      }
    x += buffer.write(badge.0, x: x, y: rect.y, style: badge.1) + 2
    let clock = state.system.clock
    let right = rect.maxX - 1 - BufferText.columns(clock)
    buffer.write(clock, x: right, y: rect.y, style: bar)
    let room = right - 2 - x
    if room > 4 {
      buffer.write(
        "\(screen.take.name)  \(status.view.label)", x: x, y: rect.y, style: bar, maxWidth: room)
    }
  }

  static func drawStatusBar(
    _ screen: PlayerScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    guard !rect.isEmpty else { return }
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    let events = screen.take.syncEvents
    let pauses = events.events.filter { $0.kind == .pause }.count
    let lost = events.events.count - pauses
    var text =
      "\(Formatting.rate(screen.take.frameRate.framesPerSecond)) fps  "
      + "pauses \(pauses)  lost signal \(lost)  "
      + "repeats front \(events.frontRepeats) back \(events.backRepeats)"
    if screen.status.droppedFrames > 0 {
      text += "  skipped to keep time \(screen.status.droppedFrames)"
    }
    let trouble = lost > 0 || events.frontRepeats + events.backRepeats > 0
    buffer.write(
      text, x: rect.x + 1, y: rect.y,
      style: trouble ? bar.foreground(Palette.warning) : bar, maxWidth: rect.width - 2)
  }

  /// `00:00:12.4 / 00:01:00.0  frame 372/1800  1×`, then the legend of the bar's marks.
  static func drawFigures(
    _ screen: PlayerScreen, in rect: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let take = screen.take
    let frame = screen.status.frame
    let time =
      "\(timestamp(take.seconds(ofFrame: frame))) / \(timestamp(take.seconds(ofFrame: take.frameCount)))"
    var x = rect.x + 1
    x += buffer.write(time, x: x, y: rect.y, style: CellStyle(foreground: Palette.barText)) + 2
    x +=
      buffer.write(
        "frame \(frame)/\(max(take.frameCount - 1, 0))", x: x, y: rect.y,
        style: CellStyle(foreground: Palette.accent)) + 2
    x += buffer.write(screen.status.speed.label, x: x, y: rect.y) + 2
    guard !take.syncEvents.events.isEmpty else { return }
    let legend: [(String, TerminalColor)] = [
      ("\(glyphs.pauseSign) pause", Palette.paused),
      ("\(glyphs.sliderFilled) no signal", Palette.bad),
    ]
    for (text, color) in legend where x + BufferText.columns(text) < rect.maxX {
      x += buffer.write(text, x: x, y: rect.y, style: CellStyle(foreground: color)) + 2
    }
  }

  /// `00:01:02.5`.
  static func timestamp(_ seconds: Double) -> String {
    let tenths = Int(saturating: (max(seconds, 0) * 10).rounded(.down)) % 10
    return "\(Formatting.clock(seconds: seconds)).\(tenths)"
  }

  // MARK: - Picture

  static func drawPicture(
    _ screen: PlayerScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    let middle = ScreenRect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1)
    if let error = screen.status.error {
      buffer.writeCentered(error, in: middle, style: CellStyle(foreground: Palette.bad))
      buffer.writeCentered(
        "Esc goes back",
        in: ScreenRect(x: middle.x, y: middle.y + 1, width: middle.width, height: 1),
        style: CellStyle(foreground: Palette.dim))
      return
    }
    guard let picture = screen.picture, picture.width > 0 else {
      buffer.writeCentered(
        "Opening the take…", in: middle, style: CellStyle(foreground: Palette.dim))
      return
    }
    let origin = CameraScreenView.previewOrigin(picture, in: rect)
    buffer.place(picture, x: origin.x, y: origin.y, clip: rect)
  }
}
