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

  static func draw(
    _ sections: [HelpSection], scroll: Int, in area: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let lines = lines(sections)
    let box = area.centered(width: 64, height: min(lines.count + 4, area.height))
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    buffer.drawBox(box, title: "Keys", style: panel.foreground(Palette.accent), glyphs: glyphs)
    let inner = box.inset(by: 1)
    let visible = max(inner.height - 1, 0)
    let first = min(scroll, max(lines.count - visible, 0))
    for (row, line) in lines.dropFirst(first).prefix(visible).enumerated() {
      let y = inner.y + row
      if line.key.isEmpty {
        buffer.write(
          line.text, x: inner.x + 1, y: y, style: panel.foreground(Palette.dim).adding(.bold))
      } else {
        buffer.write(
          line.key, x: inner.x + 1, y: y, style: panel.foreground(Palette.accent).adding(.bold),
          maxWidth: 14)
        buffer.write(line.text, x: inner.x + 16, y: y, style: panel, maxWidth: inner.width - 17)
      }
    }
    let footer = lines.count > visible ? "↑/↓ scroll · any other key closes" : "any key closes"
    buffer.write(footer, x: inner.x + 1, y: inner.maxY - 1, style: panel.foreground(Palette.dim))
  }
}
