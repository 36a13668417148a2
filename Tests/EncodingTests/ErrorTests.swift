import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// Bad settings, unusable folders, full disks and unreadable files: typed errors with words.
@Suite struct ErrorTests {
  @Test func missingFolderIsOutputUnavailable() throws {
    let folder = TemporaryFolder()
    let url = folder.url.appendingPathComponent("not-there/take.mov")
    #expect {
      _ = try VideoFileWriter(spec: Recording.spec(url))
    } throws: { error in
      guard case .outputUnavailable(let problem, let fix) = error as? DualCamError else {
        return false
      }
      return problem.contains("does not exist") && problem.contains("not-there")
        && fix.contains("--output")
    }
  }

  @Test func unwritableFolderIsOutputUnavailable() throws {
    let folder = TemporaryFolder()
    var target = folder.url.appendingPathComponent("locked", isDirectory: true)
    if geteuid() == 0 {
      target = URL(fileURLWithPath: "/sys/kernel", isDirectory: true)  // root ignores modes
    } else {
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: target.path)
    }
    #expect {
      _ = try VideoFileWriter(spec: Recording.spec(target.appendingPathComponent("take.mkv")))
    } throws: { error in
      guard case .outputUnavailable(let problem, _) = error as? DualCamError else { return false }
      return problem.contains("permission denied")
    }
  }

  @Test func fullDiskIsWriteFailed() throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.mov")
    // /dev/full fails every write with ENOSPC, as a full disk does.
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/full")
    #expect {
      let writer = try VideoFileWriter(spec: Recording.spec(url))
      try Recording.writeFrames(30, to: writer)
      _ = try writer.finish()
    } throws: { error in
      guard case .writeFailed(let problem, let fix) = error as? DualCamError else { return false }
      return problem == "the disk is full while writing take.mov"
        && fix.hasPrefix("free space on /") && fix.hasSuffix("to another folder with --output")
    }
    #expect(FileManager.default.fileExists(atPath: "/dev/full"))
  }

  @Test func corruptFileIsUnreadableMedia() throws {
    let folder = TemporaryFolder()
    let url = folder.file("random.mov")
    // Seeded, so every run feeds the same bytes (unseeded noise is sometimes taken for an audio
    // format, which is refused for another reason).
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    let noise = (0..<20_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    try Data(noise).write(to: url)
    let text = folder.file("notes.mp4")
    try Data("not a video at all\n".utf8).write(to: text)
    for file in [url, text] {
      #expect { _ = try VideoFileReader(url: file) } throws: { Self.isUnreadable($0) }
      #expect { _ = try MediaProbe.inspect(file) } throws: { Self.isUnreadable($0) }
    }
  }

  @Test func missingFileIsSourceUnavailable() throws {
    let url = URL(fileURLWithPath: "/nonexistent/dualcam/take.mov")
    #expect {
      _ = try VideoFileReader(url: url)
    } throws: { error in
      guard case .sourceUnavailable(let problem, _) = error as? DualCamError else { return false }
      return problem.contains("/nonexistent/dualcam/take.mov")
    }
  }

  @Test func misuseOfTheWriterIsInvalidArgument() throws {
    let folder = TemporaryFolder()
    let writer = try VideoFileWriter(
      spec: Recording.spec(folder.file("take.mkv"), codec: .ffv1, container: .mkv))
    let wrongSize = TestImage(size: ImageSize(width: 32, height: 32))
    #expect(throws: DualCamError.self) { try writer.write(wrongSize.image, index: 0) }
    _ = try writer.finish()
    #expect(throws: DualCamError.self) { _ = try writer.finish() }
    #expect(throws: DualCamError.self) { _ = try writer.nextInputImage() }
  }

  static func isUnreadable(_ error: any Error) -> Bool {
    // Garbage may be refused as damaged or as holding no video; either way it is unreadable
    // media with a problem and a fix to show.
    guard case .unreadableMedia(let problem, let fix) = error as? DualCamError else { return false }
    return !problem.isEmpty && !fix.isEmpty
  }
}
