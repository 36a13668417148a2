import DualCamCore
import Foundation
import Testing

@testable import TerminalUI

/// Menus and help are as wide as what they say, up to the window less a margin, and cut a
/// label (with `…`) only where the window has no room for it.
@Suite struct BoxSizingTests {
  typealias F = GalleryFixtures

  /// The rows of the box drawn at `box`, inside its frame.
  static func rows(of buffer: CellBuffer, in box: ScreenRect) -> [String] {
    (box.y + 1..<box.maxY - 1).map { y in
      String(Array(buffer.line(y)).dropFirst(box.x + 1).prefix(box.width - 2))
    }
  }

  static func menuBox(_ state: AppState) -> ScreenRect {
    guard case .menu(let navigation) = state.overlays.last else {
      return ScreenRect(x: 0, y: 0, width: 0, height: 0)
    }
    let page = MenuCatalog.page(navigation.page, in: state)
    return MenuView.Geometry(
      page: page, selected: navigation.selected,
      area: ScreenLayout(width: state.width, height: state.height).content,
      budget: MenuView.budgetLines(navigation, state: state)
    ).box
  }

  @Test(arguments: [(80, 24), (120, 40)])
  func theGalleryMenuShowsEveryTitleWhole(width: Int, height: Int) {
    var state = F.gallery(width: width, height: height)
    F.press([.character("m")], &state)
    let buffer = AppRenderer.render(state)
    let box = Self.menuBox(state)
    let rows = Self.rows(of: buffer, in: box)
    #expect(rows.allSatisfy { !$0.contains("…") }, "\(rows.joined(separator: "\n"))")
    #expect(rows.contains { $0.contains("Only takes with problems (drops, repeats, lost signal)") })
    #expect(box.width <= width - 2)
  }

  @Test func anErrorIsAsWideAsItsSentencesUpToTheWindow() {
    let problem =
      "the take /srv/takes/2026-11-28_10-00-00 could not be finished: writing front_2026.mov "
      + "failed (No space left on device)"
    var state = StateFixtures.previewing(width: 140, height: 40)
    state.overlays = [.error(ErrorReport(title: "Disk full", problem: problem, fix: "free space"))]
    var text = AppRenderer.render(state).text
    #expect(text.contains(problem), "one line where the window has room: \(text)")
    state = StateFixtures.previewing(width: 80, height: 24)
    state.overlays = [.error(ErrorReport(title: "Disk full", problem: problem, fix: "free space"))]
    text = AppRenderer.render(state).text
    // Wrapped, never cut: every word is on the screen.
    for word in problem.split(separator: " ") { #expect(text.contains(word), "\(word)") }
  }

  @Test func aWideWindowGivesTheMenuItsContentsWidthNotMore() {
    var state = F.gallery(width: 160, height: 40)
    F.press([.character("m")], &state)
    let box = Self.menuBox(state)
    // The frame, the selection mark, the widest title that has a value, a gap, the widest
    // value (the sort's) and a column of padding.
    let title = "Only takes with problems (drops, repeats, lost signal)".count
    let value = "date, newest first".count
    #expect(box.width == 1 + 2 + title + 1 + value + 1 + 1)
  }

  @Test func theCameraControlsPageSaysWhyInFull() {
    var state = StateFixtures.previewing()
    var navigation = MenuNavigation()
    navigation.path.append((.cameraControls, 1))
    state.overlays = [.menu(navigation)]
    let text = AppRenderer.render(state).text
    #expect(text.contains("A synthetic source has no camera controls"))
  }

  @Test func aNarrowAreaCutsTitlesButKeepsRoomForTheValues() {
    let page = MenuPage(
      title: "Test",
      items: [
        MenuItem(
          title: "A title far too long for the little box it is drawn in", value: "on",
          kind: .info)
      ])
    let area = ScreenRect(x: 0, y: 0, width: 40, height: 12)
    let geometry = MenuView.Geometry(page: page, selected: 0, area: area)
    #expect(geometry.box.width == 38)
    #expect(geometry.titleWidth < 56 && geometry.titleWidth + 1 + 2 + 1 <= 36)
  }

  @Test(arguments: [(80, 24), (120, 40)])
  func helpIsAsWideAsItsLongestLine(width: Int, height: Int) {
    var state = F.gallery(width: width, height: height)
    F.press([.character("?")], &state)
    let lines = HelpView.lines(F.galleryScreen(state).helpSections)
    let area = ScreenLayout(width: width, height: height).content
    let box = HelpView.Geometry(lines, in: area).box
    let longest = "Delete (to the Trash unless set to permanent; asks first)".count
    #expect(box.width == 1 + 1 + "Home g".count + 2 + longest + 1 + 1)
    F.press(Array(repeating: .down, count: 20), &state)
    let text = AppRenderer.render(state).text
    #expect(text.contains("Delete (to the Trash unless set to permanent; asks first)"))
  }

  @Test func helpInANarrowAreaCutsTheTextNotTheKeys() {
    let lines = [(key: "Home g", text: String(repeating: "word ", count: 30))]
    let box = HelpView.Geometry(lines, in: ScreenRect(x: 0, y: 0, width: 50, height: 20)).box
    #expect(box.width == 48)
    var buffer = CellBuffer(width: 50, height: 20)
    HelpView.draw(
      [HelpSection(title: "Move", lines: [.init(keys: "Home g", text: lines[0].text)])],
      scroll: 0, in: ScreenRect(x: 0, y: 0, width: 50, height: 20), into: &buffer,
      glyphs: TerminalCapabilities(colorDepth: .palette256, unicode: true).glyphs)
    #expect(buffer.text.contains("Home g  word word") && buffer.text.contains("…"))
  }

  // MARK: - Snapshots

  @Test(arguments: [(80, 24), (120, 40)])
  func galleryMenuSnapshot(width: Int, height: Int) {
    var state = F.gallery(width: width, height: height)
    F.press([.character("m")], &state)
    assertSnapshot(AppRenderer.render(state), named: "menu-gallery-\(width)x\(height)")
  }

  @Test func cameraControlsOfASyntheticSourceSnapshot() {
    var state = StateFixtures.previewing()
    var navigation = MenuNavigation()
    navigation.path.append((.cameraControls, 1))
    state.overlays = [.menu(navigation)]
    assertSnapshot(AppRenderer.render(state), named: "menu-controls-synthetic-80x24")
  }

  @Test(arguments: [(80, 24), (120, 40)])
  func galleryHelpSnapshot(width: Int, height: Int) {
    var state = F.gallery(width: width, height: height)
    F.press([.character("?")], &state)
    assertSnapshot(AppRenderer.render(state), named: "help-gallery-\(width)x\(height)")
  }

  @Test func cameraHelpSnapshot() {
    var state = StateFixtures.previewing(width: 120, height: 40)
    state.overlays = [.help(scroll: 0)]
    assertSnapshot(AppRenderer.render(state), named: "help-120x40")
  }
}
