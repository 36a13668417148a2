import Foundation

/// The gallery's dialogs, drawn like the interface's other boxes: a question, a line of text
/// to type, an export's progress bar.
enum GalleryDialogView {
  static func draw(
    _ dialog: GalleryDialog, in area: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    let keys = panel.foreground(Palette.accent).adding(.bold)
    switch dialog {
    case .confirm(let title, let message, let confirmLabel, _):
      let width = DialogView.textWidth(for: [message, title], in: area)
      let lines = DialogView.wrap(message, width: width)
      let box = area.centered(width: width + 6, height: min(lines.count + 5, area.height))
      buffer.fill(box, style: panel)
      buffer.drawBox(box, title: title, style: panel.foreground(Palette.warning), glyphs: glyphs)
      for (offset, line) in lines.enumerated() {
        buffer.write(line, x: box.x + 3, y: box.y + 2 + offset, style: panel)
      }
      buffer.write("y \(confirmLabel)    n Cancel", x: box.x + 3, y: box.maxY - 2, style: keys)
    case .input(let input):
      // As wide as the text typed, the reason for a refusal and the help, up to the screen.
      let longestHelp =
        "container: \(input.container ?? "as recorded") (Tab)   Enter OK   Esc Cancel"
      let width = DialogView.textWidth(
        for: [input.line.text + " ", input.refusal ?? "", input.title, longestHelp],
        minimum: 58, in: area)
      let box = area.centered(width: width + 6, height: 7)
      buffer.fill(box, style: panel)
      buffer.drawBox(
        box, title: input.title, style: panel.foreground(Palette.accent), glyphs: glyphs)
      let field = ScreenRect(x: box.x + 3, y: box.y + 2, width: box.width - 6, height: 1)
      buffer.fill(
        field, style: CellStyle(foreground: Palette.panelText, background: Palette.selection))
      // The cursor stays in view, and the end of a long text while it is there, as in a shell.
      let line = input.line.visible(width: field.width)
      buffer.write(
        line.text, x: field.x, y: field.y,
        style: CellStyle(foreground: Palette.panelText, background: Palette.selection))
      let cursor = field.x + line.cursorColumn
      buffer[cursor, field.y] = Cell(
        buffer[cursor, field.y].character, foreground: Palette.selection,
        background: Palette.accent, attributes: [.bold])
      var help = "Enter OK   Esc Cancel"
      if let refusal = input.refusal {
        buffer.write(
          refusal, x: field.x, y: field.y + 2, style: panel.foreground(Palette.bad),
          maxWidth: field.width)
      }
      if case .export = input.purpose {
        help = "container: \(input.container ?? "as recorded") (Tab)   " + help
        if input.isSuggestion, input.refusal == nil {
          buffer.write(
            "type a folder to replace this one", x: field.x, y: field.y + 2,
            style: panel.foreground(Palette.dim), maxWidth: field.width)
        }
      }
      buffer.write(help, x: box.x + 3, y: box.maxY - 2, style: keys, maxWidth: box.width - 5)
    case .exporting(let progress):
      let fraction = progress?.fraction ?? 0
      let what =
        progress.map { "\($0.take) (\($0.index + 1) of \($0.count)): \($0.file)" } ?? "starting…"
      let width = DialogView.textWidth(for: [what], minimum: 54, in: area)
      let box = area.centered(width: width + 6, height: 7)
      buffer.fill(box, style: panel)
      buffer.drawBox(
        box, title: "Exporting", style: panel.foreground(Palette.accent), glyphs: glyphs)
      buffer.write(what, x: box.x + 3, y: box.y + 2, style: panel, maxWidth: box.width - 6)
      let barWidth = box.width - 12
      let filled = Int((Double(barWidth) * min(max(fraction, 0), 1)).rounded())
      for column in 0..<barWidth {
        buffer[box.x + 3 + column, box.y + 3] = Cell(
          column < filled ? glyphs.sliderFilled : glyphs.sliderEmpty,
          foreground: column < filled ? Palette.accent : Palette.dim, background: Palette.panel)
      }
      buffer.write(
        String(format: "%3.0f%%", fraction * 100), x: box.x + 4 + barWidth, y: box.y + 3,
        style: panel)
      buffer.write(
        "Esc Cancel (nothing half-written is left)", x: box.x + 3, y: box.maxY - 2, style: keys,
        maxWidth: box.width - 5)
    }
  }
}
