import DualCamCore
import Foundation
import Testing

@testable import TerminalUI

/// A screen that exists only in this test: it proves that key routing, help, hints, menus,
/// events and drawing work for any screen on the stack, not only for the camera screen.
struct TallyScreen: AppScreen {
  enum Action: String, ScreenAction {
    case add, subtract, nest

    var keys: [Key] {
      switch self {
      case .add: [.character("a")]
      case .subtract: [.character("z")]
      case .nest: [.character("n")]
      }
    }

    var title: String {
      switch self {
      case .add: "Add one"
      case .subtract: "Take one away"
      case .nest: "Open another tally over this one"
      }
    }

    var hint: String? { self == .nest ? nil : rawValue.capitalized }

    static let groups: [(title: String, actions: [Action])] = [
      ("Tally", [.add, .subtract]), ("Screens", [.nest]),
    ]
  }

  var count = 0
  var lastNotice: String?

  mutating func perform(_ action: Action, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]
  {
    switch action {
    case .add: count += 1
    case .subtract: count -= 1
    case .nest: app.screens.push(TallyScreen(count: 100))
    }
    return []
  }

  mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand] {
    if case .notice(let text) = event { lastNotice = text }
    return []
  }

  func draw(_ app: AppState, layout: ScreenLayout, into buffer: inout CellBuffer, glyphs: Glyphs) {
    buffer.write("Tally \(count)", x: 1, y: layout.titleBar.y)
    HintLineView.draw(hints(app), from: 1, in: layout.hintBar, into: &buffer)
  }
}

@Suite struct ScreenStackTests {
  private func press(_ keys: [Key], _ state: inout AppState) -> [AppCommand] {
    keys.flatMap { AppUpdate.update(&state, .key($0), environment: .permissive) }
  }

  private func tally(_ state: AppState) -> TallyScreen? { state.screens.focused as? TallyScreen }

  @Test func keysGoToTheScreenOnTopAndEscGoesBack() {
    var state = StateFixtures.previewing()
    state.screens.push(TallyScreen())
    #expect(press([.character("a"), .character("a"), .character("z")], &state).isEmpty)
    #expect(tally(state)?.count == 1)
    #expect(press([.character("r")], &state).isEmpty, "the camera's keys do not reach through")
    #expect(state.toasts.last?.text == "'r' does nothing here: ? lists the keys")
    #expect(press([.escape], &state).isEmpty)
    #expect(state.screens.isAtRoot && !state.quitting)
    #expect(press([.character("r")], &state) == [.startRecording])
  }

  @Test func qGoesBackAndQuitsOnlyFromTheRoot() {
    var state = StateFixtures.recording()
    state.screens.push(TallyScreen())
    #expect(press([.character("q")], &state).isEmpty)
    #expect(state.screens.isAtRoot && state.overlays.isEmpty, "a pushed screen just closes")
    #expect(press([.character("q")], &state).isEmpty)
    guard case .confirm(let question) = state.topOverlay else {
      Issue.record("quitting from the root while recording asks first")
      return
    }
    #expect(question.action == .stopAndQuit)
  }

  @Test func aScreenCanOpenAnotherAndKeepsItsOwnState() {
    var state = StateFixtures.previewing()
    state.screens.push(TallyScreen())
    _ = press([.character("a"), .character("n"), .character("a")], &state)
    #expect(state.screens.depth == 3)
    #expect(tally(state)?.count == 101)
    _ = press([.escape], &state)
    #expect(tally(state)?.count == 1, "the screen below kept its count")
  }

  @Test func helpHintsAndMenusComeFromTheFocusedScreensActions() {
    var state = StateFixtures.previewing()
    state.screens.push(TallyScreen())
    #expect(press([.character("?")], &state).isEmpty)
    let help = AppRenderer.render(state).text
    #expect(help.contains("TALLY") && help.contains("Take one away"))
    #expect(help.contains("Open another tally"))
    #expect(!help.contains("Record / stop"), "the camera's keys are not this screen's")
    _ = press([.escape], &state)

    let screen = AppRenderer.render(state)
    #expect(screen.line(0).contains("Tally 0"))
    #expect(screen.line(23).contains("a Add  z Subtract"))
    #expect(!screen.text.contains("PREVIEW"), "only the screen on top is drawn")

    state.overlays = [.menu(MenuNavigation())]
    let menu = AppRenderer.render(state).text
    #expect(menu.contains("Add one") && menu.contains("Take one away"))
    #expect(press([.enter], &state).isEmpty)
    #expect(state.overlays.isEmpty, "acting on a row closes the menu")
    #expect(tally(state)?.count == 1, "the row did what its key does")
  }

  @Test func everyOpenScreenSeesEvents() {
    var state = StateFixtures.previewing()
    state.screens.push(TallyScreen())
    _ = AppUpdate.update(&state, .notice("hello"), environment: .permissive)
    #expect(tally(state)?.lastNotice == "hello")
    #expect(state.toasts.last?.text == "hello", "the app handled it first")
    let picture = PreviewPicture(cells: CellBuffer(width: 4, height: 2), regions: [:])
    _ = AppUpdate.update(
      &state, .previewDrawn(picture, method: .halfBlocks, rate: 12), environment: .permissive)
    #expect(state.camera.preview == picture.cells, "the camera screen below gets its preview")
    #expect(state.camera.previewRate == 12)
  }
}
