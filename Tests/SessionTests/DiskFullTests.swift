import Capture
import DualCamCore
import Foundation
import Media
import Synchronization
import TestSupport
import Testing

@testable import Session

/// A disk filling up during a take: the take stops while there is room to finish it, the three
/// files hold the same frames and the metadata says why.
@Suite("disk full during a take", .serialized)
struct DiskFullTests {
  func session(in folder: URL) throws -> SessionController {
    var settings = RecordingSettings()
    settings.size = ImageSize(width: 160, height: 120)
    settings.outputDirectory = folder.path
    return SessionController(
      settings: settings,
      front: try SourceSpec(parsing: "synthetic").makeSource(
        position: .front, size: settings.size, rate: settings.frameRate),
      back: try SourceSpec(parsing: "synthetic").makeSource(
        position: .back, size: settings.size, rate: settings.frameRate))
  }

  @Test("free space under the reserve ends the take with three equal, finished files")
  func lowSpaceStopsTheTake() throws {
    let folder = try TemporaryFolder()
    let session = try session(in: folder.url)
    defer { session.shutdown() }
    // A disk with plenty of room for the first checks, then 1 MB left.
    let checks = Atomic<Int>(0)
    session.diskCheckInterval = 0.1
    session.diskSpaceProbe = { _ in
      checks.add(1, ordering: .relaxed).newValue > 8 ? 1_000_000 : 10_000_000_000
    }
    try session.startRecording()
    let deadline = Date().addingTimeInterval(30)
    var snapshot = session.snapshot()
    while !snapshot.takeEnded {
      try #require(Date() < deadline, "the take did not stop")
      Thread.sleep(forTimeInterval: 0.02)
      snapshot = session.snapshot()
    }
    #expect(snapshot.failure?.contains("disk is almost full") == true)
    let result = try session.stopRecording()

    let problem = try #require(result.problem)
    #expect(problem.problem.contains("the disk is full"))
    #expect(problem.problem.contains("\(result.metadata.sync.frames) frames"))
    #expect(result.metadata.stopReason == .diskFull)
    #expect(result.metadata.status == .complete)
    #expect(result.metadata.errors.contains { $0.contains("the disk is full") })
    #expect(!result.folder.lastPathComponent.hasSuffix(".partial"))
    let take = try TakeInspector(folder: result.folder)
    #expect(take.metadata.stopReason == .diskFull)
    let counts = try ["dualview", "front", "back"].map {
      Int64(try MediaProbe.inspect(take.url(of: $0)).frameCount)
    }
    #expect(
      Set(counts).count == 1 && counts[0] == result.metadata.sync.framesInEachFile
        && counts[0] > 0)
  }

  @Test("an ordinary stop says it was requested; a set length says duration")
  func stopReasons() throws {
    let folder = try TemporaryFolder()
    let session = try session(in: folder.url)
    defer { session.shutdown() }
    try session.startRecording(frameLimit: 5)
    let deadline = Date().addingTimeInterval(30)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    let limited = try session.stopRecording()
    #expect(limited.metadata.stopReason == .duration && limited.problem == nil)
    let other = try self.session(in: folder.url)
    defer { other.shutdown() }
    try other.startRecording()
    Thread.sleep(forTimeInterval: 0.3)
    let stopped = try other.stopRecording()
    #expect(stopped.metadata.stopReason == .requested && stopped.problem == nil)
  }

  @Test("the reserve grows with the write rate and never falls under its minimum")
  func reserveFollowsTheRate() {
    #expect(DiskSpaceGuard.reserve(bytesPerSecond: 0) == DiskSpaceGuard.minimumReserve)
    #expect(DiskSpaceGuard.reserve(bytesPerSecond: 100_000_000) == 500_000_000)
  }
}
