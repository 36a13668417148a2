import Foundation
import Testing

@testable import TerminalUI

/// Compares a screen with `__Snapshots__/<name>.txt` beside the calling test file;
/// `RECORD_SNAPSHOTS=1` writes the files instead (review the diff before committing).
///
/// A snapshot holds the screen's text, then its styles: one letter per cell in a grid of the
/// same shape (`.` for the terminal's default style, trailing ones left out), and a legend
/// naming each letter's colours and attributes by their role in `Palette`. So a colour or an
/// attribute that changes where it carries meaning (the REC badge, a warning, the selected menu
/// row, a dialog's frame) fails the test as a changed character would.
func assertSnapshot(
  _ buffer: CellBuffer, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
  let url = folder.appendingPathComponent("\(name).txt")
  let actual = buffer.text + "\n" + StyleLayer(buffer).text
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "no snapshot \(name).txt: run the tests with RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let part = firstDifference < buffer.height ? "text" : "styles"
    Issue.record(
      """
      screen differs from \(name).txt in its \(part) at line \(firstDifference + 1) \
      (RECORD_SNAPSHOTS=1 re-records):
      \(actual)
      """, sourceLocation: sourceLocation)
  }
}

/// A screen's styles as text: a letter per cell and a legend.
struct StyleLayer {
  /// The grid, the legend, and the line that introduces them.
  let text: String

  private static let letters = Array(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  init(_ buffer: CellBuffer) {
    var styles: [CellStyle] = []
    var grid: [String] = []
    for row in 0..<buffer.height {
      var line = ""
      for column in 0..<buffer.width {
        let cell = buffer[column, row]
        let style = CellStyle(
          foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
        if style == .plain {
          line.append(".")
          continue
        }
        let index = styles.firstIndex(of: style) ?? styles.count
        if index == styles.count { styles.append(style) }
        line.append(index < Self.letters.count ? Self.letters[index] : "~")
      }
      while line.last == "." { line.removeLast() }
      grid.append(line)
    }
    var legend = [". default"]
    for (index, style) in styles.enumerated().prefix(Self.letters.count) {
      legend.append("\(Self.letters[index]) \(Self.describe(style))")
    }
    if styles.count > Self.letters.count { legend.append("~ any of \(styles.count) others") }
    text =
      (["-- styles: one letter per cell, legend below --"] + grid + legend)
      .joined(separator: "\n") + "\n"
  }

  /// "text on bar, bold": colours by their role, attributes by name.
  static func describe(_ style: CellStyle) -> String {
    var words = "\(name(style.foreground)) on \(name(style.background))"
    let attributes: [(Cell.Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    for (attribute, name) in attributes where style.attributes.contains(attribute) {
      words += ", \(name)"
    }
    return words
  }

  /// A colour's role in `Palette` (roles sharing a colour are named together), else its RGB.
  static func name(_ color: TerminalColor) -> String {
    let roles: [(TerminalColor, String)] = [
      (Palette.recording, "recording"), (Palette.warning, "warning/paused"),
      (Palette.good, "good"), (Palette.bad, "bad"), (Palette.dim, "dim"),
      (Palette.barBackground, "bar"), (Palette.barText, "text"), (Palette.accent, "accent"),
      (Palette.panel, "panel"), (Palette.selection, "selection"),
    ]
    if let role = roles.first(where: { $0.0 == color }) { return role.1 }
    guard let rgb = color.packedRGB else { return "default" }
    return "#" + String(rgb, radix: 16, uppercase: true).leftPadded(to: 6)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(width - count, 0)) + self
  }
}
