/// Every action the gallery offers, with its keys: help, hints and the menu come from here.
public enum GalleryAction: String, ScreenAction {
  case up
  case down
  case left
  case right
  case first
  case last
  case pageUp
  case pageDown
  case play
  case toggleMark
  case markAll
  case search
  case cycleSort
  case reverseSort
  case onlyProblems
  case cycleDateRange
  case cycleResolution
  case clearFilters
  case toggleView
  case togglePanel
  case scrollDetailsDown
  case scrollDetailsUp
  case delete
  case deletePermanently
  case toggleDeleteMode
  case rename
  case note
  case tags
  case export
  case openExternally
  case recover
  case openMenu
  case help

  /// The keys that trigger the action.
  public var keys: [Key] {
    switch self {
    case .up: [.up, .character("k")]
    case .down: [.down, .character("j")]
    case .left: [.left, .character("h")]
    case .right: [.right, .character("l")]
    case .first: [.home, .character("g")]
    case .last: [.end, .character("G")]
    case .pageUp: [.pageUp]
    case .pageDown: [.pageDown]
    case .play: [.enter]
    case .toggleMark: [.character(" ")]
    case .markAll: [.character("a")]
    case .search: [.character("/")]
    case .cycleSort: [.character("s")]
    case .reverseSort: [.character("S")]
    case .onlyProblems: [.character("p")]
    case .cycleDateRange: [.character("f")]
    case .cycleResolution: [.character("F")]
    case .clearFilters: [.character("x")]
    case .toggleView: [.character("v")]
    case .togglePanel: [.character("i")]
    case .scrollDetailsDown: [.character("J")]
    case .scrollDetailsUp: [.character("K")]
    case .delete: [.character("d"), .function(8)]
    case .deletePermanently: [.character("D")]
    case .toggleDeleteMode: []
    case .rename: [.character("r"), .function(2)]
    case .note: [.character("n")]
    case .tags: [.character("t")]
    case .export: [.character("e")]
    case .openExternally: [.character("o")]
    case .recover: [.character("R")]
    case .openMenu: [.character("m")]
    case .help: [.character("?"), .function(1)]
    }
  }

  /// What the action does, in a few words.
  public var title: String {
    switch self {
    case .up: "Move up"
    case .down: "Move down"
    case .left: "Move left (grid)"
    case .right: "Move right (grid)"
    case .first: "First take"
    case .last: "Last take"
    case .pageUp: "A page up"
    case .pageDown: "A page down"
    case .play: "Play the take"
    case .toggleMark: "Select / unselect (for delete and export)"
    case .markAll: "Select all shown / none"
    case .search: "Search: name, date, device, note, tag"
    case .cycleSort: "Sort by date, duration, size, name"
    case .reverseSort: "Reverse the order"
    case .onlyProblems: "Only takes with problems (drops, repeats, lost signal)"
    case .cycleDateRange: "Date range: any, today, 7 days, 30 days"
    case .cycleResolution: "Resolution: any, then each one recorded"
    case .clearFilters: "Clear filters and search"
    case .toggleView: "Grid / list"
    case .togglePanel: "Details panel on/off"
    case .scrollDetailsDown: "Scroll the details panel down"
    case .scrollDetailsUp: "Scroll the details panel up"
    case .delete: "Delete (to the Trash unless set to permanent; asks first)"
    case .deletePermanently: "Delete for good (asks first)"
    case .toggleDeleteMode: "Delete mode: Trash / permanent"
    case .rename: "Rename the take"
    case .note: "Edit the note"
    case .tags: "Edit the tags"
    case .export: "Export (copy or remux to MP4) to a folder"
    case .openExternally: "Open in your video player"
    case .recover: "Recover an interrupted take"
    case .openMenu: "Menu"
    case .help: "This help"
    }
  }

  /// The hint line's word for it.
  public var hint: String? {
    switch self {
    case .play: "Play"
    case .search: "Search"
    case .cycleSort: "Sort"
    case .toggleView: "View"
    case .delete: "Delete"
    case .export: "Export"
    case .openMenu: "Menu"
    case .help: "Help"
    default: nil
    }
  }

  /// The action's first key as help and hints write it.
  var keyLabel: String { keys.first?.label ?? "" }

  /// The help screen's groups, in order.
  public static let groups: [(title: String, actions: [GalleryAction])] = [
    ("Move", [.up, .down, .left, .right, .first, .last, .pageUp, .pageDown]),
    (
      "Find",
      [
        .search, .cycleSort, .reverseSort, .onlyProblems, .cycleDateRange, .cycleResolution,
        .clearFilters,
      ]
    ),
    (
      "Take",
      [
        .play, .toggleMark, .markAll, .rename, .note, .tags, .export, .openExternally,
        .recover, .delete, .deletePermanently, .toggleDeleteMode,
      ]
    ),
    (
      "Screen",
      [.toggleView, .togglePanel, .scrollDetailsDown, .scrollDetailsUp, .openMenu, .help]
    ),
  ]
}
