import Foundation
import Library

/// The details panel: the selected take's picture and its whole metadata, section by section.
enum GalleryPanelView {
  static func draw(
    _ app: AppState, screen: GalleryScreen, in rect: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(rect, style: panel)
    buffer.drawBox(rect, title: "Details", style: panel.foreground(Palette.dim), glyphs: glyphs)
    let inner = ScreenRect(
      x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    guard let entry = screen.selected else {
      buffer.write("No take selected", x: inner.x, y: inner.y, style: panel.foreground(Palette.dim))
      return
    }
    var y = inner.y
    if case .ready(let picture) = screen.thumbnails[entry.id], screen.viewMode == .list {
      let pictureRect = ScreenRect(
        x: inner.x, y: y, width: inner.width, height: min(8, inner.height / 3))
      ThumbnailRenderer.draw(
        picture, in: pictureRect, into: &buffer,
        method: PreviewRenderer.Method(for: app.previewCapabilities), glyphs: glyphs,
        pixelKey: app.picturesInPixels ? entry.id : nil)
      y = pictureRect.maxY
    }
    var sections =
      screen.details.flatMap { $0.id == entry.id ? $0.sections : nil }
      ?? TakeDetails.sections(entry, metadata: nil)
    if case .failed(let reason) = screen.thumbnails[entry.id], !sections.isEmpty {
      // A video that cannot be decoded shows up here first: say why.
      sections[0].rows.append(("picture", reason))
    }
    let labelWidth = min(11, inner.width / 3)
    for section in sections {
      guard y < inner.maxY else { break }
      if y > inner.y { y += 1 }
      guard y < inner.maxY else { break }
      buffer.write(
        section.title, x: inner.x, y: y, style: panel.foreground(Palette.accent).adding(.bold),
        maxWidth: inner.width)
      y += 1
      for row in section.rows {
        guard y < inner.maxY else { break }
        if !row.label.isEmpty {
          buffer.write(
            row.label, x: inner.x, y: y, style: panel.foreground(Palette.dim), maxWidth: labelWidth)
        }
        let valueX = inner.x + labelWidth + 1
        let room = inner.maxX - valueX
        if BufferText.columns(row.value) <= room {
          buffer.write(row.value, x: valueX, y: y, style: panel, maxWidth: room)
          y += 1
          continue
        }
        // A long value (a path, a device name) goes under its label, wrapped, so nothing of
        // it is lost in a narrow panel.
        if !row.label.isEmpty { y += 1 }
        for line in wrap(row.value, width: inner.width - 1) {
          guard y < inner.maxY else { break }
          buffer.write(line, x: inner.x + 1, y: y, style: panel, maxWidth: inner.width - 1)
          y += 1
        }
      }
    }
  }

  /// `text` in lines of `width` columns: at spaces, and inside words too long for a line.
  static func wrap(_ text: String, width: Int) -> [String] {
    DialogView.wrap(text, width: width).flatMap { line -> [String] in
      var rest = Substring(line)
      var lines: [String] = []
      while rest.count > width {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
      return lines + [String(rest)]
    }
  }
}
