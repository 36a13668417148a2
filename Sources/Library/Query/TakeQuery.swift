public import DualCamCore
public import Foundation

/// How the gallery and `dualcam list` order and narrow the takes: a value, applied by a pure
/// function, so the same query gives the same list on the screen and in a script.
public struct TakeQuery: Sendable, Equatable {
  /// What to sort by.
  public enum SortKey: String, Sendable, CaseIterable {
    /// Start time (from the metadata, else from a timestamp folder name).
    case date
    /// Length of the files.
    case duration
    /// Bytes on disk.
    case size
    /// Folder name.
    case name
  }

  /// The sort key; ties are broken by name.
  public var sortKey: SortKey = .date
  /// Largest (newest, longest) first. Takes that lack the key's value come last either way.
  public var descending = false
  /// Only takes whose dual view or camera size is one of these (empty: any).
  public var resolutions: Set<ImageSize> = []
  /// Only takes started at or after this.
  public var startedFrom: Date?
  /// Only takes started before this.
  public var startedBefore: Date?
  /// Only takes with drops, repeats or a lost signal.
  public var onlyProblems = false
  /// Words that must all appear in the name, date, device names, notes or tags (case and
  /// accents ignored).
  public var search = ""

  public init(
    sortKey: SortKey = .date, descending: Bool = false, resolutions: Set<ImageSize> = [],
    startedFrom: Date? = nil, startedBefore: Date? = nil, onlyProblems: Bool = false,
    search: String = ""
  ) {
    self.sortKey = sortKey
    self.descending = descending
    self.resolutions = resolutions
    self.startedFrom = startedFrom
    self.startedBefore = startedBefore
    self.onlyProblems = onlyProblems
    self.search = search
  }

  /// `entries` narrowed by the filters and the search, in order.
  public func apply(to entries: [TakeEntry]) -> [TakeEntry] {
    let words = searchWords
    return sorted(entries.filter { matches($0, words: words) })
  }

  /// True when `entry` passes the filters and the search.
  public func matches(_ entry: TakeEntry) -> Bool {
    matches(entry, words: searchWords)
  }

  /// The search, folded and split into words once per query, not once per take.
  private var searchWords: [String] {
    TakeSearchText.fold(search).split(whereSeparator: \.isWhitespace).map(String.init)
  }

  private func matches(_ entry: TakeEntry, words: [String]) -> Bool {
    if !resolutions.isEmpty {
      let sizes = [entry.summary?.resolution, entry.summary?.cameraResolution].compactMap { $0 }
      guard sizes.contains(where: resolutions.contains) else { return false }
    }
    if startedFrom != nil || startedBefore != nil {
      guard let date = entry.date else { return false }
      if let startedFrom, date < startedFrom { return false }
      if let startedBefore, date >= startedBefore { return false }
    }
    if onlyProblems, entry.badges.isDisjoint(with: .problems) { return false }
    if !words.isEmpty {
      guard words.allSatisfy({ entry.searchText.contains($0) }) else { return false }
    }
    return true
  }

  /// `entries` in this query's order.
  public func sorted(_ entries: [TakeEntry]) -> [TakeEntry] {
    // Keys computed once and indices sorted: entries are large values, costly to move around.
    let keys = entries.map(key)
    let order = entries.indices.sorted { first, second in
      switch (keys[first], keys[second]) {
      case (let a?, let b?) where a != b: return descending ? a > b : a < b
      case (.some, nil): return true
      case (nil, .some): return false
      default:
        let byName = Self.nameOrder(entries[first], entries[second])
        // Sorted by name, the name is the key, so it follows the direction; for the other
        // keys it only breaks ties, always A to Z.
        return sortKey == .name && descending ? byName == .after : byName == .before
      }
    }
    return order.map { entries[$0] }
  }

  /// The value sorted by, as a number; nil when the take lacks it, and for names, which
  /// `nameOrder` compares.
  private func key(_ entry: TakeEntry) -> Double? {
    switch sortKey {
    case .date: entry.date?.timeIntervalSince1970
    case .duration: entry.summary?.durationSeconds
    case .size: Double(entry.bytesOnDisk)
    case .name: nil
    }
  }

  /// Where `first` goes against `second` from A to Z: by name, then by folder path (two roots
  /// may hold takes of the same name).
  private static func nameOrder(_ first: TakeEntry, _ second: TakeEntry) -> NameOrder {
    let pair =
      first.name != second.name
      ? (first.name, second.name) : (first.folder.path, second.folder.path)
    if pair.0 == pair.1 { return .same }
    return pair.0 < pair.1 ? .before : .after
  }

  private enum NameOrder { case before, same, after }
}
