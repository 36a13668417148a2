import DualCamCore
import Foundation
import Media
import TestSupport
import Testing

@testable import Session

/// Recovery of interrupted takes: it stays inside the output folder, and its report says what
/// it found and did for each file.
@Suite("take recovery")
struct TakeRecoveryTests {
  /// Every file under `folder` (following nothing) with its bytes.
  static func contents(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  static func state(_ outcome: TakeRecovery.Outcome, _ output: String) -> TakeRecovery
    .FileOutcome.State?
  {
    outcome.files.first { $0.output == output }?.state
  }

  // MARK: - Staying inside the output folder

  @Test("a .partial link to another folder is refused and that folder stays byte-identical")
  func symlinkedPartialFolderIsLeftAlone() throws {
    let output = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let take = try KilledTake(
      in: elsewhere.url, frames: ["dualview": 125, "front": 65, "back": 125])
    let before = try Self.contents(of: take.folder)
    let link = output.url.appendingPathComponent("2020-01-01_00-00-00.partial")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: take.folder)

    let report = TakeRecovery.recoverAll(in: output.url)
    #expect(report.recovered.isEmpty)
    let failure = try #require(report.failures.first)
    #expect(failure.error.problem.contains("symbolic link"))
    #expect(throws: DualCamError.self) { try TakeRecovery.recover(link) }

    #expect(try Self.contents(of: take.folder) == before)
    #expect(output.entries == ["2020-01-01_00-00-00.partial"])
    #expect(FileManager.default.fileExists(atPath: take.folder.path))
  }

  @Test("a video file that is a link out of the take is not followed, its target untouched")
  func symlinkedFileIsNotFollowed() throws {
    let output = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let victim = try KilledTake(
      in: elsewhere.url, frames: ["dualview": 5, "front": 125, "back": 5])
    let victimBytes = try Data(contentsOf: victim.url("front"))
    let take = try KilledTake(in: output.url)
    try FileManager.default.removeItem(at: take.url("front"))
    try FileManager.default.createSymbolicLink(
      at: take.url("front"), withDestinationURL: victim.url("front"))

    let outcome = try TakeRecovery.recover(take.folder)
    guard case .refused(let reason) = Self.state(outcome, "front") else {
      Issue.record("front: \(String(describing: Self.state(outcome, "front")))")
      return
    }
    #expect(reason.contains("symbolic link"))
    #expect(try Data(contentsOf: victim.url("front")) == victimBytes)
    #expect(outcome.frames > 0 && outcome.playableFiles.count == 2)
  }

