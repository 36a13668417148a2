/// A menu page: rows with their values, the selected row's note, and the keys.
enum MenuView {
  static func draw(
    _ navigation: MenuNavigation, state: AppState, in area: ScreenRect,
    into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let page = MenuCatalog.page(navigation.page, in: state)
    let selected = min(max(navigation.selected, 0), max(page.items.count - 1, 0))
    let geometry = Geometry(itemCount: page.items.count, selected: selected, area: area)
    let box = geometry.box
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    let trail = navigation.path.map { MenuCatalog.page($0.page, in: state).title }.joined(
      separator: " › ")
    buffer.drawBox(box, title: trail, style: panel.foreground(Palette.accent), glyphs: glyphs)
    let inner = box.inset(by: 1)
    let rows = geometry.visibleRows
    let first = geometry.firstItem
    let valueColumn = inner.x + 26
    for (offset, item) in page.items.enumerated().dropFirst(first).prefix(rows) {
      let y = inner.y + offset - first
      let isSelected = offset == selected
      var style =
        isSelected
        ? CellStyle(foreground: .rgb(255, 255, 255), background: Palette.selection) : panel
      if !item.enabled { style = style.foreground(Palette.dim) }
      buffer.fill(ScreenRect(x: inner.x, y: y, width: inner.width, height: 1), style: style)
      let marker = isSelected ? "\(glyphs.pointer) " : "  "
      var title = marker + item.title
      if case .submenu = item.kind { title += " ›" }
      buffer.write(title, x: inner.x, y: y, style: style, maxWidth: 25)
      drawValue(
        item, x: valueColumn, y: y, width: inner.maxX - valueColumn - 1, style: style,
        glyphs: glyphs, into: &buffer)
    }
    let note = page.items.isEmpty ? nil : page.items[selected].note
    if let note {
      buffer.write(
        note, x: inner.x + 1, y: inner.maxY - 2, style: panel.foreground(Palette.dim),
        maxWidth: inner.width - 2)
    }
    buffer.write(
      "↑↓ move  ←→ change  Enter select  Esc back  ? keys", x: inner.x + 1, y: inner.maxY - 1,
      style: panel.foreground(Palette.accent), maxWidth: inner.width - 2)
  }

  /// Where a page's box and rows are: shared by drawing and by mouse clicks.
  struct Geometry {
    let box: ScreenRect
    let visibleRows: Int
    let firstItem: Int

    init(itemCount: Int, selected: Int, area: ScreenRect) {
      box = area.centered(width: min(72, area.width - 2), height: min(itemCount + 6, area.height))
      visibleRows = max(box.height - 5, 1)
      firstItem = max(0, min(selected - visibleRows + 1, itemCount - visibleRows))
    }

    /// The item drawn at screen row `y`, if any.
    func item(atRow y: Int, x: Int, itemCount: Int) -> Int? {
      let inner = box.inset(by: 1)
      guard x >= inner.x, x < inner.maxX, y >= inner.y, y < inner.y + visibleRows else {
        return nil
      }
      let index = firstItem + y - inner.y
      return index < itemCount ? index : nil
    }
  }

  static func drawValue(
    _ item: MenuItem, x: Int, y: Int, width: Int, style: CellStyle, glyphs: Glyphs,
    into buffer: inout CellBuffer
  ) {
    switch item.kind {
    case .slider(let fraction):
      let barWidth = 16
      let filled = Int((min(max(fraction, 0), 1) * Double(barWidth)).rounded())
      var bar = ""
      bar.unicodeScalars.append(contentsOf: repeatElement(glyphs.sliderFilled, count: filled))
      bar.unicodeScalars.append(
        contentsOf: repeatElement(glyphs.sliderEmpty, count: barWidth - filled))
      let written = buffer.write(
        bar, x: x, y: y, style: style.foreground(Palette.accent), maxWidth: width)
      buffer.write(" \(item.value)", x: x + written, y: y, style: style, maxWidth: width - written)
    case .toggle(let on):
      buffer.write(on ? "[x] on" : "[ ] off", x: x, y: y, style: style, maxWidth: width)
    case .choice:
      buffer.write("‹ \(item.value) ›", x: x, y: y, style: style, maxWidth: width)
    default:
      buffer.write(item.value, x: x, y: y, style: style, maxWidth: width)
    }
  }
}
