public import Foundation

/// The takes in one or more output folders, kept current by `refresh()`.
///
/// The first `refresh()` reads every take; later ones look again only at what changed, also
/// when another process (`dualcam record` in another terminal, a file manager) did it: a new,
/// renamed or deleted take changes its output folder's modification time, a rewritten
/// `metadata.json` (a note, a recovery, a checkpoint) changes the take folder's and the file's.
/// A status seen within the racy interval of its own modification time is not trusted (a change in
/// the same clock tick would leave it as it was), so such items are read again next time.
///
/// With a `LibraryIndexStore`, the first `refresh()` starts from what the last run kept (any
/// process's) and reads only what changed since; each `refresh()` that changes what is kept
/// saves it.
public struct LibraryIndex: Sendable {
  /// The output folders, in the order given.
  public let roots: [URL]
  /// Every take found, output folder by output folder, by folder name within each.
  public private(set) var entries: [TakeEntry] = []
  /// What was found but passed over, with the reason.
  public private(set) var skipped: [SkippedItem] = []
  /// Output folders that could not be read, with the reason.
  public private(set) var unavailableRoots: [SkippedItem] = []

  /// Items the last `refresh()` read (as opposed to kept because nothing changed).
  public private(set) var lastRefreshReadCount = 0

  /// How close to its modification time a status is not trusted by default: file systems
  /// stamp times from a coarse clock, and FAT's tick is 2 s.
  public static let defaultRacyInterval: TimeInterval = 2

  /// Where what was read is kept between runs; nil to read everything afresh each run.
  public let store: LibraryIndexStore?

  private var rootCaches: [String: RootCache] = [:]
  private let now: @Sendable () -> Date
  private let racyNanoseconds: Int64

  /// An index of `roots` (read by the first `refresh()`, from `store` where it can be); `now`
  /// is the wall clock.
  public init(
    roots: [URL], store: LibraryIndexStore? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    racyInterval: TimeInterval = LibraryIndex.defaultRacyInterval
  ) {
    var seen = Set<String>()
    self.roots = roots.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    self.store = store
    self.now = now
    racyNanoseconds = Int64(racyInterval * 1e9)
  }

  /// The entry with `id` (its folder's path).
  public func entry(id: String) -> TakeEntry? { entries.first { $0.id == id } }

  /// Brings the index up to date; returns what changed since the last call.
  @discardableResult
  public mutating func refresh() -> LibraryChanges {
    let before = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let scanTime = Int64(now().timeIntervalSince1970 * 1e9)
    var newEntries: [TakeEntry] = []
    var newSkipped: [SkippedItem] = []
    var unavailable: [SkippedItem] = []
    lastRefreshReadCount = 0
    for root in roots {
      var cache = rootCaches[root.path] ?? store?.load(root: root) ?? RootCache()
      cache.racyNanoseconds = racyNanoseconds
      if let problem = cache.refresh(root: root, scanTime: scanTime) {
        unavailable.append(SkippedItem(path: root, reason: problem))
      } else if cache.changedSinceStored, let store {
        store.save(cache, root: root)
        cache.changedSinceStored = false
      }
      lastRefreshReadCount += cache.reads
      rootCaches[root.path] = cache
      for name in cache.names {
        switch cache.items[name]?.item {
        case .take(let entry): newEntries.append(entry)
        case .skipped(let item): newSkipped.append(item)
        case .hidden, nil: break
        }
      }
    }
    entries = newEntries
    skipped = newSkipped
    unavailableRoots = unavailable

    var changes = LibraryChanges()
    for entry in newEntries {
      if let old = before[entry.id] {
        if old != entry { changes.updated.append(entry.id) }
      } else {
        changes.added.append(entry.id)
      }
    }
    let now = Set(newEntries.map(\.id))
    changes.removed = before.keys.filter { !now.contains($0) }.sorted()
    return changes
  }

  /// Reads the take in `folder` again now (after an edit made through this process), whatever
  /// its modification times say.
  public mutating func invalidate(_ folder: URL) {
    let root = folder.deletingLastPathComponent().standardizedFileURL.path
    rootCaches[root]?.items[folder.lastPathComponent] = nil
    rootCaches[root]?.rootStatus = nil
  }
}

/// What one `refresh()` found changed, by entry id.
public struct LibraryChanges: Sendable, Equatable {
  /// Takes that appeared.
  public var added: [String] = []
  /// Takes that are gone (deleted, renamed away, or their folder no longer readable).
  public var removed: [String] = []
  /// Takes whose facts changed.
  public var updated: [String] = []
  /// True when nothing changed.
  public var isEmpty: Bool { added.isEmpty && removed.isEmpty && updated.isEmpty }

  public init() {}
}

// MARK: - Reading many takes at once

/// Reads takes on every core: a first listing of thousands of takes is mostly waiting on
/// `open`/`read` and decoding JSON, which spreads well.
enum ParallelReader {
  /// Below this, threads cost more than they save.
  static let serialLimit = 64

  static func read(_ names: [String], in root: URL) -> [TakeReader.Item] {
    guard names.count > serialLimit else {
      return names.map { TakeReader.read(name: $0, in: root) }
    }
    let slots = UnsafeMutableBufferPointer<TakeReader.Item>.allocate(capacity: names.count)
    slots.initialize(repeating: .hidden)
    defer { slots.deallocate() }
    let shared = Slots(buffer: slots)
    let chunks = min(names.count, ProcessInfo.processInfo.activeProcessorCount * 4)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      for index in stride(from: chunk, to: names.count, by: chunks) {
        shared.buffer[index] = TakeReader.read(name: names[index], in: root)
      }
    }
    let items = Array(slots)
    _ = slots.deinitialize()
    return items
  }

  /// The result slots, shared by the workers. Safe to send: each index is written by exactly
  /// one iteration, and the buffer is read only after `concurrentPerform` has returned.
  struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<TakeReader.Item>
  }
}
