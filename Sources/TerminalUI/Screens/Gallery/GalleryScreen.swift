import DualCamCore
import Foundation
public import Library

/// The gallery: the takes in the output folder as a grid of cards or a list, sorted, filtered
/// and searched with the library's `TakeQuery`, the selected take's whole metadata in a side
/// panel, and the actions on takes (play, delete, rename, note, tags, export, open, recover).
///
/// The list comes from `GalleryExecutor` (`.gallery(.refresh)` once a second, so takes recorded
/// by another process appear); thumbnails are asked for as cards become visible and show a
/// placeholder until they arrive.
public struct GalleryScreen: AppScreen {
  public typealias Action = GalleryAction

  /// Cards or lines.
  public enum ViewMode: Sendable, Equatable {
    case grid
    case list
  }

  /// The date filter's choices, relative to the time of the last listing.
  public enum DateRange: Int, Sendable, CaseIterable {
    case any, today, lastWeek, lastMonth

    var label: String {
      switch self {
      case .any: "any date"
      case .today: "today"
      case .lastWeek: "last 7 days"
      case .lastMonth: "last 30 days"
      }
    }
  }

  /// Every take listed, as the executor found them.
  public private(set) var entries: [TakeEntry] = []
  /// The takes shown: `entries` through `query`.
  public internal(set) var shown: [TakeEntry] = []
  /// Sort, filters and search.
  public internal(set) var query = TakeQuery(sortKey: .date, descending: true)
  /// The date filter (turned into `query`'s dates at each listing).
  public private(set) var dateRange = DateRange.any
  /// The folder of the selected take.
  public internal(set) var selectedID: String?
  /// Takes selected for a multi-take action, by id.
  public internal(set) var marked: Set<String> = []
  /// Cards or lines.
  public var viewMode = ViewMode.grid
  /// The details panel is shown (where the window is wide enough).
  public var panelVisible = true
  /// `d` deletes for good instead of moving to the Trash.
  public var deletesPermanently = false
  /// True once the first listing arrived.
  public private(set) var loaded = false
  /// Output folders that could not be read.
  public private(set) var problems: [String] = []
  /// The search line while it is being typed.
  public internal(set) var searchInput: LineEditor?
  /// Characters typed before this moment (uptime) went to a text field just cancelled.
  var ignoreTypingUntil = -Double.infinity
  /// The box in front, if any.
  public var dialog: GalleryDialog?
  /// Pictures of the cards, by take id.
  public internal(set) var thumbnails: [String: GalleryThumbnail] = [:]
  /// Rows of the details panel scrolled out of view at the top; back to 0 for each take.
  public internal(set) var detailsScroll = 0
  /// The selected take's whole metadata, once read.
  public internal(set) var details: (id: String, sections: [TakeDetails.Section])?
  /// When the list was last asked for, on the uptime clock.
  private var lastRefresh = -Double.infinity
  /// The wall clock of the last listing, for the date filter.
  var listedAt = Date(timeIntervalSince1970: 0)

  /// An empty gallery; the list arrives after `.gallery(.refresh)`.
  public init() {}

  /// The selected take.
  public var selected: TakeEntry? {
    selectedID.flatMap { id in shown.first { $0.id == id } } ?? shown.first
  }

  /// The selected take's position in `shown`.
  public var selectedIndex: Int {
    guard let id = selected?.id else { return 0 }
    return shown.firstIndex { $0.id == id } ?? 0
  }

  // MARK: - Keys

  public mutating func handleKey(_ key: Key, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]?
  {
    if let dialog { return handleDialogKey(key, dialog, app: &app) }
    if searchInput != nil { return handleSearchKey(key, app: &app) }
    if isTypingAfterCancel(key, app: app) { return [] }
    if key == .escape, !marked.isEmpty || !query.search.isEmpty {
      marked.removeAll()
      return updateSearch("", app)
    }
    guard let action = GalleryAction.bound(to: key) else { return nil }
    return perform(action, app: &app, environment: environment)
  }

