import DualCamCore
import Foundation
import Library

/// Draws the gallery: title bar, cards or list, details panel, status and hint lines, and the
/// gallery's own dialogs.
enum GalleryView {
  static func draw(
    _ app: AppState, screen: GalleryScreen, layout: ScreenLayout, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    drawTitleBar(app, screen: screen, in: layout.titleBar, into: &buffer)
    let geometry = GalleryGeometry(app: app, screen: screen)
    if screen.shown.isEmpty {
      drawEmpty(app, screen: screen, in: geometry.list, into: &buffer)
    } else if screen.viewMode == .grid {
      drawGrid(app, screen: screen, geometry: geometry, into: &buffer, glyphs: glyphs)
    } else {
      GalleryListView.draw(screen, geometry: geometry, into: &buffer, glyphs: glyphs)
    }
    if let panel = geometry.panel {
      GalleryPanelView.draw(app, screen: screen, in: panel, into: &buffer, glyphs: glyphs)
    }
    drawStatusBar(screen, in: layout.statusBar, into: &buffer)
    HintLineView.draw(screen.hints(app), from: 1, in: layout.hintBar, into: &buffer)
    if let dialog = screen.dialog {
      GalleryDialogView.draw(dialog, in: layout.content, into: &buffer, glyphs: glyphs)
    }
  }

  // MARK: - Bars

  static func drawTitleBar(
    _ app: AppState, screen: GalleryScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    var x = rect.x + 1
    x += buffer.write("DualCam", x: x, y: rect.y, style: bar.adding(.bold)) + 2
    x +=
      buffer.write("GALLERY", x: x, y: rect.y, style: bar.foreground(Palette.accent).adding(.bold))
      + 2
    let count =
      screen.shown.count == screen.entries.count
      ? "\(screen.entries.count) take\(screen.entries.count == 1 ? "" : "s")"
      : "\(screen.shown.count) of \(screen.entries.count) takes"
    let clock = app.system.clock
    let right = rect.maxX - 1 - BufferText.columns(clock)
    buffer.write(clock, x: right, y: rect.y, style: bar)
    let text = "\(count) · \(screen.sortLabel)"
    buffer.write(text, x: x, y: rect.y, style: bar, maxWidth: max(right - 2 - x, 0))
  }

  static func drawStatusBar(
    _ screen: GalleryScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    var x = rect.x + 1
    if let search = screen.searchInput {
      x += buffer.write("/", x: x, y: rect.y, style: bar.foreground(Palette.accent).adding(.bold))
      let line = search.visible(width: max(rect.maxX - x - 1, 1))
      buffer.write(line.text, x: x, y: rect.y, style: bar.adding(.bold))
      let cursor = x + line.cursorColumn
      buffer[cursor, rect.y] = Cell(
        buffer[cursor, rect.y].character, foreground: Palette.barBackground,
        background: Palette.accent, attributes: [.bold])
      return
    }
    var parts: [(String, CellStyle)] = []
    if !screen.filterLabel.isEmpty {
      parts.append(("filter: \(screen.filterLabel)", bar.foreground(Palette.warning)))
    }
    if !screen.marked.isEmpty {
      parts.append(
        ("\(screen.marked.count) selected", bar.foreground(Palette.accent).adding(.bold)))
    }
    if screen.deletesPermanently {
      // The hint line says what d does; this warns that it no longer goes to the Trash, in
      // the menu's words for the mode.
      parts.append(("Delete mode: permanent", bar.foreground(Palette.bad)))
    }
    for problem in screen.problems { parts.append((problem, bar.foreground(Palette.bad))) }
    for (index, part) in parts.enumerated() {
      if index > 0 { x += buffer.write(" │ ", x: x, y: rect.y, style: bar.foreground(Palette.dim)) }
      x += buffer.write(part.0, x: x, y: rect.y, style: part.1, maxWidth: max(rect.maxX - x - 1, 0))
    }
  }

  // MARK: - Content

  static func drawEmpty(
    _ app: AppState, screen: GalleryScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    let lines: [String]
    if !screen.loaded {
      lines = ["Reading the takes…"]
    } else if screen.entries.isEmpty {
      lines = [
        "No takes yet.", "",
        "Takes are read from \(app.system.outputFolder ?? "the output folder").",
        "Press q, then r to record one.",
      ]
    } else {
      lines = ["No take matches: \(screen.filterLabel).", "", "x clears the filters and search."]
    }
    let top = rect.y + max((rect.height - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() {
      buffer.writeCentered(
        line, in: ScreenRect(x: rect.x + 1, y: top + offset, width: rect.width - 2, height: 1),
        style: CellStyle(foreground: offset == 0 ? Palette.panelText : Palette.dim))
    }
  }

  static func drawGrid(
    _ app: AppState, screen: GalleryScreen, geometry: GalleryGeometry,
    into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let range = geometry.visibleRange(of: screen)
    let method = PreviewRenderer.Method(for: app.previewCapabilities)
    for index in range {
      let position = index - range.lowerBound
      let rect = ScreenRect(
        x: geometry.list.x + position % geometry.columns * geometry.cardWidth,
        y: geometry.list.y + position / geometry.columns * GalleryGeometry.cardHeight,
        width: geometry.cardWidth - 1, height: GalleryGeometry.cardHeight)
      let entry = screen.shown[index]
      GalleryCardView.draw(
        entry, thumbnail: screen.thumbnails[entry.id], in: rect,
        selected: index == screen.selectedIndex, marked: screen.marked.contains(entry.id),
        method: method, pixels: app.picturesInPixels, into: &buffer, glyphs: glyphs)
    }
    if range.upperBound < screen.shown.count || range.lowerBound > 0 {
      let page = "\(range.lowerBound + 1)–\(range.upperBound) of \(screen.shown.count)"
      buffer.write(
        page, x: geometry.list.maxX - BufferText.columns(page) - 2, y: geometry.list.maxY - 1,
        style: CellStyle(foreground: Palette.dim))
    }
  }
}
