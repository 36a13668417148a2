import Foundation

/// Questions, errors and the review of a finished take, as boxes over the preview.
enum DialogView {
  static func drawConfirmation(
    _ confirmation: Confirmation, in area: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    // As wide as the message's longest line (a table's rows stay whole), up to the screen.
    let widest =
      confirmation.message.split(separator: "\n").map {
        BufferText.columns(String($0))
      }.max() ?? 0
    let textWidth = min(max(widest, 50), max(area.width - 8, 20))
    let lines = wrap(confirmation.message, width: textWidth)
    let box = area.centered(
      width: textWidth + 6, height: min(lines.count + 5, area.height))
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    buffer.drawBox(
      box, title: confirmation.title, style: panel.foreground(Palette.warning), glyphs: glyphs)
    // Rows between the title's blank line and the buttons' blank line.
    let rows = max(box.height - 5, 1)
    let first = min(confirmation.scroll, max(lines.count - rows, 0))
    for (offset, line) in lines.dropFirst(first).prefix(rows).enumerated() {
      buffer.write(line, x: box.x + 3, y: box.y + 2 + offset, style: panel)
    }
    var buttons = "y \(confirmation.confirmLabel)    "
    if let alternative = confirmation.alternative {
      buttons += "\(alternative.key) \(alternative.label)    "
    }
    if confirmation.action != .dismiss { buttons += "n Cancel" }
    if lines.count > rows {
      // Where the view stands, and that there is more.
      let shown = "\(first + 1)–\(min(first + rows, lines.count)) of \(lines.count)"
      buttons += "    ↑↓ \(shown)"
    }
    buffer.write(
      buttons, x: box.x + 3, y: box.maxY - 2, style: panel.foreground(Palette.accent).adding(.bold))
  }

  static func drawError(
    _ report: ErrorReport, in area: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let fix = report.fix.map { "What to do: \($0)" }
    let width = textWidth(for: [report.problem, report.title] + (fix.map { [$0] } ?? []), in: area)
    var lines = wrap(report.problem, width: width)
    if let fix {
      lines.append("")
      lines += wrap(fix, width: width)
    }
    let box = area.centered(width: width + 6, height: min(lines.count + 5, area.height))
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    buffer.drawBox(
      box, title: report.title, style: panel.foreground(Palette.bad).adding(.bold), glyphs: glyphs)
    for (offset, line) in lines.enumerated() {
      buffer.write(line, x: box.x + 3, y: box.y + 2 + offset, style: panel)
    }
    buffer.write(
      "Enter close", x: box.x + 3, y: box.maxY - 2, style: panel.foreground(Palette.accent))
  }

  /// How wide a box's text may be: its longest line (a paragraph unwrapped), at least 50
  /// columns, at most what the screen leaves around the box's frame and margins.
  static func textWidth(for texts: [String], minimum: Int = 50, in area: ScreenRect) -> Int {
    let longest =
      texts.flatMap { $0.split(separator: "\n") }.map { BufferText.columns(String($0)) }.max()
      ?? 0
    return min(max(longest, minimum), max(area.width - 10, 20))
  }

  static func drawReview(
    _ review: TakeReview, in area: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let width = min(max(area.width - 4, 40), 78)
    let textWidth = width - 5
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    let problem = panel.foreground(Palette.warning)
    var lines: [(String, CellStyle)] = [
      (review.folder.lastPathComponent, panel.adding(.bold)),
      ("saved in \(review.folder.deletingLastPathComponent().path)", panel.foreground(Palette.dim)),
      (
        "\(Formatting.clock(seconds: review.duration)) · \(review.frames - review.encoderLagHeld) frames in each file"
          + (review.pauses > 0 ? " · \(review.pauses) pause\(review.pauses == 1 ? "" : "s")" : ""),
        panel
      ),
    ]
    // Per camera, the metadata's own counts: a sum over both cameras matches no file.
    for (name, camera) in [("front", review.front), ("back", review.back)] {
      let line =
        "\(name.padding(toLength: 6, withPad: " ", startingAt: 0))\(camera.repeatsInFile) of \(review.frames) frames repeat the one before · "
        + "\(camera.dropped) lost"
      lines.append((line, camera.repeatsInFile > 0 || camera.dropped > 0 ? problem : panel))
    }
    for text in review.problems {
      lines += DialogView.wrap("! " + text, width: textWidth).map { ($0, problem) }
    }
    lines.append(("", panel))
    for file in review.files {
      lines.append(("  \(file.name)  \(Formatting.bytes(file.bytes))", panel))
    }
    let box = area.centered(width: width, height: min(lines.count + 5, area.height))
    buffer.fill(box, style: panel)
    buffer.drawBox(
      box, title: review.stoppedForFullDisk ? "Disk full: take saved" : "Take saved",
      style: panel.foreground(review.stoppedForFullDisk ? Palette.warning : Palette.good)
        .adding(.bold), glyphs: glyphs)
    for (offset, line) in lines.enumerated() where box.y + 2 + offset < box.maxY - 2 {
      buffer.write(
        line.0, x: box.x + 3, y: box.y + 2 + offset, style: line.1, maxWidth: textWidth)
    }
    buffer.write(
      "k Keep   x Discard   p Play   o Open in player", x: box.x + 3, y: box.maxY - 2,
      style: panel.foreground(Palette.accent).adding(.bold), maxWidth: textWidth)
  }

  /// Splits `text` into lines of at most `width` columns: each of its own lines on its own,
  /// wrapped at spaces with its indentation kept on the lines it continues on; a word longer
  /// than a line (a path) is cut into pieces that fit.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard text.contains("\n") || text.hasPrefix(" ") else {
      return wrapParagraph(text, width: width)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let indent = String(line.prefix { $0 == " " })
      let body = String(line.dropFirst(indent.count))
      guard !body.isEmpty else { return [""] }
      return wrapParagraph(body, width: max(width - indent.count, 8)).map { indent + $0 }
    }
  }

  /// `wrap` for one line of text.
  private static func wrapParagraph(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    let words = text.split(separator: " ", omittingEmptySubsequences: false).flatMap {
      pieces(of: String($0), width: width)
    }
    for word in words {
      if line.isEmpty {
        line = String(word)
      } else if BufferText.columns(line) + 1 + BufferText.columns(String(word)) <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.isEmpty ? [""] : lines
  }

  /// `word` cut into pieces of at most `width` columns.
  private static func pieces(of word: String, width: Int) -> [String] {
    guard BufferText.columns(word) > width, width > 0 else { return [word] }
    var pieces: [String] = []
    var piece = ""
    for character in word {
      if BufferText.columns(piece + String(character)) > width {
        pieces.append(piece)
        piece = ""
      }
      piece.append(character)
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }
}
