import DualCamCore
import Foundation
import Playback
import Testing

@testable import TerminalUI

/// The player screen: its keys become controls for the executor, its events update it, and
/// it renders as the snapshots say.
@Suite struct PlayerScreenTests {
  func press(_ key: Key, _ state: inout AppState) -> [AppCommand] {
    AppUpdate.update(&state, .key(key), environment: .permissive)
  }

  var player: (AppState) -> PlayerScreen? { { $0.screens.focused as? PlayerScreen } }

  @Test("a take opened in the player pushes its screen; Esc closes it")
  func opensAndCloses() {
    var state = StateFixtures.previewing()
    _ = AppUpdate.update(
      &state, .playerOpened(PlayerFixtures.take(events: false)), environment: .permissive)
    #expect(player(state)?.take.frameCount == 1800)
    #expect(state.screens.depth == 2)
    #expect(press(.escape, &state).isEmpty)
    #expect(state.screens.isAtRoot)
  }

  @Test(
    "keys become player controls",
    arguments: [
      (Key.character(" "), PlayerControl.togglePlaying), (.left, .seek(seconds: -1)),
      (.right, .seek(seconds: 1)), (.up, .seek(seconds: 10)), (.down, .seek(seconds: -10)),
      (.character("l"), .seek(seconds: 1)), (.character(","), .step(frames: -1)),
      (.character("."), .step(frames: 1)), (.home, .start), (.end, .end),
      (.character("]"), .speed(.oneAndHalf)), (.character("-"), .speed(.half)),
      (.character("1"), .view(.dualview)), (.character("2"), .view(.front)),
      (.character("3"), .view(.back)), (.character("s"), .view(.sideBySide)),
    ])
  func keys(_ key: Key, _ control: PlayerControl) {
    var state = PlayerFixtures.state()
    #expect(press(key, &state) == [.controlPlayer(control)])
  }

  @Test("speed steps stop at the ends; s leaves side by side")
  func speedAndSideBySide() {
    var state = PlayerFixtures.state(view: .sideBySide)
    #expect(press(.character("s"), &state) == [.controlPlayer(.view(.dualview))])
    for expected in [PlaybackSpeed.oneAndHalf, .double, .double] {
      #expect(press(.character("+"), &state) == [.controlPlayer(.speed(expected))])
    }
    #expect(player(state)?.status.speed == .double)
    #expect(state.toasts.last?.text == "Speed 2×")
  }

  @Test("frames and status come in as events; a frame without cells keeps the picture")
  func events() {
    var state = PlayerFixtures.state()
    let picture = player(state)?.picture
    var status = PlaybackStatus()
    status.frame = 99
    status.view = .back
    _ = AppUpdate.update(
      &state, .playerFrame(nil, status, method: .colorCells), environment: .permissive)
    #expect(player(state)?.status.frame == 99)
    #expect(player(state)?.picture == picture)
    let cells = CellBuffer(width: 3, height: 2)
    _ = AppUpdate.update(
      &state, .playerFrame(cells, status, method: .colorCells), environment: .permissive)
    #expect(player(state)?.picture == cells)
    #expect(player(state)?.method == .colorCells)
  }

  @Test("an unplayable take says why, and keys only explain")
  func errorState() {
    var state = PlayerFixtures.state()
    var status = PlaybackStatus()
    status.error = "The take 2026-11-24_09-41-07 was deleted or moved while playing"
    _ = AppUpdate.update(
      &state, .playerFrame(nil, status, method: .halfBlocks), environment: .permissive)
    #expect(press(.character(" "), &state).isEmpty)
    let screen = AppRenderer.render(state)
    #expect(screen.text.contains("was deleted or moved while playing"))
    #expect(screen.line(0).contains("CANNOT PLAY"))
  }

  @Test("help lists the player's keys")
  func help() {
    var state = PlayerFixtures.state(width: 100, height: 40)
    _ = press(.character("?"), &state)
    let text = AppRenderer.render(state).text
    #expect(text.contains("Play / pause"))
    #expect(text.contains("Front and back side by side"))
  }

  @Test("m opens the player's menu; its rows do what the keys do")
  func menu() {
    var state = PlayerFixtures.state(width: 100, height: 40)
    _ = press(.character("m"), &state)
    let text = AppRenderer.render(state).text
    #expect(text.contains("Player") && text.contains("Show the back camera"), "\(text)")
    #expect(!text.contains("Menu: every action"))
    // The first row is play / pause.
    #expect(press(.enter, &state) == [.controlPlayer(.togglePlaying)])
  }

  // MARK: - Snapshots

  @Test func playing() {
    assertSnapshot(
      AppRenderer.render(PlayerFixtures.state(width: 120, height: 36)), named: "player-120x36")
  }

  @Test func pausedWithEvents() {
    let state = PlayerFixtures.state(
      width: 120, height: 36, events: true, view: .front, playing: false, frame: 510)
    assertSnapshot(AppRenderer.render(state), named: "player-paused-events-120x36")
  }

  @Test func sideBySide() {
    let state = PlayerFixtures.state(width: 120, height: 36, view: .sideBySide)
    assertSnapshot(AppRenderer.render(state), named: "player-side-by-side-120x36")
  }

  @Test func narrow() {
    let state = PlayerFixtures.state(events: true, playing: false, frame: 1200)
    assertSnapshot(AppRenderer.render(state), named: "player-80x24")
  }
}
