import DualCamCore
import Foundation
import Library
import TestSupport
import Testing

/// The index lists takes with their card facts, and stays current when takes come and go.
@Suite("Library index")
struct LibraryIndexTests {
  @Test("a take's card facts come from its metadata and files")
  func cardFacts() throws {
    let root = try TemporaryFolder()
    var options = TakeFactory.Options()
    options.droppedBySource = 3
    options.repeats = 2
    options.pauses = 1
    options.notes = "first light"
    options.tags = ["rehearsal"]
    options.front = "Logitech C920"
    options.errors = ["at 1.0 s: back camera: signal lost (unplugged)"]
    try TakeFactory.make(in: root.url, options)
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    let entry = try #require(index.entries.first)
    #expect(index.entries.count == 1)
    #expect(entry.name == "2026-11-23_13-02-28")
    #expect(entry.state == .finished)
    #expect(entry.isReadable)
    let summary = try #require(entry.summary)
    #expect(summary.resolution == ImageSize(width: 320, height: 480))
    #expect(summary.durationSeconds == 2)
    #expect(summary.codec == "h264")
    #expect(summary.frontDevice == "Logitech C920")
    #expect(summary.notes == "first light")
    #expect(summary.tags == ["rehearsal"])
    let started = try #require(summary.startedAt).timeIntervalSince1970
    #expect(abs(started - 1_795_438_948.340) < 1e-6)
    #expect(entry.badges == [.drops, .repeats, .lostSignal, .paused])
    let metadataBytes = try Data(
      contentsOf: entry.folder.appendingPathComponent("metadata.json")
    ).count
    #expect(entry.bytesOnDisk == Int64(3 * options.videoBytes + metadataBytes))
  }

