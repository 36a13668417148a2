/// The gallery's drawing, hints and menu.
extension GalleryScreen {
  public func draw(
    _ app: AppState, layout: ScreenLayout, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    GalleryView.draw(app, screen: self, layout: layout, into: &buffer, glyphs: glyphs)
  }

  public func hints(_ app: AppState) -> [KeyHint] {
    if case .exporting = dialog { return [KeyHint(key: "Esc", title: "Cancel the export")] }
    if dialog != nil || searchInput != nil {
      return [KeyHint(key: "Enter", title: "OK"), KeyHint(key: "Esc", title: "Cancel")]
    }
    var hints = [
      KeyHint(GalleryAction.play, "Play"), KeyHint(key: "/", title: "Search"),
      KeyHint(GalleryAction.cycleSort, "Sort"),
      // What d does in the mode it is in: the hint line is where its keys are told.
      KeyHint(GalleryAction.delete, deletesPermanently ? "Delete" : "To Trash"),
      KeyHint(GalleryAction.export, "Export"), KeyHint(GalleryAction.openMenu, "Menu"),
      KeyHint(GalleryAction.help, "Help"), KeyHint(key: "q", title: "Back"),
    ]
    if GalleryGeometry(app: app, screen: self).panel != nil {
      hints.append(
        KeyHint(
          key: "\(GalleryAction.scrollDetailsDown.keyLabel)/"
            + GalleryAction.scrollDetailsUp.keyLabel, title: "Details"))
    }
    return hints + [
      KeyHint(GalleryAction.toggleView, viewMode == .grid ? "List" : "Grid"),
      KeyHint(GalleryAction.toggleMark, "Select"), KeyHint(GalleryAction.onlyProblems, "Problems"),
    ]
  }

  public func mainMenu(_ app: AppState) -> MenuPage {
    let rows: [GalleryAction] = [
      .play, .search, .cycleSort, .reverseSort, .onlyProblems, .cycleDateRange, .cycleResolution,
      .clearFilters, .toggleView, .togglePanel, .scrollDetailsDown, .scrollDetailsUp,
      .toggleMark, .markAll, .rename, .note, .tags, .export, .openExternally, .recover, .delete,
      .deletePermanently, .toggleDeleteMode, .help,
    ]
    return MenuPage(
      title: "Gallery",
      items: rows.map { action in
        let value: String =
          switch action {
          case .cycleSort: sortLabel
          case .toggleView: viewMode == .grid ? "grid" : "list"
          case .onlyProblems: query.onlyProblems ? "on" : "off"
          case .cycleDateRange: dateRange.label
          case .toggleDeleteMode: deletesPermanently ? "permanent" : "Trash"
          default: ""
          }
        return MenuItem(
          title: action.title, value: value, kind: .action, adjust: { _ in .action(action) })
      })
  }
}
