import DualCamCore
import Foundation
import Testing

@testable import TerminalUI

/// A short real take recorded through `SessionExecutor` (two synthetic cameras at 320×240), for
/// the executors that play takes back.
enum ShortTake {
  /// Records about `seconds` of video into `folder`; nil (with the issue recorded) when the
  /// session did not finish a take.
  static func record(into folder: URL, seconds: Double) -> TakeReview? {
    let sessions = SessionExecutor(openSources: SessionExecutorTests.opener)
    defer { sessions.shutdown(takeRunning: false) }
    _ = sessions.open(
      front: "synthetic", back: "synthetic",
      settings: SessionExecutorTests.settings(folder: folder))
    _ = SessionExecutorTests.recordOnceCalibrated(sessions)
    Thread.sleep(forTimeInterval: seconds)
    sessions.startStop()
    guard case .takeFinished(let review) = sessions.waitForStop() else {
      Issue.record("the session finished no take to play")
      return nil
    }
    return review
  }
}
