import Foundation
import Library

/// The takes as lines: a header, then one line per take with its facts and badges.
enum GalleryListView {
  static func draw(
    _ screen: GalleryScreen, geometry: GalleryGeometry, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let rect = geometry.list
    let header = CellStyle(foreground: Palette.dim, attributes: [.bold])
    buffer.write(
      line(
        name: "NAME", date: "DATE", length: "LENGTH", size: "SIZE", rest: "FLAGS", width: rect.width
      ), x: rect.x, y: rect.y, style: header, maxWidth: rect.width)
    let range = geometry.visibleRange(of: screen)
    for index in range {
      let entry = screen.shown[index]
      let y = rect.y + 1 + index - range.lowerBound
      let selected = index == screen.selectedIndex
      let marked = screen.marked.contains(entry.id)
      var style = CellStyle(foreground: Palette.panelText)
      if !entry.badges.isDisjoint(with: [.unreadable]) { style = style.foreground(Palette.bad) }
      if selected {
        style = CellStyle(
          foreground: Palette.panelText, background: Palette.selection, attributes: [.bold])
        buffer.fill(ScreenRect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
      }
      let badges = GalleryCardView.badgeText(entry.badges)
      let text = line(
        name: (marked ? "✓ " : "  ") + entry.name,
        date: entry.date.map(GalleryCardView.dateTime) ?? "—",
        length: entry.summary.map { Formatting.clock(seconds: $0.durationSeconds) } ?? "—",
        size: Formatting.bytes(entry.bytesOnDisk),
        rest: [
          entry.summary?.resolution.map { "\($0.width)x\($0.height)" },
          entry.summary?.codec, badges.isEmpty ? nil : badges, entry.unreadableReason,
        ].compactMap { $0 }.joined(separator: "  "), width: rect.width)
      buffer.write(text, x: rect.x, y: y, style: style, maxWidth: rect.width)
    }
  }

  /// The columns of a line; the date column goes first where the window is narrow.
  private static func line(
    name: String, date: String, length: String, size: String, rest: String, width: Int
  ) -> String {
    func pad(_ text: String, _ columns: Int) -> String {
      let count = BufferText.columns(text)
      return count >= columns
        ? String(text.prefix(columns - 1)) + " "
        : text + String(repeating: " ", count: columns - count)
    }
    if width < 90 {
      return pad(name, 24) + pad(length, 10) + pad(size, 9) + rest
    }
    return pad(name, 24) + pad(date, 21) + pad(length, 10) + pad(size, 9) + rest
  }
}
