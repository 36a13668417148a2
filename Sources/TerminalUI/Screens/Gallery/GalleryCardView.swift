import DualCamCore
import Foundation
import Library

/// One take as a card of the grid: a frame with the name, the thumbnail on the left, the
/// take's facts and badges on the right.
enum GalleryCardView {
  static func draw(
    _ entry: TakeEntry, thumbnail: GalleryThumbnail?, in rect: ScreenRect, selected: Bool,
    marked: Bool, method: PreviewRenderer.Method, pixels: Bool = false,
    into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let frame =
      selected
      ? CellStyle(foreground: Palette.accent, attributes: [.bold])
      : CellStyle(foreground: Palette.dim)
    let title = (marked ? "✓ " : "") + entry.name
    buffer.drawBox(rect, title: title, style: frame, glyphs: glyphs)
    if marked {
      buffer.write(
        "✓", x: rect.x + 3, y: rect.y, style: CellStyle(foreground: Palette.good).adding(.bold))
    }
    let inner = rect.inset(by: 1)
    let pictureWidth = min(12, inner.width / 3)
    let picture = ScreenRect(x: inner.x, y: inner.y, width: pictureWidth, height: inner.height)
    drawPicture(
      entry, thumbnail, in: picture, method: method, pixels: pixels, into: &buffer, glyphs: glyphs)
    let textX = picture.maxX + 1
    let width = inner.maxX - textX
    guard width > 4 else { return }
    let lines = facts(entry, width: width)
    for (offset, line) in lines.prefix(inner.height).enumerated() {
      buffer.write(line.text, x: textX, y: inner.y + offset, style: line.style, maxWidth: width)
    }
  }

  /// The lines beside the picture: date and time, length and size, bytes and codec, badges,
  /// and the reason a take cannot be read.
  static func facts(_ entry: TakeEntry, width: Int) -> [(text: String, style: CellStyle)] {
    let plain = CellStyle(foreground: Palette.panelText)
    let dim = CellStyle(foreground: Palette.dim)
    var lines: [(String, CellStyle)] = []
    lines.append((entry.date.map(dateTime) ?? "date unknown", plain))
    if let summary = entry.summary {
      let size = summary.resolution.map { "  \($0.width)x\($0.height)" } ?? ""
      lines.append((Formatting.clock(seconds: summary.durationSeconds) + size, plain))
      lines.append(
        (
          "\(Formatting.bytes(entry.bytesOnDisk))  \(summary.codec ?? "?")/\(summary.container ?? "?")",
          dim
        ))
    } else {
      lines.append((Formatting.bytes(entry.bytesOnDisk), dim))
    }
    let badges = badgeText(entry.badges)
    if !badges.isEmpty {
      let style =
        entry.badges.contains(.unreadable) || !entry.badges.isDisjoint(with: .problems)
        ? CellStyle(foreground: Palette.bad).adding(.bold)
        : CellStyle(foreground: Palette.warning).adding(.bold)
      lines.append((badges, style))
    }
    if let reason = entry.unreadableReason {
      // The reason is what the user needs to fix the take: wrapped, not cut.
      for line in GalleryPanelView.wrap(reason, width: max(width, 1)) {
        lines.append((line, CellStyle(foreground: Palette.bad)))
      }
    } else if let note = entry.summary?.notes, !note.isEmpty {
      lines.append((note, dim))
    } else if let tags = entry.summary?.tags, !tags.isEmpty {
      lines.append((tags.map { "#\($0)" }.joined(separator: " "), dim))
    }
    return lines
  }

  /// The badges as short words.
  static func badgeText(_ badges: TakeBadges) -> String {
    var words: [String] = []
    if badges.contains(.unreadable) { words.append("UNREADABLE") }
    if badges.contains(.interrupted) { words.append("INTERRUPTED") }
    if badges.contains(.drops) { words.append("DROPS") }
    if badges.contains(.repeats) { words.append("REPEATS") }
    if badges.contains(.lostSignal) { words.append("NO SIGNAL") }
    if badges.contains(.paused) { words.append("PAUSED") }
    if badges.contains(.errors) { words.append("ERRORS") }
    return words.joined(separator: " ")
  }

  /// `2026-11-24 10:00:12` in local time.
  static func dateTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }

  private static func drawPicture(
    _ entry: TakeEntry, _ thumbnail: GalleryThumbnail?, in rect: ScreenRect,
    method: PreviewRenderer.Method, pixels: Bool, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let dim = CellStyle(foreground: Palette.dim)
    switch thumbnail {
    case .ready(let picture):
      ThumbnailRenderer.draw(
        picture, in: rect, into: &buffer, method: method, glyphs: glyphs,
        pixelKey: pixels ? entry.id : nil)
    case .failed:
      buffer.fill(rect, style: dim)
      buffer.writeCentered("no", in: rect.splitTop(rect.height / 2).rest, style: dim)
      buffer.writeCentered(
        "picture", in: rect.splitTop(rect.height / 2 + 1).rest, style: dim)
    case .pending, nil:
      let placeholder = entry.isReadable && entry.state == .finished ? "…" : "×"
      for row in rect.y..<rect.maxY {
        for column in rect.x..<rect.maxX {
          buffer[column, row] = Cell(glyphs.sliderEmpty, foreground: Palette.barBackground)
        }
      }
      buffer.writeCentered(placeholder, in: rect.splitTop(rect.height / 2).rest, style: dim)
    }
  }
}