  @Test("values of an unexpected type empty only their own fact; escapes are decoded")
  func tolerantReading() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    object["sync"] = "not an object"
    object["pauses"] = 3
    object["notes"] = "a \"quoted\" café\nsecond line"
    object["tags"] = ["ok", 7, "fine"]
    object["future_key"] = ["nested": [1, 2, ["deep": true]]]
    try JSONSerialization.data(withJSONObject: object).write(to: file)
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    let entry = try #require(index.entries.first)
    #expect(entry.isReadable)
    let summary = try #require(entry.summary)
    #expect(summary.durationSeconds == 2, "from the dual view's own duration")
    #expect(summary.frames == 60)
    #expect(summary.frameRate == 0)
    #expect(summary.pauseCount == 0)
    #expect(summary.notes == "a \"quoted\" café\nsecond line")
    #expect(summary.tags == ["ok", "fine"])
    #expect(summary.resolution == ImageSize(width: 320, height: 480))
  }

  @Test("interrupted takes are listed as such and offer recovery")
  func interrupted() throws {
    let root = try TemporaryFolder()
    var options = TakeFactory.Options()
    options.partial = true
    try TakeFactory.make(in: root.url, options)
    try FileManager.default.createDirectory(
      at: root.url.appendingPathComponent("2026-11-23_14-00-00.partial"),
      withIntermediateDirectories: false)
    var index = LibraryIndex(roots: [root.url])
    index.refresh()

    #expect(index.entries.count == 2)
    for entry in index.entries {
      #expect(entry.state == .interrupted)
      #expect(entry.canRecover)
      #expect(entry.badges.contains(.interrupted))
      #expect(!entry.name.hasSuffix(".partial"))
    }
    #expect(index.entries[0].summary != nil)
    #expect(index.entries[1].summary == nil, "killed before its first checkpoint")
  }

  @Test("takes added, renamed and deleted by another process show up on refresh")
  func refreshSeesOtherProcesses() throws {
    let root = try TemporaryFolder()
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 0))
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 1))
    var index = LibraryIndex(roots: [root.url], racyInterval: 0)
    #expect(index.refresh().added.count == 2)

    Thread.sleep(forTimeInterval: 0.05)  // past the file system's clock tick
    let first = root.url.appendingPathComponent("2026-11-23_10-00-00")
    try FileManager.default.moveItem(at: first, to: root.url.appendingPathComponent("Concert"))
    try FileManager.default.removeItem(at: root.url.appendingPathComponent("2026-11-23_10-01-00"))
    try TakeFactory.make(in: root.url, TakeFactory.options(minutes: 2))
    let changes = index.refresh()

    #expect(index.entries.map(\.name) == ["2026-11-23_10-02-00", "Concert"])
    #expect(changes.added.count == 2)
    #expect(changes.removed.count == 2)
    #expect(index.entries.first { $0.name == "Concert" }?.summary?.startedAt != nil)
  }

  @Test("a refresh with nothing changed reads nothing; an edited metadata is read again")
  func refreshReadsOnlyChanges() throws {
    let root = try TemporaryFolder()
    for minute in 0..<5 { try TakeFactory.make(in: root.url, TakeFactory.options(minutes: minute)) }
    var index = LibraryIndex(roots: [root.url], racyInterval: 0)
    index.refresh()
    #expect(index.lastRefreshReadCount == 5)
    #expect(index.refresh().isEmpty)
    #expect(index.lastRefreshReadCount == 0)

    Thread.sleep(forTimeInterval: 0.05)
    var options = TakeFactory.options(minutes: 3)
    options.notes = "written by another process"
    let metadata = try TakeFactory.encode(TakeFactory.metadata(options))
    try metadata.write(
      to: root.url.appendingPathComponent("\(options.name)/metadata.json"), options: .atomic)
    let changes = index.refresh()

    #expect(index.lastRefreshReadCount == 1)
    #expect(changes.updated == [root.url.appendingPathComponent(options.name).path])
    #expect(index.entries[3].summary?.notes == "written by another process")
  }

  @Test("many takes are read in parallel, each exactly once, in order")
  func manyTakes() throws {
    let root = try TemporaryFolder()
    for minute in 0..<150 {
      var options = TakeFactory.options(minutes: minute)
      options.seconds = Double(1 + minute)
      try TakeFactory.make(in: root.url, options)
    }
    var index = LibraryIndex(roots: [root.url])
    index.refresh()
    #expect(index.lastRefreshReadCount == 150)
    #expect(index.entries.count == 150)
    #expect(index.entries.map(\.name) == index.entries.map(\.name).sorted())
    #expect(index.entries.map { $0.summary?.durationSeconds } == (0..<150).map { Double(1 + $0) })
  }

  @Test("a recovery (partial renamed to final) replaces the interrupted entry")
  func recovery() throws {
    let root = try TemporaryFolder()
    var options = TakeFactory.Options()
    options.partial = true
    let partial = try TakeFactory.make(in: root.url, options)
    var index = LibraryIndex(roots: [root.url], racyInterval: 0)
    index.refresh()
    #expect(index.entries.first?.state == .interrupted)

    Thread.sleep(forTimeInterval: 0.05)
    try FileManager.default.moveItem(
      at: partial, to: root.url.appendingPathComponent(options.name))
    index.refresh()
    #expect(index.entries.count == 1)
    #expect(index.entries.first?.state == .finished)
  }

  @Test("several output folders are listed together; a missing one is reported")
  func severalRoots() throws {
    let first = try TemporaryFolder()
    let second = try TemporaryFolder()
    try TakeFactory.make(in: first.url, TakeFactory.options(minutes: 0))
    try TakeFactory.make(in: second.url, TakeFactory.options(minutes: 1))
    let missing = first.url.appendingPathComponent("gone")
    var index = LibraryIndex(roots: [first.url, second.url, missing, first.url])
    index.refresh()
    #expect(index.entries.count == 2)
    #expect(index.roots.count == 3)
    #expect(index.unavailableRoots.map(\.path) == [missing.standardizedFileURL])
    #expect(index.unavailableRoots.first?.reason.contains("No such file") == true)
  }
}
