import DualCamCore
import Foundation
import Playback
import TestSupport
import Testing

@testable import TerminalUI

/// The player executor on a real take: the screen opens on it, pictures arrive as cells, and
/// an angle switch keeps the frame.
@Suite(.serialized) struct PlayerExecutorTests {
  let capabilities = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
  let area = ScreenRect(x: 0, y: 1, width: 60, height: 20)

  /// The next event with a picture (the engine decodes on its own thread).
  func nextPicture(_ player: PlayerExecutor) -> (CellBuffer, PlaybackStatus)? {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if case .playerFrame(let cells?, let status, _) = player.frame(
        fitting: area, capabilities: capabilities)
      {
        return (cells, status)
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return nil
  }

  @Test func opensATakeAndSwitchesAnglesAtTheSameFrame() throws {
    let folder = try TemporaryFolder()
    guard let review = ShortTake.record(into: folder.url, seconds: 0.8) else { return }

    let clock = ManualClock()
    let player = PlayerExecutor(clock: clock)
    defer { player.close() }
    guard case .playerOpened(let take) = player.open(review.folder).first else {
      Issue.record("the player did not open")
      return
    }
    #expect(take.frameCount > 5 && take.folder == review.folder)
    #expect(player.isOpen)
    let first = try #require(nextPicture(player))
    #expect(first.1.frame == 0 && first.1.isPlaying && first.1.view == .dualview)
    #expect(first.0.width <= area.width && first.0.height <= area.height)

    player.control(.step(frames: 3))
    let stepped = try #require(nextPicture(player))
    #expect(stepped.1.frame == 3 && !stepped.1.isPlaying)
    player.control(.view(.sideBySide))
    let sideBySide = try #require(nextPicture(player))
    #expect(sideBySide.1.frame == 3 && sideBySide.1.view == .sideBySide)
    // Two pictures with a column between them.
    #expect(sideBySide.0.width > first.0.width)
    player.close()
    #expect(!player.isOpen)
    #expect(player.frame(fitting: area, capabilities: capabilities) == nil)
  }

  @Test func aFolderThatIsNoTakeFailsWithAReport() throws {
    let folder = try TemporaryFolder()
    guard case .failed(let report) = PlayerExecutor().open(folder.url).first else {
      Issue.record("expected a failure")
      return
    }
    #expect(report.title == "Cannot play the take")
    #expect(report.problem.contains("has no dualview file"))
  }
}

/// The player through the interface's loop: `playTake` opens the screen, keys switch the angle
/// while it plays, and Esc closes the screen and the take.
@Suite(.serialized) struct PlayerInTheLoopTests {
  @Test func playTakeOpensThePlayerAndEscClosesIt() throws {
    let folder = try TemporaryFolder()
    let takes = folder.url.appendingPathComponent("takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let sessions = SessionExecutor(openSources: SessionExecutorTests.opener)
    _ = sessions.open(
      front: "synthetic", back: "synthetic",
      settings: SessionExecutorTests.settings(folder: takes))
    _ = SessionExecutorTests.recordOnceCalibrated(sessions)
    Thread.sleep(forTimeInterval: 1.5)
    sessions.startStop()
    let finished = sessions.waitForStop()
    sessions.shutdown(takeRunning: false)
    guard case .takeFinished(let review) = finished else {
      Issue.record("no take to play: \(String(describing: finished))")
      return
    }
    let name = review.folder.lastPathComponent
    let (runner, terminal) = AppRunnerTests().runner(
      steps: [
        .init(waitFor: "PLAYING 1×", input: .key(.character("2"))),
        .init(waitFor: "\(name)  front", input: .key(.character("s"))),
        // A frame step pauses (the short take may have played to its end by now).
        .init(waitFor: "\(name)  front | back", input: .key(.character("."))),
        .init(waitFor: "PAUSED", input: .key(.escape)),
        .init(waitFor: "PREVIEW", input: .key(.character("q"))),
      ], folder: takes, settingsURL: folder.url.appendingPathComponent("settings.toml"))
    runner.apply(.playTake(review.folder))
    #expect(runner.player.isOpen)
    runner.run()
    #expect(terminal.stuckAt == nil, "stuck waiting for '\(terminal.stuckAt ?? "")'")
    #expect(!runner.player.isOpen)
    // The picture was drawn from the take's frames, above the scrub bar.
    #expect(terminal.seen.contains { $0.contains("▀▀▀▀▀▀▀▀") && $0.contains("frame ") })
  }
}
