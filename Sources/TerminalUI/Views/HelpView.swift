/// Every key of the camera screen, grouped, generated from `AppAction`.
enum HelpView {
  /// The help text's lines: key column and description.
  static var lines: [(key: String, text: String)] {
    var lines: [(String, String)] = []
    for group in AppAction.groups {
      if !lines.isEmpty { lines.append(("", "")) }
      lines.append(("", group.title.uppercased()))
      for action in group.actions {
        lines.append((action.keys.map(\.label).joined(separator: " "), action.title))
      }
    }
    lines.append(("", ""))
    lines.append(("", "IN MENUS"))
    lines.append(("↑ ↓ j k", "Move"))
    lines.append(("← → h l", "Change the value (PgUp/PgDn: in big steps)"))
    lines.append(("Enter", "Open, toggle or do"))
    lines.append(("r", "Reset the selected camera control"))
    lines.append(("Esc q", "Back"))
    lines.append(("", ""))
    lines.append(("", "MOUSE (WHERE THE TERMINAL SENDS CLICKS)"))
    lines.append(("click", "A camera: focus it. A menu row: select, again: open"))
    return lines
  }

  static func draw(scroll: Int, in area: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs)
  {
    let lines = lines
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
