/// The key hints of the focused screen, left to right, as many as fit.
enum HintLineView {
  /// Writes `hints` on `rect`'s row from column `x`, dropping those that no longer fit (the
  /// first are the most important); returns the column after the last one written.
  @discardableResult
  static func draw(
    _ hints: [KeyHint], from x: Int, in rect: ScreenRect, into buffer: inout CellBuffer
  ) -> Int {
    guard !rect.isEmpty else { return x }
    var x = x
    for hint in hints {
      let needed = BufferText.columns(hint.key) + BufferText.columns(hint.title) + 3
      guard x + needed <= rect.maxX else { break }
      x += buffer.write(
        hint.key, x: x, y: rect.y,
        style: CellStyle(foreground: Palette.accent, attributes: [.bold]))
      x += buffer.write(
        " \(hint.title)  ", x: x, y: rect.y, style: CellStyle(foreground: Palette.dim))
    }
    return x
  }
}