  public mutating func perform(
    _ action: GalleryAction, app: inout AppState, environment: AppEnvironment
  ) -> [AppCommand] {
    let geometry = GalleryGeometry(app: app, screen: self)
    switch action {
    case .up: return move(by: -geometry.columns, app)
    case .down: return move(by: geometry.columns, app)
    case .left: return move(by: -1, app)
    case .right: return move(by: 1, app)
    case .first: return move(to: 0, app)
    case .last: return move(to: shown.count - 1, app)
    case .pageUp: return move(by: -geometry.pageSize, app)
    case .pageDown: return move(by: geometry.pageSize, app)
    case .play:
      guard let entry = usableSelection(app: &app, for: "play") else { return [] }
      return [.playTake(entry.folder)]
    case .toggleMark:
      guard let id = selected?.id else { return [] }
      if marked.remove(id) == nil { marked.insert(id) }
      return move(by: 1, app)
    case .markAll:
      marked = marked.isEmpty ? Set(shown.map(\.id)) : []
      return []
    case .search:
      searchInput = LineEditor(query.search)
      return []
    case .cycleSort:
      query.sortKey = TakeQuery.SortKey.allCases.cycled(from: query.sortKey, by: 1)
      query.descending = query.sortKey != .name
      AppUpdate.toast(&app, "Sorted by \(sortLabel)")
      return applyQuery(app)
    case .reverseSort:
      query.descending.toggle()
      AppUpdate.toast(&app, "Sorted by \(sortLabel)")
      return applyQuery(app)
    case .onlyProblems:
      query.onlyProblems.toggle()
      return applyQuery(app)
    case .cycleDateRange:
      dateRange = DateRange.allCases.cycled(from: dateRange, by: 1)
      return applyQuery(app)
    case .cycleResolution:
      let sizes = Set(entries.compactMap { $0.summary?.resolution }).sorted {
        ($0.width, $0.height) < ($1.width, $1.height)
      }
      let choices: [ImageSize?] = [nil] + sizes
      let current = query.resolutions.first
      let index = choices.firstIndex { $0 == current } ?? 0
      let next = choices[(index + 1) % choices.count]
      query.resolutions = next.map { [$0] } ?? []
      return applyQuery(app)
    case .clearFilters:
      query.onlyProblems = false
      query.resolutions = []
      query.search = ""
      dateRange = .any
      return applyQuery(app)
    case .toggleView:
      viewMode = viewMode == .grid ? .list : .grid
      return requestVisibleThumbnails(app)
    case .togglePanel:
      panelVisible.toggle()
      return requestVisibleThumbnails(app)
    case .scrollDetailsDown: return scrollDetails(by: 1, app)
    case .scrollDetailsUp: return scrollDetails(by: -1, app)
    case .delete: return askToDelete(permanently: deletesPermanently, app: &app)
    case .deletePermanently: return askToDelete(permanently: true, app: &app)
    case .toggleDeleteMode:
      deletesPermanently.toggle()
      AppUpdate.toast(
        &app, deletesPermanently ? "d now deletes for good" : "d now moves takes to the Trash")
      return []
    case .rename:
      guard let entry = editableSelection(app: &app) else { return [] }
      dialog = .input(GalleryInput(purpose: .rename(entry.folder), text: entry.name))
      return []
    case .note:
      guard let entry = editableSelection(app: &app) else { return [] }
      dialog = .input(
        GalleryInput(purpose: .note(entry.folder), text: entry.summary?.notes ?? ""))
      return []
    case .tags:
      guard let entry = editableSelection(app: &app) else { return [] }
      dialog = .input(
        GalleryInput(
          purpose: .tags(entry.folder),
          text: entry.summary?.tags.joined(separator: ", ") ?? ""))
      return []
    case .export:
      let targets = targets()
      guard !targets.isEmpty else { return nothingSelected(&app) }
      if let bad = targets.first(where: { !$0.isReadable || $0.state != .finished }) {
        AppUpdate.toast(
          &app, "\(bad.name) cannot be exported: \(bad.unreadableReason ?? "not finished")",
          problem: true)
        return []
      }
      dialog = .input(
        GalleryInput(
          purpose: .export(targets.map(\.folder)), text: "~/Videos/DualCam-export",
          container: "mp4"))
      return []
    case .openExternally:
      guard let entry = usableSelection(app: &app, for: "open") else { return [] }
      return [.gallery(.openExternally(entry.folder))]
    case .recover:
      guard let entry = selected else { return nothingSelected(&app) }
      guard entry.canRecover else {
        AppUpdate.toast(&app, "\(entry.name) was not interrupted: nothing to recover")
        return []
      }
      dialog = .confirm(
        title: "Recover this take?",
        message: "Rewrites \(entry.name)'s files up to their last complete second and cuts "
          + "them to the frames all three have; then it is a finished take.",
        confirmLabel: "Recover", request: .recover(entry.folder))
      return []
    case .openMenu:
      app.overlays.append(.menu(MenuNavigation()))
      return []
    case .help:
      app.overlays.append(.help(scroll: 0))
      return []
    }
  }

  // MARK: - Events

  public mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand] {
    switch event {
    case .tick(let uptime, _, _):
      guard uptime - lastRefresh >= 1 else { return [] }
      lastRefresh = uptime
      return [.gallery(loaded ? .refresh : .list)]
    case .resize:
      return requestVisibleThumbnails(app)
    case .gallery(let result):
      return receive(result, app: &app)
    default:
      return []
    }
  }

  private mutating func receive(_ result: GalleryResult, app: inout AppState) -> [AppCommand] {
    switch result {
    case .listed(let listed, let problems, let now):
      let old = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for entry in listed where old[entry.id] != nil && old[entry.id] != entry {
        // A take that changed (recovered, re-encoded, a note) gets a new picture and panel.
        thumbnails[entry.id] = nil
        if details?.id == entry.id { details = nil }
      }
      let present = Set(listed.map(\.id))
      thumbnails = thumbnails.filter { present.contains($0.key) }
      marked.formIntersection(present)
      entries = listed
      self.problems = problems
      listedAt = now
      loaded = true
      return applyQuery(app)
    case .details(let id, let sections):
      details = (id, sections)
      return []
    case .thumbnail(let id, let picture):
      thumbnails[id] = picture
      return []
    case .done(let message):
      AppUpdate.toast(&app, message)
      marked.removeAll()
      return [.gallery(.refresh)]
    case .exportProgress(let progress):
      dialog = .exporting(progress)
      return []
    case .exportEnded(let message, let problem):
      if case .exporting = dialog { dialog = nil }
      AppUpdate.toast(&app, message, problem: problem)
      marked.removeAll()
      return []
    }
  }
}
