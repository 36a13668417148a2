import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@Suite("Take folders and the output location under hostile file systems")
struct TakeFolderTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func aDanglingSymlinkAtTheNameTakesTheNextSuffix() throws {
    let folder = try TemporaryFolder()
    let first = try TakeFolder.create(in: folder.url, startingAt: Self.start)
    try FileManager.default.removeItem(at: first.partialURL)
    try FileManager.default.createSymbolicLink(
      atPath: first.partialURL.path, withDestinationPath: "/nonexistent/dualcam-target")
    let take = try TakeFolder.create(in: folder.url, startingAt: Self.start)
    #expect(take.name == first.name + "-2")
  }

  @Test func aDanglingSymlinkAtTheFinalNameIsNotReused() throws {
    let folder = try TemporaryFolder()
    let first = try TakeFolder.create(in: folder.url, startingAt: Self.start)
    try FileManager.default.removeItem(at: first.partialURL)
    try FileManager.default.createSymbolicLink(
      atPath: first.finalURL.path, withDestinationPath: "/nonexistent/dualcam-target")
    let take = try TakeFolder.create(in: folder.url, startingAt: Self.start)
    #expect(take.name == first.name + "-2")
  }

  @Test func finalizingNeverReplacesWhatTookTheName() throws {
    let folder = try TemporaryFolder()
    let take = try TakeFolder.create(in: folder.url, startingAt: Self.start)
    try Data("take".utf8).write(to: take.partialURL.appendingPathComponent("metadata.json"))
    // Another program made an empty folder at the final name after the take started: a plain
    // rename would have replaced it.
    try FileManager.default.createDirectory(at: take.finalURL, withIntermediateDirectories: false)
    let final = try take.finalize()
    #expect(final.lastPathComponent == take.name + "-2")
    #expect(FileManager.default.fileExists(atPath: take.finalURL.path))
    #expect((try? FileManager.default.contentsOfDirectory(atPath: take.finalURL.path)) == [])
    #expect(
      FileManager.default.fileExists(atPath: final.appendingPathComponent("metadata.json").path))
  }

  @Test func theOutputFolderIsCreatedWithItsParents() throws {
    let folder = try TemporaryFolder()
    let wanted = folder.url.appendingPathComponent("a/b/c")
    let root = try OutputLocation.prepare(explicit: wanted.path)
    #expect(root.path == wanted.path)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: wanted.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
  }

  @Test func aFileOnTheWayIsNamed() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    do {
      _ = try OutputLocation.prepare(explicit: file.appendingPathComponent("a/b").path)
      Issue.record("a path through a file was accepted")
    } catch {
      #expect(error.exitCode == 73)
      #expect(error.problem.contains("\(file.path) is a file, not a folder"), "\(error.problem)")
    }
  }

  @Test func aFIFOInPlaceOfTheLockDoesNotHang() throws {
    let folder = try TemporaryFolder()
    let partial = folder.url.appendingPathComponent("2020-01-01_00-00-00.partial")
    try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: false)
    #expect(mkfifo(partial.appendingPathComponent(".recording.lock").path, 0o644) == 0)
    // Before the fix this blocked forever in open(2), waiting for a writer.
    let found = TakeRecovery.interruptedTakes(in: folder.url)
    #expect(found.map(\.lastPathComponent) == [partial.lastPathComponent])
  }
}
