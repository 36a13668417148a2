import Foundation
import Media
import TestSupport
import Testing

/// `dualcam export` as scripts use it, on a take `dualcam record` made.
@Suite("dualcam export", .serialized)
struct ExportCommandTests {
  @Test("copies a take, or remuxes it into MP4 with every frame; never overwrites")
  func exportsATake() throws {
    let library = try TemporaryFolder()
    let destination = try TemporaryFolder()
    let recorded = try CommandRunner.run(
      ["record", "--duration", "1s", "--size", "320x240", "--quiet", "--output", library.url.path])
    try #require(recorded.status == 0, "stderr: \(recorded.standardError)")
    let take = try #require(library.entries.first)

    let remuxed = try CommandRunner.run(
      [
        "export", take, "--output", library.url.path, "--to", destination.url.path, "--container",
        "mp4",
      ])
    #expect(remuxed.status == 0, "stderr: \(remuxed.standardError)")
    #expect(remuxed.standardOutput.contains("exported \(take) to"))
    let copy = destination.url.appendingPathComponent(take)
    let files = try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted()
    #expect(
      files == ["back_\(take).mp4", "dualview_\(take).mp4", "front_\(take).mp4", "metadata.json"])
    for file in files where file.hasSuffix(".mp4") {
      let info = try MediaProbe.inspect(copy.appendingPathComponent(file))
      #expect(info.frameCount == 30 && info.codecName == "h264", "\(file)")
    }
    let metadata = try String(
      contentsOf: copy.appendingPathComponent("metadata.json"), encoding: .utf8)
    #expect(metadata.contains("dualview_\(take).mp4"))
    #expect(destination.entries == [take], "no hidden folder may be left behind")

    let again = try CommandRunner.run(
      ["export", library.url.appendingPathComponent(take).path, "--to", destination.url.path])
    #expect(again.status == 73)
    #expect(again.standardError.contains("already exists"))

    let copied = try TemporaryFolder()
    let plain = try CommandRunner.run(
      ["export", library.url.appendingPathComponent(take).path, "--to", copied.url.path])
    #expect(plain.status == 0)
    let original = try Data(
      contentsOf: library.url.appendingPathComponent("\(take)/front_\(take).mov"))
    let exported = try Data(
      contentsOf: copied.url.appendingPathComponent("\(take)/front_\(take).mov"))
    #expect(original == exported)
  }

  @Test("a take with a corrupt video fails with a reason and leaves nothing behind")
  func corruptTakeLeavesNothing() throws {
    let library = try TemporaryFolder()
    let destination = try TemporaryFolder()
    let take = library.url.appendingPathComponent("2026-01-01_00-00-00")
    try FileManager.default.createDirectory(at: take, withIntermediateDirectories: true)
    for name in ["dualview", "front", "back"] {
      try Data(repeating: 7, count: 4096).write(to: take.appendingPathComponent("\(name)_x.mov"))
    }
    try Data("{}".utf8).write(to: take.appendingPathComponent("metadata.json"))
    let result = try CommandRunner.run(
      ["export", take.path, "--to", destination.url.path, "--container", "mp4"])
    #expect(result.status == 65, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("dualview_x.mov"))
    #expect(destination.entries.isEmpty)

    let missing = try CommandRunner.run(
      ["export", take.path, "--to", destination.url.appendingPathComponent("nowhere").path])
    #expect(missing.status == 73)
    #expect(missing.standardError.contains("does not exist"))
    let badContainer = try CommandRunner.run(
      ["export", take.path, "--to", destination.url.path, "--container", "avi"])
    #expect(badContainer.status == 64)
  }
}