  @Test("a FIFO in place of a video file or the lock is refused without blocking")
  func fifoIsRefused() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url)
    try FileManager.default.removeItem(at: take.url("back"))
    #expect(mkfifo(take.url("back").path, 0o644) == 0)
    #expect(mkfifo(take.folder.appendingPathComponent(".recording.lock").path, 0o644) == 0)

    let report = TakeRecovery.recoverAll(in: output.url)
    let outcome = try #require(report.recovered.first)
    guard case .refused(let reason) = Self.state(outcome, "back") else {
      Issue.record("back: \(String(describing: Self.state(outcome, "back")))")
      return
    }
    #expect(reason.contains("FIFO"))
  }

  // MARK: - A truthful report

  @Test("a missing file is named, and the others keep the frames they share")
  func missingFileIsReported() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url)
    let expected = try KilledTake.recoverableFrames(take.url("front"))
    try FileManager.default.removeItem(at: take.url("dualview"))

    let outcome = try TakeRecovery.recover(take.folder)
    #expect(Self.state(outcome, "dualview") == .missing)
    #expect(outcome.frames == Int64(expected))
    #expect(outcome.lines[0].contains("in 2 of 3 files"))
    #expect(outcome.lines.contains { $0.contains("dualview: missing") })
    for output in ["front", "back"] {
      #expect(
        try MediaProbe.inspect(
          take.recoveredFolder.appendingPathComponent(
            KilledTake.fileName(output, name: take.name))
        ).frameCount == expected)
    }
    let metadata = try TakeInspector(folder: take.recoveredFolder).metadata
    #expect(metadata.status == .recovered)
    #expect(metadata.errors.contains { $0.contains("dualview: missing") })
  }

  @Test(
    "an empty or garbage file is named as unreadable and left; the others are not cut to 0",
    arguments: ["empty", "garbage"])
  func brokenFileIsReported(_ kind: String) throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url, frames: ["dualview": 65, "front": 65, "back": 45])
    let expected = try KilledTake.recoverableFrames(take.url("back"))
    let broken =
      kind == "empty" ? Data() : Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 31) })
    try broken.write(to: take.url("front"))

    let outcome = try TakeRecovery.recover(take.folder)
    guard case .unreadable(let reason) = Self.state(outcome, "front") else {
      Issue.record("front: \(String(describing: Self.state(outcome, "front")))")
      return
    }
    #expect(!reason.contains("plays as it is"))
    #expect(outcome.frames == Int64(expected) && expected > 0)
    #expect(Self.state(outcome, "back") == .kept(frames: Int64(expected)))
    #expect(
      Self.state(outcome, "dualview").map { if case .cut = $0 { true } else { false } } == true)
    let front = take.recoveredFolder.appendingPathComponent(
      KilledTake.fileName("front", name: take.name))
    #expect(try Data(contentsOf: front) == broken, "the broken file is left as it was")
  }

  @Test("a truncated file sets the common count; the others are cut to it")
  func truncatedFileSetsTheCount() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url, frames: ["dualview": 95, "front": 95, "back": 95])
    let handle = try FileHandle(forWritingTo: take.url("back"))
    let size = try handle.seekToEnd()
    try handle.truncate(atOffset: size * 2 / 3)
    try handle.close()
    let expected = try KilledTake.recoverableFrames(take.url("back"))

    let outcome = try TakeRecovery.recover(take.folder)
    #expect(expected > 0 && outcome.frames == Int64(expected))
    for output in KilledTake.outputs {
      let url = take.recoveredFolder.appendingPathComponent(
        KilledTake.fileName(output, name: take.name))
      #expect(try MediaProbe.inspect(url).frameCount == expected)
    }
  }

  @Test(
    "an unusable metadata.json is set aside and rebuilt from the files",
    arguments: ["garbage", "empty", "truncated", "wrong type", "array"])
  func unusableMetadataIsRebuilt(_ kind: String) throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url)
    let good = try TakeMetadataBuilder.encode(KilledTake.checkpoint(name: take.name))
    let bad: Data =
      switch kind {
      case "garbage": Data("not json at all {{{".utf8)
      case "empty": Data()
      case "truncated": good.prefix(good.count / 2)
      case "wrong type":
        Data(
          String(decoding: good, as: UTF8.self).replacingOccurrences(
            of: "\"schema\" : \"dualcam.take/1\"", with: "\"schema\" : 7"
          ).utf8)
      default: Data("[1, 2, 3]".utf8)
      }
    try bad.write(to: take.folder.appendingPathComponent("metadata.json"))

    let outcome = try TakeRecovery.recover(take.folder)
    guard case .rebuilt(_, let setAside) = outcome.metadata else {
      Issue.record("metadata: \(outcome.metadata)")
      return
    }
    let aside = try #require(setAside)
    #expect(try Data(contentsOf: take.recoveredFolder.appendingPathComponent(aside)) == bad)
    let metadata = try TakeInspector(folder: take.recoveredFolder).metadata
    #expect(metadata.status == .recovered)
    // The frames each file holds (a slow machine may have held slots: `sync.frames` counts them).
    #expect(metadata.sync.framesInEachFile == outcome.frames && outcome.frames > 0)
    #expect(metadata.outputs.count == 3)
    #expect(metadata.outputs["front"]?.frames == outcome.frames)
    #expect(metadata.outputs["front"]?.codec == "h264")
    #expect(metadata.settings.size == KilledTake.size)
    #expect(metadata.errors.contains { $0.contains("rebuilt") })
  }

  @Test("a missing metadata.json is rebuilt from the files")
  func missingMetadataIsRebuilt() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url, metadata: false)
    let outcome = try TakeRecovery.recover(take.folder)
    #expect(outcome.metadata == .rebuiltMissing)
    let metadata = try TakeInspector(folder: take.recoveredFolder).metadata
    #expect(metadata.status == .recovered && metadata.sync.framesInEachFile == outcome.frames)
  }

  @Test("a take with no complete frame anywhere is not recovered and its folder is left")
  func nothingRecoverableIsAnError() throws {
    let output = try TemporaryFolder()
    // Fewer frames than the first early fragment holds (3 at 30 fps): none reached the disk.
    let take = try KilledTake(in: output.url, frames: ["dualview": 2, "front": 2, "back": 2])
    let before = try Self.contents(of: take.folder)
    #expect {
      try TakeRecovery.recover(take.folder)
    } throws: { error in
      guard let error = error as? DualCamError, case .unreadableMedia = error else { return false }
      return error.problem.contains("nothing to recover")
    }
    #expect(try Self.contents(of: take.folder) == before)
    #expect(output.entries == [take.folder.lastPathComponent])
  }

  @Test("temporary files of an interrupted finish are removed")
  func leftoverTemporaryFilesAreRemoved() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url)
    let leftover = take.folder.appendingPathComponent(
      ".front_\(take.name).seekable-12345.mov")
    try Data("half a file".utf8).write(to: leftover)

    let outcome = try TakeRecovery.recover(take.folder)
    #expect(outcome.notes.contains { $0.contains("seekable-12345") })
    let names = try FileManager.default.contentsOfDirectory(atPath: take.recoveredFolder.path)
    #expect(!names.contains { $0.contains(".seekable-") || $0.hasPrefix(".") }, "\(names)")
  }

  @Test("the space reserve a killed take left is removed, and the files' room is not reported")
  func leftoverSpaceReserveIsRemoved() throws {
    let output = try TemporaryFolder()
    let take = try KilledTake(in: output.url)
    // Kept alive across the recovery: a killed process never removes its reserve.
    let reserve = try #require(TakeSpaceReserve(in: take.folder, size: 1 << 20))
    let outcome = try withExtendedLifetime(reserve) {
      #expect(
        FileManager.default.fileExists(
          atPath: take.folder.appendingPathComponent(TakeSpaceReserve.fileName).path))
      return try TakeRecovery.recover(take.folder)
    }
    #expect(!outcome.notes.contains { $0.contains(TakeSpaceReserve.fileName) })
    let names = try FileManager.default.contentsOfDirectory(atPath: take.recoveredFolder.path)
    #expect(!names.contains(TakeSpaceReserve.fileName), "\(names)")
  }
}
