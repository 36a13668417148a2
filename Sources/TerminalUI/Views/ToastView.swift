/// Short messages near the content area's bottom-right corner, newest lowest, in a frame of
/// their own: that corner is where a screen's boxes meet (the gallery's cards and details
/// panel), and a bare line of text there would cut their frames.
enum ToastView {
  /// The frame around `toasts`: as wide as the longest (with a space each side) and as tall
  /// as they are, both up to the area, a cell in from its right and bottom edges (where
  /// screens draw their own frames); nil without toasts.
  static func box(for toasts: [AppState.Toast], in area: ScreenRect) -> ScreenRect? {
    let room = area.inset(by: 1)
    guard !toasts.isEmpty, room.width >= 6, room.height >= 3 else { return nil }
    let widest = toasts.map { BufferText.columns($0.text) + 2 }.max() ?? 0
    let width = min(widest + 2, room.width)
    let height = min(toasts.count + 2, room.height)
    return ScreenRect(x: room.maxX - width, y: room.maxY - height, width: width, height: height)
  }

  static func draw(
    _ toasts: [AppState.Toast], in area: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    guard let box = box(for: toasts, in: area) else { return }
    let newest = toasts[toasts.count - 1]
    let frame = CellStyle(
      foreground: newest.isProblem ? Palette.bad : Palette.accent, background: Palette.panel)
    buffer.fill(box, style: frame)
    buffer.drawBox(box, style: frame, glyphs: glyphs)
    let inner = box.inset(by: 1)
    // The newest at the bottom; the oldest go first when the area is short.
    for (offset, toast) in toasts.suffix(inner.height).enumerated() {
      let style =
        toast.isProblem
        ? CellStyle(foreground: .rgb(255, 255, 255), background: Palette.bad)
        : CellStyle(foreground: Palette.panelText, background: Palette.selection)
      let row = ScreenRect(x: inner.x, y: inner.y + offset, width: inner.width, height: 1)
      buffer.fill(row, style: style)
      buffer.write(toast.text, x: row.x + 1, y: row.y, style: style, maxWidth: row.width - 2)
    }
  }
}
