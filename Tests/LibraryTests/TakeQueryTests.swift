import DualCamCore
import Foundation
import Library
import Testing

/// Sorting, filtering and searching are pure functions of the entries and the query.
@Suite("Library: sort, filter, search")
struct TakeQueryTests {
  /// Four takes that differ in every key: date, length, size, resolution, problems, words.
  static func entries() -> [TakeEntry] {
    func entry(
      _ name: String, minutes: Double, seconds: Double, bytes: Int64, width: Int,
      dropped: Int64 = 0, repeated: Int64 = 0, missing: Int64 = 0, pauses: Int = 0,
      notes: String? = nil, tags: [String] = [], front: String = "Logitech C920"
    ) -> TakeEntry {
      let summary = TakeSummary(
        startedAt: Date(timeIntervalSince1970: 1_795_400_000 + minutes * 60),
        durationSeconds: seconds, resolution: ImageSize(width: width, height: width * 9 / 8),
        cameraResolution: ImageSize(width: width, height: width * 9 / 16), droppedFrames: dropped,
        repeatedFrames: repeated, missingSlots: missing, pauseCount: pauses, notes: notes,
        tags: tags, frontDevice: front, backDevice: "Razer Kiyo")
      let folder = URL(fileURLWithPath: "/videos/\(name)")
      return TakeEntry(
        folder: folder, root: URL(fileURLWithPath: "/videos"), name: name, state: .finished,
        summary: summary, unreadableReason: nil, bytesOnDisk: bytes)
    }
    return [
      entry("b-concert", minutes: 30, seconds: 600, bytes: 4_000, width: 1280, dropped: 2),
      entry("a-rehearsal", minutes: 10, seconds: 60, bytes: 9_000, width: 640, notes: "Café"),
      entry("d-interview", minutes: 20, seconds: 300, bytes: 1_000, width: 1280, pauses: 1),
      entry(
        "c-lecture", minutes: 40, seconds: 5, bytes: 2_000, width: 1920, missing: 3,
        tags: ["physics"], front: "Sony A7"),
    ]
  }

  @Test(
    "each key sorts both ways",
    arguments: [
      (TakeQuery.SortKey.date, ["a-rehearsal", "d-interview", "b-concert", "c-lecture"]),
      (.duration, ["c-lecture", "a-rehearsal", "d-interview", "b-concert"]),
      (.size, ["d-interview", "c-lecture", "b-concert", "a-rehearsal"]),
      (.name, ["a-rehearsal", "b-concert", "c-lecture", "d-interview"]),
    ])
  func sort(_ key: TakeQuery.SortKey, _ ascending: [String]) {
    let up = TakeQuery(sortKey: key).apply(to: Self.entries()).map(\.name)
    #expect(up == ascending)
    let down = TakeQuery(sortKey: key, descending: true).apply(to: Self.entries()).map(\.name)
    #expect(down == Array(ascending.reversed()))
  }

  @Test("names break ties from A to Z whichever way the key sorts")
  func tiesByName() {
    let entries = Self.entries().map { entry in
      TakeEntry(
        folder: entry.folder, root: entry.root, name: entry.name, state: entry.state,
        summary: entry.summary, unreadableReason: nil, bytesOnDisk: 1_000)
    }
    for descending in [false, true] {
      let names = TakeQuery(sortKey: .size, descending: descending).apply(to: entries)
        .map(\.name)
      #expect(names == ["a-rehearsal", "b-concert", "c-lecture", "d-interview"])
    }
  }

  @Test("takes of the same name in two folders keep their folders' order, reversed with Z to A")
  func sameNameInTwoRoots() {
    let entries = ["/b", "/a"].map { root in
      TakeEntry(
        folder: URL(fileURLWithPath: "\(root)/take"), root: URL(fileURLWithPath: root),
        name: "take", state: .finished, summary: nil, unreadableReason: nil, bytesOnDisk: 0)
    }
    let up = TakeQuery(sortKey: .name).apply(to: entries).map(\.folder.path)
    #expect(up == ["/a/take", "/b/take"])
    let down = TakeQuery(sortKey: .name, descending: true).apply(to: entries).map(\.folder.path)
    #expect(down == ["/b/take", "/a/take"])
  }

  @Test("takes without metadata sort last in both directions")
  func missingValuesLast() {
    var entries = Self.entries()
    entries.append(
      TakeEntry(
        folder: URL(fileURLWithPath: "/videos/broken"), root: URL(fileURLWithPath: "/videos"),
        name: "broken", state: .finished, summary: nil, unreadableReason: "metadata.json is empty",
        bytesOnDisk: 0))
    for descending in [false, true] {
      let names = TakeQuery(sortKey: .duration, descending: descending).apply(to: entries)
        .map(\.name)
      #expect(names.last == "broken")
    }
  }

  @Test("filters by resolution, date range and problems")
  func filters() {
    let entries = Self.entries()
    let hd = TakeQuery(sortKey: .name, resolutions: [ImageSize(width: 1280, height: 720)])
    #expect(hd.apply(to: entries).map(\.name) == ["b-concert", "d-interview"])
    let dualView = TakeQuery(sortKey: .name, resolutions: [ImageSize(width: 640, height: 720)])
    #expect(dualView.apply(to: entries).map(\.name) == ["a-rehearsal"])

    let from = Date(timeIntervalSince1970: 1_795_400_000 + 20 * 60)
    let before = Date(timeIntervalSince1970: 1_795_400_000 + 40 * 60)
    let range = TakeQuery(startedFrom: from, startedBefore: before)
    #expect(range.apply(to: entries).map(\.name) == ["d-interview", "b-concert"])

    let problems = TakeQuery(sortKey: .name, onlyProblems: true)
    #expect(problems.apply(to: entries).map(\.name) == ["b-concert", "c-lecture"])
  }

  @Test(
    "search finds names, devices, notes and tags, ignoring case and accents",
    arguments: [
      ("concert", ["b-concert"]),
      ("SONY", ["c-lecture"]),
      ("cafe", ["a-rehearsal"]),
      ("physics sony", ["c-lecture"]),
      ("physics logitech", []),
      ("kiyo", ["a-rehearsal", "b-concert", "c-lecture", "d-interview"]),
      ("  ", ["a-rehearsal", "b-concert", "c-lecture", "d-interview"]),
    ])
  func search(_ text: String, _ names: [String]) {
    let query = TakeQuery(sortKey: .name, search: text)
    #expect(query.apply(to: Self.entries()).map(\.name) == names)
  }

  @Test("search finds a take by its local date and time")
  func searchByDate() throws {
    let entries = Self.entries()
    let date = try #require(entries[2].date)
    let time = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let text = String(format: "%02d:%02d", time.hour!, time.minute!)
    let day = String(format: "%04d-%02d-%02d", time.year!, time.month!, time.day!)
    let found = TakeQuery(search: "\(day) \(text)").apply(to: entries)
    #expect(found.map(\.name) == ["d-interview"])
  }
}
