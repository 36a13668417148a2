import DualCamCore
import Foundation
import Playback
import TestSupport
import Testing

/// Bad takes give clear errors, never a crash.
@Suite("Playback errors", .serialized)
struct PlaybackFailureTests {
  /// A copy of the recorded take that a test may damage.
  func copyOfTake() throws -> (TemporaryFolder, URL) {
    let recorded = try RecordedTake.get()
    let folder = try TemporaryFolder()
    let copy = folder.url.appendingPathComponent(recorded.folder.lastPathComponent)
    try FileManager.default.copyItem(at: recorded.folder, to: copy)
    return (folder, copy)
  }

  @Test("a missing folder and a missing file are named")
  func missingParts() throws {
    let (folder, copy) = try copyOfTake()
    _ = folder
    #expect(throws: DualCamError.self) {
      try PlaybackTake(folder: copy.appendingPathComponent("nothing-here"))
    }
    let back = try #require(
      FileManager.default.contentsOfDirectory(atPath: copy.path).first { $0.hasPrefix("back_") })
    try FileManager.default.removeItem(at: copy.appendingPathComponent(back))
    do {
      _ = try PlaybackTake(folder: copy)
      Issue.record("a take without its back file opened")
    } catch {
      #expect(error.problem.contains("no back file"))
    }
  }

  @Test("a file that is not video is refused with its name")
  func corruptFile() throws {
    let (folder, copy) = try copyOfTake()
    _ = folder
    let front = try #require(
      FileManager.default.contentsOfDirectory(atPath: copy.path).first { $0.hasPrefix("front_") })
    try Data(repeating: 0x5a, count: 4096).write(to: copy.appendingPathComponent(front))
    do {
      _ = try PlaybackTake(folder: copy)
      Issue.record("a garbage file opened")
    } catch {
      #expect(error.problem.contains(front))
    }
  }

  @Test("a take deleted while playing stops with a clear error")
  func deletedWhilePlaying() throws {
    let (folder, copy) = try copyOfTake()
    _ = folder
    let clock = ManualClock()
    let engine = try PlaybackEngine(take: PlaybackTake(folder: copy), clock: clock)
    defer { engine.close() }
    engine.play()
    engine.settle()
    try FileManager.default.removeItem(at: copy)
    clock.advance(by: 1_100_000_000)
    let status = engine.settle()
    #expect(!status.isPlaying)
    #expect(status.error?.contains("deleted or moved while playing") == true)
    // Commands after the error change nothing and do not crash.
    engine.play()
    engine.seek(toFrame: 10)
    #expect(engine.settle().error != nil)
  }
}
