import Foundation
import Library
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Folders the library does not understand are listed as unreadable, or skipped, with a reason;
/// never a crash, and never a symbolic link followed.
@Suite("Library: unreadable and foreign folders")
struct UnreadableTakeTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var metadata: String?
    var removeFile: String?
    var reason: String
    var testDescription: String { label }
  }

  static let cases: [Case] = [
    Case(label: "not JSON", metadata: "{\"schema\": \"dualcam.ta", reason: "not valid JSON"),
    Case(label: "empty", metadata: "", reason: "is empty"),
    Case(label: "an array", metadata: "[1, 2]", reason: "not a JSON object"),
    Case(label: "no schema", metadata: "{\"status\": \"complete\"}", reason: "no \"schema\""),
    Case(
      label: "another schema", metadata: "{\"schema\": \"othercam/3\"}",
      reason: "schema \"othercam/3\""),
    Case(label: "a missing video", removeFile: "front", reason: "front file"),
    Case(label: "no metadata", removeFile: "metadata", reason: "metadata.json is missing"),
  ]

  @Test("a broken take is listed, marked unreadable with its reason", arguments: cases)
  func broken(_ testCase: Case) throws {
    let root = try TemporaryFolder()
    let good = try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    let bad = try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 1))
    if let metadata = testCase.metadata {
      try Data(metadata.utf8).write(to: bad.appendingPathComponent("metadata.json"))
    }
    switch testCase.removeFile {
    case "metadata":
      try FileManager.default.removeItem(at: bad.appendingPathComponent("metadata.json"))
    case let output?:
      try FileManager.default.removeItem(
        at: bad.appendingPathComponent("\(output)_\(bad.lastPathComponent).mov"))
    case nil: break
    }
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    #expect(index.entries.count == 2)
    #expect(index.entry(id: good.path)?.isReadable == true)
    let entry = try #require(index.entry(id: bad.path))
    let reason = try #require(entry.unreadableReason)
    #expect(reason.contains(testCase.reason), "reason: \(reason)")
    #expect(entry.badges.contains(.unreadable))
  }

  @Test("folders and files that are not takes are skipped with a reason")
  func foreign() throws {
    let root = try TemporaryFolder()
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    try FileManager.default.createDirectory(
      at: root.url.appendingPathComponent("Holiday"), withIntermediateDirectories: false)
    try Data("x".utf8).write(to: root.url.appendingPathComponent("notes.txt"))
    try Data("x".utf8).write(to: root.url.appendingPathComponent(".hidden"))
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    #expect(index.entries.count == 1)
    let reasons = Dictionary(
      uniqueKeysWithValues: index.skipped.map { ($0.path.lastPathComponent, $0.reason) })
    #expect(reasons == ["Holiday": "not a take (no metadata.json)", "notes.txt": "not a folder"])
  }

  @Test("symbolic links are never followed: out of the folder, or in a loop")
  func symbolicLinks() throws {
    let root = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let outside = try TakeFactory.make(in: elsewhere.url, TakeFactory.options(minutes: 0))
    let manager = FileManager.default
    try manager.createSymbolicLink(
      at: root.url.appendingPathComponent("2026-11-23_10-05-00"), withDestinationURL: outside)
    try manager.createSymbolicLink(
      atPath: root.url.appendingPathComponent("2026-11-23_10-06-00").path,
      withDestinationPath: "2026-11-23_10-06-00")
    try manager.createSymbolicLink(
      atPath: root.url.appendingPathComponent("Loop").path, withDestinationPath: "Loop")
    let linkedMetadata = try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 7))
    let metadata = linkedMetadata.appendingPathComponent("metadata.json")
    try manager.moveItem(at: metadata, to: elsewhere.url.appendingPathComponent("m.json"))
    try manager.createSymbolicLink(
      at: metadata, withDestinationURL: elsewhere.url.appendingPathComponent("m.json"))
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    #expect(index.entries.count == 3)
    for entry in index.entries {
      let reason = try #require(entry.unreadableReason)
      #expect(reason.contains("symbolic link"), "reason: \(reason)")
      #expect(entry.summary == nil, "nothing may be read through a link")
    }
    #expect(index.skipped.map(\.path.lastPathComponent) == ["Loop"])
  }

  @Test("a folder that cannot be read is marked, not fatal", .enabled(if: getuid() != 0))
  func permissions() throws {
    let root = try TemporaryFolder()
    let locked = try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    chmod(locked.path, 0)
    defer { chmod(locked.path, 0o755) }
    var index = LibraryIndex(roots: [root.url])
    index.refresh()
    let reason = try #require(index.entries.first?.unreadableReason)
    #expect(reason.contains("Permission denied"), "reason: \(reason)")
  }
}
