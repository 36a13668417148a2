/// The focused screen's keys, grouped, generated from its actions (`AppScreen.helpSections`).
enum HelpView {
  /// The help text's lines for `sections`: key column and description; section titles have
  /// no key.
  static func lines(_ sections: [HelpSection]) -> [(key: String, text: String)] {
    var lines: [(String, String)] = []
    for section in sections {
      if !lines.isEmpty { lines.append(("", "")) }
      lines.append(("", section.title.uppercased()))
      for line in section.lines { lines.append((line.keys, line.text)) }
    }
    return lines
  }

  /// Where the help goes: its box, as wide as its longest line (keys, then what they do) up to
  /// the area less a margin, and the width of its key column.
  struct Geometry {
    let box: ScreenRect
    let keyWidth: Int

    /// Columns kept free on each side of the box.
    static let margin = 1
    /// The longest footer (`draw`'s).
    static let footer = "↑/↓ scroll · any other key closes"

    init(_ lines: [(key: String, text: String)], in area: ScreenRect) {
      let keyed = lines.filter { !$0.key.isEmpty }
      keyWidth = keyed.map { BufferText.columns($0.key) }.max() ?? 0
      let texts = keyed.map { BufferText.columns($0.text) }.max() ?? 0
      let titles = lines.filter { $0.key.isEmpty }.map { BufferText.columns($0.text) }.max() ?? 0
      // A column of padding each side inside the frame, two between keys and text.
      let wanted = max(
        1 + keyWidth + 2 + texts + 1, titles + 2, BufferText.columns(Self.footer) + 2)
      box = area.centered(
        width: min(wanted + 2, area.width - 2 * Self.margin),
        height: min(lines.count + 4, area.height))
    }
  }

  static func draw(
    _ sections: [HelpSection], scroll: Int, in area: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let lines = lines(sections)
    let geometry = Geometry(lines, in: area)
    let box = geometry.box
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    buffer.drawBox(box, title: "Keys", style: panel.foreground(Palette.accent), glyphs: glyphs)
    let inner = box.inset(by: 1)
    let visible = max(inner.height - 1, 0)
    let first = min(scroll, max(lines.count - visible, 0))
    let textX = inner.x + 1 + geometry.keyWidth + 2
    for (row, line) in lines.dropFirst(first).prefix(visible).enumerated() {
      let y = inner.y + row
      if line.key.isEmpty {
        buffer.write(
          line.text, x: inner.x + 1, y: y, style: panel.foreground(Palette.dim).adding(.bold),
          maxWidth: inner.width - 2)
      } else {
        buffer.write(
          line.key, x: inner.x + 1, y: y, style: panel.foreground(Palette.accent).adding(.bold),
          maxWidth: geometry.keyWidth)
        buffer.write(line.text, x: textX, y: y, style: panel, maxWidth: inner.maxX - 1 - textX)
      }
    }
    let footer = lines.count > visible ? Geometry.footer : "any key closes"
    buffer.write(
      footer, x: inner.x + 1, y: inner.maxY - 1, style: panel.foreground(Palette.dim),
      maxWidth: inner.width - 2)
  }
}
