import Foundation
import Library

/// The takes as lines: a header, then one line per take with its facts and badges, in columns
/// that the header and the lines share, so each title sits over its own values.
enum GalleryListView {
  /// A column of the list.
  enum Column: CaseIterable {
    case name, date, length, size, video, flags

    /// Its title in the header.
    var header: String {
      switch self {
      case .name: "NAME"
      case .date: "DATE"
      case .length: "LENGTH"
      case .size: "SIZE"
      case .video: "VIDEO"
      case .flags: "FLAGS"
      }
    }

    /// Its columns, a gap of two included: room for its usual values (`2026-11-24_09-15-00` after the
    /// selection mark, `2026-11-24 09:13:20`, `00:01:23`, `999 MB`, `1280x1440 h264`); nil
    /// for the flags, which take the rest of the line.
    var width: Int? {
      switch self {
      case .name: 23
      case .date: 21
      case .length: 10
      case .size: 9
      case .video: 16
      case .flags: nil
      }
    }

    /// The columns after the name, most important first, each shown only where the flags
    /// keep at least `flagsAtLeast` columns: the length before the flags' words, the flags'
    /// words (`DROPS PAUSED`, what needs looking at) before the size, video and date.
    static let byImportance: [(column: Column, flagsAtLeast: Int)] = [
      (.length, 6), (.size, 14), (.video, 14), (.date, 14),
    ]
  }

  /// The columns a line of `width` cells shows, left to right, each with where it starts and
  /// its width: the name, the flags in the rest, and the most important others that fit.
  static func columns(width: Int) -> [(column: Column, x: Int, width: Int)] {
    var chosen: Set<Column> = [.name, .flags]
    var used = Column.name.width ?? 0
    for (column, flagsAtLeast) in Column.byImportance {
      let needed = column.width ?? 0
      guard used + needed + flagsAtLeast <= width else { continue }
      chosen.insert(column)
      used += needed
    }
    var x = 0
    var placed: [(Column, Int, Int)] = []
    for column in Column.allCases where chosen.contains(column) {
      let columnWidth = column.width ?? max(width - x, 0)
      placed.append((column, x, columnWidth))
      x += columnWidth
    }
    return placed
  }

  /// A take's value in `column`.
  static func value(_ column: Column, of entry: TakeEntry, marked: Bool) -> String {
    switch column {
    case .name: return (marked ? "✓ " : "  ") + entry.name
    case .date: return entry.date.map(GalleryCardView.dateTime) ?? "—"
    case .length: return entry.summary.map { Formatting.clock(seconds: $0.durationSeconds) } ?? "—"
    case .size: return Formatting.bytes(entry.bytesOnDisk)
    case .video:
      let video = [
        entry.summary?.resolution.map { "\($0.width)x\($0.height)" }, entry.summary?.codec,
      ].compactMap { $0 }
      return video.isEmpty ? "—" : video.joined(separator: " ")
    case .flags:
      let badges = GalleryCardView.badgeText(entry.badges)
      return [badges.isEmpty ? nil : badges, entry.unreadableReason].compactMap { $0 }
        .joined(separator: "  ")
    }
  }

  static func draw(
    _ screen: GalleryScreen, geometry: GalleryGeometry, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let rect = geometry.list
    let columns = columns(width: rect.width)
    let header = CellStyle(foreground: Palette.dim, attributes: [.bold])
    for (column, x, width) in columns {
      // The name's title stands over the name, not over the selection mark before it.
      let indent = column == .name ? 2 : 0
      write(
        column.header, x: rect.x + x + indent, width: width - indent, y: rect.y, header, &buffer)
    }
    let range = geometry.visibleRange(of: screen)
    for index in range {
      let entry = screen.shown[index]
      let y = rect.y + 1 + index - range.lowerBound
      var style = CellStyle(foreground: Palette.panelText)
      if !entry.badges.isDisjoint(with: [.unreadable]) { style = style.foreground(Palette.bad) }
      if index == screen.selectedIndex {
        style = CellStyle(
          foreground: Palette.panelText, background: Palette.selection, attributes: [.bold])
        buffer.fill(ScreenRect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
      }
      let marked = screen.marked.contains(entry.id)
      for (column, x, width) in columns {
        write(
          value(column, of: entry, marked: marked), x: rect.x + x, width: width, y: y, style,
          &buffer)
      }
    }
  }

  /// Writes `text` in a column, keeping its last cell as the gap before the next column (a
  /// value too long for it ends in `…`).
  private static func write(
    _ text: String, x: Int, width: Int, y: Int, _ style: CellStyle, _ buffer: inout CellBuffer
  ) {
    buffer.write(text, x: x, y: y, style: style, maxWidth: max(width - 1, 0))
  }
}
