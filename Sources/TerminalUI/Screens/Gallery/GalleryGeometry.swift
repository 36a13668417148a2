/// Where the gallery's parts go for a window size: the cards (or lines) on the left, the
/// details panel on the right where there is room, and how many takes fit.
struct GalleryGeometry {
  /// Rows of a card: frame, five rows of picture and text, frame.
  static let cardHeight = 7
  /// The narrowest card.
  static let minimumCardWidth = 30

  /// The cards or the list.
  var list: ScreenRect
  /// The details panel, if shown.
  var panel: ScreenRect?
  /// Cards per row (1 in the list).
  var columns: Int
  /// Columns of each card.
  var cardWidth: Int
  /// Rows of cards (or lines of the list) that fit.
  var visibleRows: Int

  init(app: AppState, screen: GalleryScreen) {
    let content = ScreenLayout(width: app.width, height: app.height).content
    if screen.panelVisible, content.width >= 60 {
      let width = min(max(28, content.width * 3 / 10), 48)
      list = ScreenRect(
        x: content.x, y: content.y, width: content.width - width, height: content.height)
      panel = ScreenRect(
        x: content.maxX - width, y: content.y, width: width, height: content.height)
    } else {
      list = content
      panel = nil
    }
    switch screen.viewMode {
    case .grid:
      columns = max(list.width / Self.minimumCardWidth, 1)
      cardWidth = list.width / columns
      visibleRows = max(list.height / Self.cardHeight, 1)
    case .list:
      columns = 1
      cardWidth = list.width
      visibleRows = max(list.height - 1, 1)
    }
  }

  /// Takes a page moves by.
  var pageSize: Int { columns * visibleRows }

  /// The first take shown: whole pages, so the selected take is always in view.
  func firstShown(selected: Int) -> Int {
    (selected / columns / visibleRows) * visibleRows * columns
  }

  /// The indices of the takes in view.
  func visibleRange(of screen: GalleryScreen) -> Range<Int> {
    let first = firstShown(selected: screen.selectedIndex)
    return first..<min(first + pageSize, screen.shown.count)
  }
}
