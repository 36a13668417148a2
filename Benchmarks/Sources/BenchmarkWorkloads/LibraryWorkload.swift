public import DualCamCore
public import Foundation
public import Library

/// An output folder of synthetic takes (a real `metadata.json` each, three small files), for
/// timing the recordings library against a plain directory listing of the same folders.
public final class LibraryWorkload {
  /// The folder of takes (removed when the workload goes away).
  public let root: URL
  /// How many takes it holds.
  public let takes: Int
  /// An index kept filled, for re-sorts and refreshes.
  public private(set) var index: LibraryIndex
  /// Where the index is kept between opens (a folder of its own, removed with the workload).
  public let store: LibraryIndexStore

  /// Writes `takes` take folders, one minute apart, of varied length and size.
  public init(takes: Int) throws {
    self.takes = takes
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-bench-library-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let start = Date(timeIntervalSince1970: 1_795_400_000)
    for number in 0..<takes {
      let date = start.addingTimeInterval(Double(number) * 60)
      let name = Self.folderName(date)
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let metadata = Self.metadata(name: name, date: date, seconds: Double(1 + number % 600))
      try encoder.encode(metadata).write(to: folder.appendingPathComponent("metadata.json"))
      for output in ["dualview", "front", "back"] {
        let file = folder.appendingPathComponent("\(output)_\(name).mov")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(1_000 + number * 37 % 100_000))
        try handle.close()
      }
    }
    store = LibraryIndexStore(folder: root.appendingPathExtension("index"))
    index = LibraryIndex(roots: [root], racyInterval: 0)
    index.refresh()
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.removeItem(at: store.folder)
  }

  /// The reference: list the output folder and every take folder in it, and nothing more.
  @discardableResult
  public func plainListing() -> Int {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
    return names.reduce(0) { count, name in
      count + ((try? manager.contentsOfDirectory(atPath: root.path + "/" + name))?.count ?? 0)
    }
  }

  /// What the gallery did on opening before the index was kept between runs: a new index
  /// read from scratch, sorted newest first, the first screen of cards taken.
  @discardableResult
  public func firstScreen() -> Int {
    firstScreen(of: LibraryIndex(roots: [root], racyInterval: 0))
  }

  /// The gallery's (or `dualcam list`'s) first open: no kept index yet, so every take is read,
  /// and the index is kept for the next open.
  @discardableResult
  public func firstScreenCold() -> Int {
    try? FileManager.default.removeItem(at: store.url(for: root))
    return firstScreen(of: LibraryIndex(roots: [root], store: store, racyInterval: 0))
  }

  /// Every later open: the kept index is read and each take's folder and metadata looked at.
  @discardableResult
  public func firstScreenWarm() -> Int {
    if !FileManager.default.fileExists(atPath: store.url(for: root).path) { firstScreenCold() }
    return firstScreen(of: LibraryIndex(roots: [root], store: store, racyInterval: 0))
  }

  private func firstScreen(of index: LibraryIndex) -> Int {
    var index = index
    index.refresh()
    return TakeQuery(sortKey: .date, descending: true).apply(to: index.entries).prefix(60).count
  }

  /// A re-sort of the listed takes (largest first).
  @discardableResult
  public func resort() -> Int {
    TakeQuery(sortKey: .size, descending: true).apply(to: index.entries).count
  }

  /// A search typed into the gallery.
  @discardableResult
  public func search() -> Int {
    TakeQuery(search: "synthetic 12:3").apply(to: index.entries).count
  }

  /// A refresh with nothing changed (what the gallery does every second or so).
  @discardableResult
  public func refreshUnchanged() -> Int {
    index.refresh()
    return index.lastRefreshReadCount
  }

  // MARK: - Synthetic takes

  private static func folderName(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02d_%02d-%02d-%02d", time.year!, time.month!, time.day!, time.hour!,
      time.minute!, time.second!)
  }

  private static func metadata(name: String, date: Date, seconds: Double) -> TakeMetadata {
    let frames = Int64(seconds * 30)
    var counters = CameraSyncCounters()
    counters.framesUsed = Int(frames)
    func source(_ position: String) -> TakeMetadata.SourceRecord {
      TakeMetadata.SourceRecord(
        kind: "synthetic", label: "Synthetic test pattern (\(position))",
        identity: "synthetic:\(position)", width: 1280, height: 720, frameRate: 30,
        nativeFormat: "I420", details: ["seed": "1"], framesDelivered: Int(frames),
        framesDroppedNoBuffer: 0, framesDroppedInbox: 0, sync: counters)
    }
    func output(_ output: String, height: Int) -> TakeMetadata.OutputRecord {
      TakeMetadata.OutputRecord(
        file: "\(output)_\(name).mov", width: 1280, height: height, codec: "h264",
        container: "mov", bitrate: 2_764_800, frames: frames, durationSeconds: seconds,
        bytes: 1_000)
    }
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return TakeMetadata(
      status: .complete, app: .init(name: "dualcam", version: "0.1.0"),
      host: .init(hostname: "bench", operatingSystem: "Debian", processorCount: 2),
      startedAt: iso.string(from: date), endedAt: iso.string(from: date + seconds),
      settings: RecordingSettings(), sources: ["front": source("front"), "back": source("back")],
      outputs: [
        "dualview": output("dualview", height: 1440), "front": output("front", height: 720),
        "back": output("back", height: 720),
      ],
      sync: TakeMetadata.SyncRecord(
        clockOriginNanoseconds: 0, frames: frames, frameRate: 30, frameRateFraction: "30",
        durationSeconds: seconds, wallSeconds: seconds, pausedSeconds: 0,
        skewMeanMilliseconds: 2, skewMaxMilliseconds: 3, repeatedForEncoderLag: 0,
        frontRepeatsWritten: 0, backRepeatsWritten: 0, front: counters, back: counters),
      pauses: [], errors: [])
  }
}
