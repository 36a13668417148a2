import DualCamCore
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// The playback executor on a real take: frames as cells, then the end of the file.
@Suite(.serialized) struct PlaybackExecutorTests {
  @Test func playsATakesDualViewUntilItEnds() throws {
    let folder = try TemporaryFolder()
    guard let review = ShortTake.record(into: folder.url, seconds: 0.5) else { return }

    let playback = PlaybackExecutor()
    guard case .playback(let status?) = playback.play(review.folder, at: 10).first else {
      Issue.record("playback did not start")
      return
    }
    #expect(status.name.hasPrefix("dualview_") && status.duration > 0)
    #expect(playback.isPlaying)
    let capabilities = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
    let fit = ImageSize(width: 60, height: 40)
    guard
      case .playbackFrame(let cells, let position, let method) = playback.frame(
        at: 10, fitting: fit, capabilities: capabilities)
    else {
      Issue.record("no frame was drawn")
      return
    }
    #expect(cells.width <= 60 && cells.height <= 20 && position == 0)
    #expect(method == .halfBlocks)
    #expect(playback.finished(at: 10.01).isEmpty, "the file has frames left")
    guard case .playback(nil) = playback.finished(at: 10 + status.duration + 5).first else {
      Issue.record("the end of the file ends playback")
      return
    }
    #expect(!playback.isPlaying)
  }

  @Test func aFolderWithoutADualViewCannotBePlayed() throws {
    let folder = try TemporaryFolder()
    guard case .failed(let report) = PlaybackExecutor().play(folder.url, at: 0).first else {
      Issue.record("expected a failure")
      return
    }
    #expect(report.title == "Cannot play the take")
    #expect(report.problem.contains("has no dualview file"))
  }
}
