import DualCamCore
import Foundation
import Media
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

  @Test("SIGKILL mid-take leaves decodable files, and the next start recovers the take")
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
    }

    // The next recording into the same folder finishes the interrupted take first.
    let next = try CommandRunner.run(
      ["record", "--duration", "1s", "--output", folder.url.path] + small)
    #expect(next.status == 0, "stderr: \(next.standardError)")
    #expect(next.standardError.contains("recovered interrupted take"))
    #expect(folder.entries.count == 2)
    #expect(!folder.entries.contains { $0.hasSuffix(".partial") })
    let recovered = folder.url.appendingPathComponent(
      String(partial.lastPathComponent.dropLast(".partial".count)))
    let take = try TakeInspector(folder: recovered)
    #expect(take.metadata.status == .recovered)
    let counts = try ["dualview", "front", "back"].map {
      Int64(try MediaProbe.inspect(take.url(of: $0)).frameCount)
    }
    #expect(Set(counts).count == 1, "recovered files hold the same frames: \(counts)")
    #expect(counts[0] == take.metadata.sync.frames && counts[0] >= 60)
    for name in ["dualview", "front", "back"] {
      #expect(!FileFinalizer.isFragmented(take.url(of: name)))
    }
  }

  @Test("recover leaves alone a take that another dualcam is still recording")
  func recoverSkipsRunningTake() throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(["record", "--output", folder.url.path] + small)
    defer { _ = child.wait(timeout: 30) }
    var waited = 0.0
    while !folder.entries.contains(where: { $0.hasSuffix(".partial") }) && waited < 20 {
      Thread.sleep(forTimeInterval: 0.1)
      waited += 0.1
    }
    Thread.sleep(forTimeInterval: 0.5)
    let recover = try CommandRunner.run(["recover", "--output", folder.url.path])
    #expect(recover.status == 0)
    #expect(recover.standardError.contains("no interrupted takes"))
    let partial = try #require(folder.entries.first { $0.hasSuffix(".partial") })
    let direct = try CommandRunner.run(["recover", folder.url.appendingPathComponent(partial).path])
    #expect(direct.status != 0)
    #expect(direct.standardError.contains("still being recorded"))
    child.send(SIGINT)
    #expect(child.wait(timeout: 30).status == 0)
    #expect(folder.entries.count == 1 && !folder.entries[0].hasSuffix(".partial"))
  }
}
