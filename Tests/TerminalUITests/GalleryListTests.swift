import DualCamCore
import Foundation
import Library
import Testing

@testable import TerminalUI

/// The gallery says what it does: the order it claims, headers over their own columns, and
/// the delete key told once, on the hint line, in its words.
@Suite struct GalleryListTests {
  typealias F = GalleryFixtures

  @Test func reversingTheNameSortReversesTheTakes() {
    var state = F.gallery()
    F.press([.character("s"), .character("s"), .character("s")], &state)
    let ascending = F.galleryScreen(state).shown.map(\.name)
    #expect(AppRenderer.render(state).line(0).contains("name, A to Z"))
    #expect(ascending == ascending.sorted())
    F.press([.character("S")], &state)
    #expect(AppRenderer.render(state).line(0).contains("name, Z to A"))
    #expect(F.galleryScreen(state).shown.map(\.name) == Array(ascending.reversed()))
  }

  /// At each window size, the list's header titles stand where the values of their columns
  /// start: the flags over the badges, not over the resolution.
  @Test(arguments: [(80, false), (80, true), (100, true), (120, true), (120, false), (160, true)])
  func headersSitOverTheirColumns(width: Int, panel: Bool) {
    var state = F.gallery(width: width, height: 24)
    F.press([.character("v")], &state)
    if !panel { F.press([.character("i")], &state) }
    let buffer = AppRenderer.render(state)
    let header = Array(buffer.line(1))
    // The take with drops and a pause, second newest: the fourth row.
    let row = Array(buffer.line(3))
    let expected = [
      ("NAME", "2026-11-23_14-03-22"), ("DATE", "2026-11-23 14:03:20"), ("LENGTH", "00:01:23"),
      ("SIZE", "63 MB"), ("VIDEO", "1280x1440 h264"), ("FLAGS", "DROPS PAUSED"),
    ]
    var shown: [String] = []
    for (title, value) in expected {
      guard let x = header.firstRange(of: Array(title))?.lowerBound else { continue }
      shown.append(title)
      // The start of the value is enough: a narrow flags column ends its words in `…`.
      let under = String(row[x..<min(x + 5, row.count)])
      #expect(under == value.prefix(5), "\(title) at \(width) columns stands over “\(under)”")
    }
    #expect(shown.contains("NAME") && shown.contains("FLAGS") && shown.contains("LENGTH"))
  }

  @Test func narrowListsDropTheDateBeforeTheFlagsWords() {
    let titles = { (width: Int) in GalleryListView.columns(width: width).map(\.column) }
    #expect(titles(120) == [.name, .date, .length, .size, .video, .flags])
    #expect(titles(80) == [.name, .length, .size, .video, .flags])
    #expect(titles(52) == [.name, .length, .flags])
    let flags = GalleryListView.columns(width: 80).last
    #expect(flags?.column == .flags && flags.map { $0.x + $0.width } == 80)
  }

  @Test func theDeleteKeyIsToldOnTheHintLineInTheModeItIsIn() {
    var state = F.gallery()
    var buffer = AppRenderer.render(state)
    #expect(buffer.line(23).contains("d To Trash"))
    #expect(!buffer.line(22).contains("d:") && !buffer.line(22).contains("Trash"))
    F.press([.character("m"), .end, .up, .enter], &state)  // Delete mode: permanent
    buffer = AppRenderer.render(state)
    #expect(buffer.line(23).contains("d Delete "))
    #expect(buffer.line(22).contains("Delete mode: permanent"))
  }

  @Test func theHelpListsTheDeleteModeAsAMenuRowNotATitle() {
    let lines = HelpView.lines(F.galleryScreen(F.gallery()).helpSections)
    let mode = lines.first { $0.text == GalleryAction.toggleDeleteMode.title }
    #expect(mode?.key == "(menu)")
  }

  // MARK: - Snapshots

  @Test func listWithPanelSnapshot() {
    var state = F.gallery()
    F.press([.character("v")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-list-panel-80x24")
  }

  @Test func wideListSnapshot() {
    var state = F.gallery(width: 120, height: 40)
    F.press([.character("v"), .character("s"), .character("s"), .character("s")], &state)
    F.press([.character("S")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-list-name-z-to-a-120x40")
  }
}
