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
    // The metadata of a real take, so that what fails is the video.
    let recorded = try TemporaryFolder()
    let made = try CommandRunner.run(
      [
        "record", "--duration", "0.5s", "--size", "320x240", "--quiet", "--output",
        recorded.url.path,
      ])
    try #require(made.status == 0, "stderr: \(made.standardError)")
    let real = try #require(recorded.entries.first)
    try FileManager.default.copyItem(
      at: recorded.url.appendingPathComponent("\(real)/metadata.json"),
      to: take.appendingPathComponent("metadata.json"))
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

  @Test("a take folder with links, FIFOs or foreign metadata is refused before anything is written")
  func hostileTakeFolders() throws {
    let library = try TemporaryFolder()
    let recorded = try CommandRunner.run(
      [
        "record", "--duration", "0.5s", "--size", "320x240", "--quiet", "--output",
        library.url.path,
      ])
    try #require(recorded.status == 0, "stderr: \(recorded.standardError)")
    let original = library.url.appendingPathComponent(try #require(library.entries.first))
    let outside = try TemporaryFolder()
    let secret = outside.url.appendingPathComponent("secret.mov")
    try Data("not the take's".utf8).write(to: secret)

    // Each case: what is done to a copy of the take, and what the refusal says.
    let cases: [(String, (URL) throws -> Void, String)] = [
      (
        "a video that is a link out of the take",
        { take in
          let front = try Self.file("front_", in: take)
          try FileManager.default.removeItem(at: front)
          try FileManager.default.createSymbolicLink(at: front, withDestinationURL: secret)
        }, "is a symbolic link"
      ),
      (
        "a video that is a FIFO",
        { take in
          let back = try Self.file("back_", in: take)
          try FileManager.default.removeItem(at: back)
          #expect(mkfifo(back.path, 0o644) == 0)
        }, "is a FIFO"
      ),
      (
        "metadata.json that is a FIFO",
        { take in
          let metadata = take.appendingPathComponent("metadata.json")
          try FileManager.default.removeItem(at: metadata)
          #expect(mkfifo(metadata.path, 0o644) == 0)
        }, "metadata.json in the take"
      ),
      (
        "metadata.json that is a link to /dev/zero",
        { take in
          let metadata = take.appendingPathComponent("metadata.json")
          try FileManager.default.removeItem(at: metadata)
          try FileManager.default.createSymbolicLink(
            at: metadata, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        }, "is a symbolic link"
      ),
      (
        "an empty metadata.json",
        { take in
          try Data().write(to: take.appendingPathComponent("metadata.json"))
        }, "it is empty"
      ),
      (
        "another program's metadata.json",
        { take in
          try Data("{\"schema\": \"othercam/2\"}".utf8).write(
            to: take.appendingPathComponent("metadata.json"))
        }, "is not a DualCam take's metadata"
      ),
    ]
    for (index, (name, spoil, refusal)) in cases.enumerated() {
      let copies = try TemporaryFolder()
      let take = copies.url.appendingPathComponent("2026-01-01_00-00-0\(index)")
      try FileManager.default.copyItem(at: original, to: take)
      try spoil(take)
      let destination = try TemporaryFolder()
      let started = Date()
      let result = try CommandRunner.run(
        ["export", take.path, "--to", destination.url.path], timeout: 30)
      #expect(Date().timeIntervalSince(started) < 20, "\(name): never waits on a FIFO")
      #expect(result.status != 0, "\(name)")
      #expect(result.standardError.contains(refusal), "\(name): \(result.standardError)")
      #expect(destination.entries.isEmpty, "\(name): nothing written, no hidden folder left")
    }
  }

  static func file(_ prefix: String, in take: URL) throws -> URL {
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: take.path).first { $0.hasPrefix(prefix) })
    return take.appendingPathComponent(name)
  }
}
