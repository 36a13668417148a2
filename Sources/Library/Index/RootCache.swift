import Foundation

/// What one output folder held at the last look: its listing and every item read from it, each
/// with the statuses it was read from. `LibraryIndexStore` keeps it between runs.
struct RootCache: Sendable, Equatable {
  /// One item, with what tells whether it is still what was read.
  struct CachedItem: Sendable, Equatable {
    var item: TakeReader.Item
    var fingerprint: TakeReader.Fingerprint
    /// False when a status was within the racy interval of the look: read it again next time.
    var trusted: Bool
  }

  var rootStatus: FileStatus?
  var rootTrusted = false
  var racyNanoseconds: Int64 = 0
  /// Items read by the last `refresh`.
  var reads = 0
  /// The last refresh changed what a store would keep (the listing or a finished take).
  var changedSinceStored = false
  var names: [String] = []
  var items: [String: CachedItem] = [:]

  /// Updates the cache; returns why the folder cannot be read, if it cannot.
  mutating func refresh(root: URL, scanTime: Int64) -> String? {
    reads = 0
    let status: FileStatus
    switch FileStatus.following(root.path) {
    case .failure(let error):
      self = RootCache()
      return "cannot open the output folder: \(error)"
    case .success(let found) where found.kind != .directory:
      self = RootCache()
      return "the output path is not a folder"
    case .success(let found): status = found
    }
    if status != rootStatus || !rootTrusted {
      let listed: [String]
      do {
        listed = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
      } catch {
        self = RootCache()
        return "cannot list the output folder: \(SystemError(code: errno))"
      }
      let trusted = isSettled(status, at: scanTime)
      if listed != names || status != rootStatus || trusted != rootTrusted {
        changedSinceStored = true
      }
      names = listed
      rootStatus = status
      rootTrusted = trusted
    }
    let present = Set(names)
    let kept = items.filter { present.contains($0.key) }
    if kept.count != items.count { changedSinceStored = true }
    items = kept
    var stale: [(name: String, fingerprint: TakeReader.Fingerprint)] = []
    for name in names {
      let fingerprint = TakeReader.Fingerprint.of(root.path + "/" + name)
      if let cached = items[name], cached.trusted, cached.fingerprint == fingerprint,
        !Self.isGrowing(cached.item)
      {
        continue
      }
      stale.append((name, fingerprint))
    }
    let read = ParallelReader.read(stale.map(\.name), in: root)
    for ((name, fingerprint), item) in zip(stale, read) {
      let trusted = [fingerprint.folder, fingerprint.metadata].allSatisfy { status in
        status.map { isSettled($0, at: scanTime) } ?? true
      }
      let fresh = CachedItem(item: item, fingerprint: fingerprint, trusted: trusted)
      // A growing take is never stored (it is read again on every look anyway), so only a
      // change to another item is a change to what the store holds.
      if items[name] != fresh, !Self.isGrowing(item) { changedSinceStored = true }
      items[name] = fresh
    }
    reads = stale.count
    return nil
  }

  /// True when the status is old enough that a change in the same clock tick is ruled out.
  func isSettled(_ status: FileStatus, at scanTime: Int64) -> Bool {
    scanTime - status.modified > racyNanoseconds && scanTime - status.changed > racyNanoseconds
  }

  /// A `.partial` take changes without touching its folder (its videos grow, its lock is
  /// released), so it is always looked at again.
  static func isGrowing(_ item: TakeReader.Item) -> Bool {
    if case .take(let entry) = item { return entry.state != .finished }
    return false
  }
}
