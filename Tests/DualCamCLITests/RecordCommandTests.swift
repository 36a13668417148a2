import DualCamCore
import Encoding
import Foundation
import TestSupport
import Testing

/// `dualcam record` as scripts use it: exact durations, signals, and crash safety.
@Suite("dualcam record end to end", .serialized)
struct RecordCommandTests {
  let small = ["--size", "320x240", "--quiet"]

  func onlyTake(in folder: TemporaryFolder) throws -> URL {
    let entries = folder.entries
    try #require(entries.count == 1, "expected one take, found \(entries)")
    return folder.url.appendingPathComponent(entries[0])
  }

  @Test("--duration 2s writes three files of exactly 60 frames and a finished folder")
  func exactDuration() throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--duration", "2s", "--output", folder.url.path] + small)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("synthetic test pattern"), "says which sources it used")
    let take = try TakeInspector(folder: try onlyTake(in: folder))
    #expect(!take.folder.lastPathComponent.hasSuffix(".partial"))
    for name in ["dualview", "front", "back"] {
      let info = try MediaProbe.inspect(take.url(of: name))
      #expect(info.frameCount == 60)
      #expect(info.startTime == 0 && abs(info.duration - 2) < 1e-6)
    }
    #expect(result.standardOutput.contains("60 frames"))
  }

  @Test("SIGINT and SIGTERM stop and finalize the take", arguments: [SIGINT, SIGTERM])
  func signalStops(_ signal: Int32) throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(["record", "--output", folder.url.path] + small)
    Thread.sleep(forTimeInterval: 2)
    child.send(signal)
    let result = child.wait(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let take = try TakeInspector(folder: try onlyTake(in: folder))
    #expect(take.metadata.status == .complete)
    #expect(take.metadata.sync.frames > 15)
    let counts = try ["dualview", "front", "back"].map {
      try MediaProbe.inspect(take.url(of: $0)).frameCount
    }
    #expect(Set(counts).count == 1 && Int64(counts[0]) == take.metadata.sync.frames)
  }

  @Test("SIGUSR1 pauses and resumes; the metadata shows the pause")
  func userSignalPauses() throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(["record", "--output", folder.url.path] + small)
    Thread.sleep(forTimeInterval: 1.5)
    child.send(SIGUSR1)
    Thread.sleep(forTimeInterval: 1.0)
    child.send(SIGUSR1)
    Thread.sleep(forTimeInterval: 1.0)
    child.send(SIGINT)
    let result = child.wait(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let metadata = try TakeInspector(folder: try onlyTake(in: folder)).metadata
    #expect(metadata.pauses.count == 1)
    #expect(abs(metadata.sync.pausedSeconds - 1.0) < 0.5)
    #expect(
      abs(metadata.sync.durationSeconds - (metadata.sync.wallSeconds - metadata.sync.pausedSeconds))
        <= 1.0 / 30 + 1e-6)
  }

  @Test("SIGKILL mid-take leaves three decodable files up to about the last second")
  func killLeavesPlayableFiles() throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(["record", "--output", folder.url.path] + small)
    Thread.sleep(forTimeInterval: 4)
    child.send(SIGKILL)
    _ = child.wait(timeout: 30)

    let partial = try onlyTake(in: folder)
    #expect(partial.lastPathComponent.hasSuffix(".partial"))
    let files = try FileManager.default.contentsOfDirectory(atPath: partial.path).filter {
      $0.hasSuffix(".mov")
    }
    #expect(files.count == 3)
    for file in files {
      let url = partial.appendingPathComponent(file)
      let reader = try VideoFileReader(url: url)
      let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
      let frame = pool.lease()!
      defer { frame.release() }
      var frames = 0
      while case .frame = try reader.readFrame(into: frame.image) { frames += 1 }
      // At least two of the four seconds were complete fragments on disk.
      #expect(frames >= 60, "\(file): only \(frames) frames decodable after SIGKILL")
      try FileFinalizer.makeSeekable(url)
      #expect(try MediaProbe.inspect(url).frameCount == frames)
    }
  }
}
