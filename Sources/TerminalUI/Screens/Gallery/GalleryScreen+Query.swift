import DualCamCore
import Foundation
import Library

/// The gallery's sort, filters, search and selection.
extension GalleryScreen {
  /// Applies the sort, filters and search to the listed takes, keeps the selection on the
  /// same take where it is still shown, and asks for what the new view needs.
  mutating func applyQuery(_ app: AppState) -> [AppCommand] {
    var effective = query
    if let days = dateRange.days {
      let calendar = Calendar.current
      let startOfToday = calendar.startOfDay(for: listedAt)
      effective.startedFrom = calendar.date(byAdding: .day, value: 1 - days, to: startOfToday)
    }
    let previousIndex = selectedIndex
    let previous = selected?.id
    shown = effective.apply(to: entries)
    if selectedID == nil || !shown.contains(where: { $0.id == selectedID }) {
      selectedID = shown.isEmpty ? nil : shown[min(previousIndex, shown.count - 1)].id
    }
    if selected?.id != previous { detailsScroll = 0 }
    return requestVisibleThumbnails(app)
  }

  mutating func setSearch(_ text: String) {
    query.search = text
  }

  /// Searches for `text` as it is typed.
  mutating func updateSearch(_ text: String, _ app: AppState) -> [AppCommand] {
    setSearch(text)
    return applyQuery(app)
  }

  mutating func move(by offset: Int, _ app: AppState) -> [AppCommand] {
    move(to: selectedIndex + offset, app)
  }

  mutating func move(to index: Int, _ app: AppState) -> [AppCommand] {
    guard !shown.isEmpty else { return [] }
    let previous = selected?.id
    selectedID = shown[min(max(index, 0), shown.count - 1)].id
    // Another take's details start at their top.
    if selectedID != previous { detailsScroll = 0 }
    return requestVisibleThumbnails(app)
  }

  /// Scrolls the details panel by `rows`, no further than its last line at the bottom.
  mutating func scrollDetails(by rows: Int, _ app: AppState) -> [AppCommand] {
    guard let panel = GalleryGeometry(app: app, screen: self).panel else { return [] }
    let maximum = GalleryPanelView.Layout(self, in: panel).maximumScroll
    detailsScroll = min(max(min(detailsScroll, maximum) + rows, 0), maximum)
    return []
  }

  /// Asks for the details of the selected take and the thumbnails of the cards in view that
  /// have none yet.
  mutating func requestVisibleThumbnails(_ app: AppState) -> [AppCommand] {
    var commands: [AppCommand] = []
    if let entry = selected, details?.id != entry.id {
      details = nil
      commands.append(.gallery(.loadDetails(entry)))
    }
    let geometry = GalleryGeometry(app: app, screen: self)
    var wanted = viewMode == .grid ? Array(geometry.visibleRange(of: self)) : []
    wanted.append(selectedIndex)
    let missing = wanted.compactMap { index -> TakeEntry? in
      guard shown.indices.contains(index) else { return nil }
      let entry = shown[index]
      guard thumbnails[entry.id] == nil, entry.isReadable, entry.state == .finished else {
        return nil
      }
      return entry
    }
    var seen = Set<String>()
    let unique = missing.filter { seen.insert($0.id).inserted }
    for entry in unique { thumbnails[entry.id] = .pending }
    if !unique.isEmpty { commands.append(.gallery(.thumbnails(unique))) }
    return commands
  }

  /// The takes an action applies to: the selected ones, else the take under the cursor.
  func targets() -> [TakeEntry] {
    let chosen = shown.filter { marked.contains($0.id) }
    if !chosen.isEmpty { return chosen }
    return selected.map { [$0] } ?? []
  }

  var sortLabel: String {
    let order: String
    switch query.sortKey {
    case .date: order = query.descending ? "newest first" : "oldest first"
    case .duration: order = query.descending ? "longest first" : "shortest first"
    case .size: order = query.descending ? "largest first" : "smallest first"
    case .name: order = query.descending ? "Z to A" : "A to Z"
    }
    return "\(query.sortKey.rawValue), \(order)"
  }

  /// A short description of the filters in force; empty when none.
  var filterLabel: String {
    var parts: [String] = []
    if query.onlyProblems { parts.append("with problems") }
    if dateRange != .any { parts.append(dateRange.label) }
    if let size = query.resolutions.first { parts.append(size.description) }
    if !query.search.isEmpty { parts.append("“\(query.search)”") }
    return parts.joined(separator: ", ")
  }
}

extension GalleryScreen.DateRange {
  /// Days back from the end of the listing day; nil for any date.
  var days: Int? {
    switch self {
    case .any: nil
    case .today: 1
    case .lastWeek: 7
    case .lastMonth: 30
    }
  }
}
