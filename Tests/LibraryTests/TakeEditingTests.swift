import DualCamCore
import Foundation
import Library
import TestSupport
import Testing

/// Notes and tags change only their own members of `metadata.json`; rename moves the folder.
@Suite("Library: notes, tags and rename")
struct TakeEditingTests {
  static func decode(_ data: Data) throws -> TakeMetadata {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(TakeMetadata.self, from: data)
  }

  @Test("a note and tags are written as the recorder would, every other byte unchanged")
  func byteIdentical() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    let original = try Data(contentsOf: file)

    try TakeNotesEditor.setNotes("Take 3: the good one / \"final\"", in: take)
    try TakeNotesEditor.setTags(["concert", " live ", "", "concert", "2026"], in: take)
    let edited = try Data(contentsOf: file)

    // What the recorder itself writes for a take with this note and these tags.
    var expected = try Self.decode(original)
    expected.notes = "Take 3: the good one / \"final\""
    expected.tags = ["concert", "live", "2026"]
    #expect(edited == (try TakeFactory.encode(expected)))

    try TakeNotesEditor.setNotes("  ", in: take)
    try TakeNotesEditor.setTags([], in: take)
    #expect(try Data(contentsOf: file) == original, "removing both gives back the same bytes")
  }

  @Test("only the note's bytes change in a file laid out differently")
  func foreignLayout() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    let compact = try JSONSerialization.data(
      withJSONObject: try JSONSerialization.jsonObject(with: Data(contentsOf: file)))
    let prefix = Data("{\"zz_extra\":{\"notes\":\"nested, not ours\"},".utf8)
    let original = prefix + compact.dropFirst()
    try original.write(to: file)

    try TakeNotesEditor.setNotes("first", in: take)
    try TakeNotesEditor.setNotes("second, longer note", in: take)
    let edited = try Data(contentsOf: file)
    let member = Data("\"notes\":\"second, longer note\",".utf8)
    let at = try #require(edited.firstRange(of: member))
    var without = edited
    without.removeSubrange(at)
    #expect(without == original, "removing the new member gives back the original bytes")
    let object = try #require(try JSONSerialization.jsonObject(with: edited) as? [String: Any])
    #expect(object["notes"] as? String == "second, longer note")
  }

  @Test("the edit replaces the file atomically and keeps its permissions")
  func atomic() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
    let inodeBefore = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber]
    try TakeNotesEditor.setNotes("x", in: take)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(
      attributes[.systemFileNumber] as? Int != inodeBefore as? Int, "a new file was renamed in")
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: take.path).sorted().count == 4)
  }

  @Test("a corrupt metadata.json is refused and left as it was")
  func corrupt() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    let broken = Data("{\"schema\": \"dualcam.take/1\", \"sta".utf8)
    try broken.write(to: file)
    #expect(throws: DualCamError.self) { try TakeNotesEditor.setNotes("x", in: take) }
    #expect(try Data(contentsOf: file) == broken)
  }

  @Test("rename moves the folder, keeps the files' names, and the take keeps its date")
  func rename() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let renamed = try TakeRenamer.rename(take, to: " Concert 2026 ")
    #expect(renamed.lastPathComponent == "Concert 2026")
    #expect(
      FileManager.default.fileExists(
        atPath: renamed.appendingPathComponent("dualview_2026-11-23_13-02-28.mov").path))
    var index = LibraryIndex(roots: [root.url])
    index.refresh()
    let entry = try #require(index.entries.first)
    #expect(entry.isReadable)
    #expect(entry.name == "Concert 2026")
    #expect(entry.summary?.startedAt != nil)
  }

  @Test(
    "rename refuses names that would break the library",
    arguments: ["", "a/b", ".hidden", "x.partial", String(repeating: "n", count: 256), "taken"])
  func badNames(_ name: String) throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    try FileManager.default.createDirectory(
      at: root.url.appendingPathComponent("taken"), withIntermediateDirectories: false)
    #expect(throws: DualCamError.self) { try TakeRenamer.rename(take, to: name) }
    #expect(FileManager.default.fileExists(atPath: take.path))
  }
}
