import Foundation
import Library

/// The details panel: the selected take's picture and its whole metadata, section by section,
/// scrolled by `GalleryScreen.detailsScroll` when it is longer than the panel.
enum GalleryPanelView {
  /// One row of the panel's text.
  enum Line: Equatable {
    /// A gap between sections.
    case blank
    /// A section's title.
    case title(String)
    /// A label and its value on one row; a long value's label stands alone (`value` empty).
    case row(label: String, value: String)
    /// A piece of a long value, under its label.
    case continuation(String)
  }

  /// Where the panel's parts go and which of its lines show, for a panel rectangle: shared by
  /// the drawing and by the update, which keeps the scroll within `maximumScroll`.
  struct Layout {
    /// Inside the frame, with a column of margin each side.
    let inner: ScreenRect
    /// The picture above the text (list view only), if any.
    let picture: ScreenRect?
    /// The rows the text scrolls in.
    let text: ScreenRect
    /// The width of the label column.
    let labelWidth: Int
    /// Every line of the text.
    let lines: [Line]

    init(_ screen: GalleryScreen, in rect: ScreenRect) {
      inner = ScreenRect(
        x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
      labelWidth = min(11, inner.width / 3)
      var textTop = inner.y
      if let entry = screen.selected, case .ready = screen.thumbnails[entry.id],
        screen.viewMode == .list
      {
        let picture = ScreenRect(
          x: inner.x, y: inner.y, width: inner.width, height: min(8, inner.height / 3))
        self.picture = picture
        textTop = picture.maxY + 1
      } else {
        picture = nil
      }
      text = ScreenRect(x: inner.x, y: textTop, width: inner.width, height: inner.maxY - textTop)
      lines = Self.lines(
        GalleryPanelView.sections(screen), width: inner.width, labelWidth: labelWidth)
    }

    /// The furthest the text scrolls: its last line at the bottom of the panel.
    var maximumScroll: Int { max(lines.count - text.height, 0) }

    /// The sections as lines of `width` columns: a value that does not fit beside its label
    /// goes under it, wrapped, so nothing of it is lost in a narrow panel.
    static func lines(_ sections: [TakeDetails.Section], width: Int, labelWidth: Int) -> [Line] {
      var lines: [Line] = []
      let room = width - labelWidth - 1
      for section in sections {
        if !lines.isEmpty { lines.append(.blank) }
        lines.append(.title(section.title))
        for row in section.rows {
          if BufferText.columns(row.value) <= room {
            lines.append(.row(label: row.label, value: row.value))
            continue
          }
          if !row.label.isEmpty { lines.append(.row(label: row.label, value: "")) }
          lines += wrap(row.value, width: width - 1).map(Line.continuation)
        }
      }
      return lines
    }
  }

  /// The selected take's sections: its whole metadata once read, else what its card knows.
  static func sections(_ screen: GalleryScreen) -> [TakeDetails.Section] {
    guard let entry = screen.selected else { return [] }
    var sections =
      screen.details.flatMap { $0.id == entry.id ? $0.sections : nil }
      ?? TakeDetails.sections(entry, metadata: nil)
    if case .failed(let reason) = screen.thumbnails[entry.id], !sections.isEmpty {
      // A video that cannot be decoded shows up here first: say why.
      sections[0].rows.append(("picture", reason))
    }
    return sections
  }

  static func draw(
    _ app: AppState, screen: GalleryScreen, in rect: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    let frame = panel.foreground(Palette.dim)
    buffer.fill(rect, style: panel)
    buffer.drawBox(rect, title: "Details", style: frame, glyphs: glyphs)
    let layout = Layout(screen, in: rect)
    guard let entry = screen.selected else {
      buffer.write(
        "No take selected", x: layout.inner.x, y: layout.inner.y, style: frame,
        maxWidth: layout.inner.width)
      return
    }
    if let pictureRect = layout.picture, case .ready(let picture) = screen.thumbnails[entry.id] {
      ThumbnailRenderer.draw(
        picture, in: pictureRect, into: &buffer,
        method: PreviewRenderer.Method(for: app.previewCapabilities), glyphs: glyphs,
        pixelKey: app.picturesInPixels ? entry.id : nil)
    }
    let scroll = min(max(screen.detailsScroll, 0), layout.maximumScroll)
    let text = layout.text
    for (offset, line) in layout.lines.dropFirst(scroll).prefix(text.height).enumerated() {
      let y = text.y + offset
      switch line {
      case .blank: break
      case .title(let title):
        buffer.write(
          title, x: text.x, y: y, style: panel.foreground(Palette.accent).adding(.bold),
          maxWidth: text.width)
      case .row(let label, let value):
        buffer.write(label, x: text.x, y: y, style: frame, maxWidth: layout.labelWidth)
        let valueX = text.x + layout.labelWidth + 1
        buffer.write(value, x: valueX, y: y, style: panel, maxWidth: text.maxX - valueX)
      case .continuation(let piece):
        buffer.write(piece, x: text.x + 1, y: y, style: panel, maxWidth: text.width - 1)
      }
    }
    drawScrollHint(
      above: scroll > 0, below: scroll < layout.maximumScroll, in: rect, style: frame,
      into: &buffer)
  }

  /// Says on the frame's bottom edge that there is more text, and which key shows it.
  private static func drawScrollHint(
    above: Bool, below: Bool, in rect: ScreenRect, style: CellStyle,
    into buffer: inout CellBuffer
  ) {
    var keys: [String] = []
    if above { keys.append(GalleryAction.scrollDetailsUp.keyLabel + " ↑") }
    if below { keys.append(GalleryAction.scrollDetailsDown.keyLabel + " ↓ more") }
    guard !keys.isEmpty else { return }
    let hint = " " + keys.joined(separator: "  ") + " "
    let width = BufferText.columns(hint)
    guard width <= rect.width - 4 else { return }
    buffer.write(hint, x: rect.maxX - 2 - width, y: rect.maxY - 1, style: style)
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
