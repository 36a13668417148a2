import DualCamCore
import Foundation
import Library
import TestSupport
import Testing

/// The index kept between runs: a warm open reads no take, lists exactly what a cold one does,
/// and anything another process changed in the meantime is read again.
@Suite("Library index store")
struct LibraryIndexStoreTests {
  /// A library of varied takes: rich facts, a partial, an unreadable one, a stray folder.
  static func library(in root: URL) throws {
    var rich = TakeFactory.options(minutes: 0)
    rich.droppedBySource = 3
    rich.repeats = 2
    rich.pauses = 1
    rich.notes = "first light, \"quoted\"\nsecond line"
    rich.tags = ["rehearsal", "café"]
    rich.front = "Logitech C920"
    rich.errors = ["at 1.0 s: back camera: signal lost (unplugged)"]
    try TakeFactory.make(in: root, rich)
    for minute in 1..<4 { try TakeFactory.make(in: root, TakeFactory.options(minutes: minute)) }
    var partial = TakeFactory.options(minutes: 5)
    partial.partial = true
    try TakeFactory.make(in: root, partial)
    let broken = try TakeFactory.make(in: root, TakeFactory.options(minutes: 6))
    try Data("{\"schema\": ".utf8).write(to: broken.appendingPathComponent("metadata.json"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("holiday photos"), withIntermediateDirectories: false)
  }

  @Test("a warm open reads only what keeps growing and lists what a cold open lists")
  func warmOpenMatchesColdOpen() throws {
    let root = try TemporaryFolder()
    let cache = try TemporaryFolder()
    try Self.library(in: root.url)
    let store = LibraryIndexStore(
      environment: LibraryEnvironment(
        variables: ["HOME": cache.url.path, "XDG_CACHE_HOME": cache.url.path], userID: 1000))
    #expect(store.folder.path == cache.url.path + "/dualcam/library")

    var cold = LibraryIndex(roots: [root.url], store: store, racyInterval: 0)
    cold.refresh()
    #expect(cold.lastRefreshReadCount == 7)
    #expect(FileManager.default.fileExists(atPath: store.url(for: root.url).path))

    var warm = LibraryIndex(roots: [root.url], store: store, racyInterval: 0)
    warm.refresh()
    #expect(warm.lastRefreshReadCount == 1, "only the partial take is read again")
    #expect(warm.entries == cold.entries)
    #expect(warm.skipped == cold.skipped)
    #expect(warm.entries.count == 6)
    let rich = try #require(warm.entries.first?.summary)
    #expect(rich.notes == "first light, \"quoted\"\nsecond line")
    #expect(rich.tags == ["rehearsal", "café"])
    #expect(TakeQuery(search: "café").apply(to: warm.entries).count == 1)
  }

  @Test("takes added, recovered, renamed, edited or deleted by another process are read again")
  func otherProcessesChanges() throws {
    let root = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let store = LibraryIndexStore(folder: cache.url)
    try Self.library(in: root.url)
    var first = LibraryIndex(roots: [root.url], store: store, racyInterval: 0)
    first.refresh()

    Thread.sleep(forTimeInterval: 0.05)  // past the file system's clock tick
    let url = root.url
    try TakeFactory.make(in: url, TakeFactory.options(minutes: 10))
    try FileManager.default.moveItem(
      at: url.appendingPathComponent("2026-11-23_10-01-00"),
      to: url.appendingPathComponent("Concert"))
    try FileManager.default.removeItem(at: url.appendingPathComponent("2026-11-23_10-02-00"))
    var edited = TakeFactory.options(minutes: 3)
    edited.notes = "written by another process"
    try TakeFactory.make(in: url, edited)
    // A recovery renames the finished take without `.partial`.
    try FileManager.default.moveItem(
      at: url.appendingPathComponent("2026-11-23_10-05-00.partial"),
      to: url.appendingPathComponent("2026-11-23_10-05-00"))

    var second = LibraryIndex(roots: [url], store: store, racyInterval: 0)
    second.refresh()
    var fresh = LibraryIndex(roots: [url], racyInterval: 0)
    fresh.refresh()
    #expect(second.entries == fresh.entries)
    #expect(
      second.entries.map(\.name) == [
        "2026-11-23_10-00-00", "2026-11-23_10-03-00", "2026-11-23_10-05-00",
        "2026-11-23_10-06-00", "2026-11-23_10-10-00", "Concert",
      ])
    #expect(second.lastRefreshReadCount == 4, "the new, renamed, edited and recovered takes")
    #expect(second.entries[1].summary?.notes == "written by another process")
    #expect(second.entries[2].state == .finished)

    // What the second run saw is kept: a third run reads nothing.
    var third = LibraryIndex(roots: [url], store: store, racyInterval: 0)
    third.refresh()
    #expect(third.lastRefreshReadCount == 0)
    #expect(third.entries == fresh.entries)
  }

  @Test("a take changed within the racy interval of the last look is read again")
  func racyTakesAreNotTrusted() throws {
    let root = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let store = LibraryIndexStore(folder: cache.url)
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    var first = LibraryIndex(roots: [root.url], store: store)
    first.refresh()
    var second = LibraryIndex(roots: [root.url], store: store)
    second.refresh()
    #expect(second.lastRefreshReadCount == 1, "written just now: the same tick could hide a change")
  }

  @Test("a damaged, truncated or foreign store file is ignored and replaced")
  func damagedStoreFiles() throws {
    let root = try TemporaryFolder()
    let other = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let store = LibraryIndexStore(folder: cache.url)
    try Self.library(in: root.url)
    var expected = LibraryIndex(roots: [root.url], store: store, racyInterval: 0)
    expected.refresh()
    let file = store.url(for: root.url)
    let good = try Data(contentsOf: file)

    var damaged = good
    damaged[damaged.count / 2] ^= 0xFF
    let otherFolders = try Data(
      contentsOf: {
        var index = LibraryIndex(roots: [other.url], store: store, racyInterval: 0)
        index.refresh()
        return store.url(for: other.url)
      }())
    for bytes in [
      good.prefix(good.count - 9), damaged, Data("not an index".utf8), Data(), otherFolders,
      good + Data([0]),
    ] {
      try bytes.write(to: file)
      var index = LibraryIndex(roots: [root.url], store: store, racyInterval: 0)
      index.refresh()
      #expect(index.entries == expected.entries)
      #expect(index.skipped == expected.skipped)
    }
    #expect(try Data(contentsOf: file) == good, "written again in full")
  }

  @Test("a store that cannot be written costs only speed")
  func unwritableStore() throws {
    let root = try TemporaryFolder()
    let cache = try TemporaryFolder()
    let blocked = cache.url.appendingPathComponent("a file")
    try Data().write(to: blocked)
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    var index = LibraryIndex(
      roots: [root.url], store: LibraryIndexStore(folder: blocked), racyInterval: 0)
    index.refresh()
    #expect(index.entries.count == 1)
    #expect(index.refresh().isEmpty)
  }
}
