import DualCamCore
import Foundation
import Media
import TestSupport
import Testing

/// `dualcam recover` and the recovery `record` runs at start, as a user meets them after a
/// crash: early kills, broken and missing files, links out of the recordings folder.
@Suite("dualcam recover end to end", .serialized)
struct RecoverCommandTests {
  let small = ["--size", "320x240", "--quiet"]

  /// Starts `record` into `folder` and SIGKILLs it `seconds` after its take folder appears;
  /// returns the `.partial` folder.
  func killedTake(in folder: TemporaryFolder, after seconds: Double) throws -> URL {
    let child = try CommandRunner(["record", "--output", folder.url.path] + small)
    var waited = 0.0
    while !folder.entries.contains(where: { $0.hasSuffix(".partial") }) && waited < 30 {
      Thread.sleep(forTimeInterval: 0.02)
      waited += 0.02
    }
    Thread.sleep(forTimeInterval: seconds)
    child.send(SIGKILL)
    _ = child.wait(timeout: 30)
    let partial = try #require(folder.entries.first { $0.hasSuffix(".partial") })
    return folder.url.appendingPathComponent(partial)
  }

  func files(in folder: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return contents
  }

  @Test("a take killed 0.5 s in keeps its frames, equal in all three files")
  func killInTheFirstSecondKeepsFrames() throws {
    let folder = try TemporaryFolder()
    let partial = try killedTake(in: folder, after: 0.5)
    let result = try CommandRunner.run(["recover", "--output", folder.url.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let recovered = folder.url.appendingPathComponent(
      String(partial.lastPathComponent.dropLast(".partial".count)))
    let take = try TakeInspector(folder: recovered)
    let counts = try ["dualview", "front", "back"].map {
      try MediaProbe.inspect(take.url(of: $0)).frameCount
    }
    #expect(Set(counts).count == 1 && counts[0] > 0, "\(counts)")
    #expect(Int64(counts[0]) == take.metadata.sync.frames)
    #expect(result.standardOutput.contains("recovered \(recovered.path) (\(counts[0]) frames)"))
  }

  @Test("a take with no complete frame is reported as lost, exit 65, its folder left")
  func nothingRecoverable() throws {
    let folder = try TemporaryFolder()
    let partial = folder.url.appendingPathComponent("2020-01-01_00-00-00.partial")
    try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: false)
    for name in ["dualview", "front", "back"] {
      // What a kill before the first fragment leaves: the header and an empty index.
      let header = Data("\0\0\0\u{14}ftypqt  \0\0\u{2}\0qt  ".utf8)
      try header.write(to: partial.appendingPathComponent("\(name)_2020-01-01_00-00-00.mov"))
    }
    let result = try CommandRunner.run(["recover", "--output", folder.url.path])
    #expect(result.status == 65, "stdout: \(result.standardOutput)")
    #expect(result.standardError.contains("nothing to recover"))
    #expect(!result.standardOutput.contains("recovered"))
    #expect(folder.entries == ["2020-01-01_00-00-00.partial"])
  }

  @Test("a linked .partial folder is refused and what it points to stays byte-identical")
  func linkedPartialIsRefused() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let partial = try killedTake(in: elsewhere, after: 2.5)
    let before = try files(in: partial)
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("2020-01-01_00-00-00.partial"),
      withDestinationURL: partial)
    for command in [["recover", "--output", folder.url.path]] {
      let result = try CommandRunner.run(command)
      #expect(result.status != 0)
      #expect(result.standardError.contains("symbolic link"), "\(result.standardError)")
    }
    let record = try CommandRunner.run(
      ["record", "--duration", "0.2s", "--output", folder.url.path] + small)
    #expect(record.status == 0, "stderr: \(record.standardError)")
    #expect(record.standardError.contains("could not recover 2020-01-01_00-00-00.partial"))
    #expect(try files(in: partial) == before)
  }

  @Test("a deleted file is named in the report, and the others keep their frames")
  func missingFileIsNamed() throws {
    let folder = try TemporaryFolder()
    let partial = try killedTake(in: folder, after: 2.5)
    let front = try #require(
      try FileManager.default.contentsOfDirectory(atPath: partial.path).first {
        $0.hasPrefix("front_")
      })
    try FileManager.default.removeItem(at: partial.appendingPathComponent(front))
    let result = try CommandRunner.run(["recover", partial.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput.contains("in 2 of 3 files"))
    #expect(result.standardOutput.contains("front: missing"))
  }
}
