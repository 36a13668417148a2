public import DualCamCore

/// One row of a menu page: what it shows and what changing it does.
///
/// Pages are built afresh from the state for every frame (`MenuCatalog`), so a row always
/// shows the value in force, and `adjust` is the one place that says what the row changes.
public struct MenuItem: Sendable {
  /// How the row is drawn and which keys act on it.
  public enum Kind: Sendable, Equatable {
    /// Enter opens another page.
    case submenu
    /// ←/→ step through values; Enter steps forward.
    case choice
    /// ←/→ move by a step, PgUp/PgDn by ten; the fraction (0–1) is where the value sits.
    case slider(fraction: Double)
    /// Enter or Space flips it.
    case toggle(Bool)
    /// Enter does it.
    case action
    /// Read only.
    case info
  }

  /// The row's label.
  public var title: String
  /// The value shown at the right.
  public var value: String
  /// How it is drawn and adjusted.
  public var kind: Kind
  /// Shown under the menu while the row is selected: what it does, or why it can't be used.
  public var note: String?
  /// False when the row can't be changed now (the note says why).
  public var enabled: Bool
  /// The camera control the `r` key resets, for rows that stand for one.
  public var resettableControl: String?
  /// The effect of a key: -1/+1 for ←/→ (±10 for PgUp/PgDn), 0 for Enter; nil does nothing.
  public var adjust: @Sendable (Int) -> MenuEffect?

  /// Creates a row.
  public init(
    title: String, value: String = "", kind: Kind, note: String? = nil, enabled: Bool = true,
    resettableControl: String? = nil,
    adjust: @escaping @Sendable (Int) -> MenuEffect? = { _ in nil }
  ) {
    self.title = title
    self.value = value
    self.kind = kind
    self.note = note
    self.enabled = enabled
    self.resettableControl = resettableControl
    self.adjust = adjust
  }
}

/// What choosing or changing a menu row asks for.
public enum MenuEffect: Sendable {
  /// Open a page.
  case open(MenuPageID)
  /// New recording settings, to validate and apply.
  case recording(RecordingSettings)
  /// A new layout, to validate and apply.
  case layout(LayoutSettings)
  /// A command for the runner.
  case command(AppCommand)
  /// Focus a camera.
  case focus(CameraPosition)
  /// Show or hide the frame-rate counter.
  case fpsCounter(Bool)
  /// Show or hide the diagnostics panel.
  case diagnostics(Bool)
  /// Limit the preview's colours (nil: automatic).
  case colors(TerminalCapabilities.ColorDepth?)
  /// Choose how pictures are drawn.
  case pictures(PictureChoice)
  /// Choose what the record key does with a take over budget.
  case overBudget(OverBudgetAnswer)
  /// Do an action of the focused screen as its key would.
  case action(any ScreenAction)
  /// Refuse, saying why.
  case refuse(String)
}

/// A menu page as drawn.
public struct MenuPage: Sendable {
  /// The page's title.
  public var title: String
  /// Its rows.
  public var items: [MenuItem]
}

extension Array where Element: Equatable {
  /// The element `delta` steps from `current`, wrapping; the first one when `current` is not in
  /// the list.
  func cycled(from current: Element, by delta: Int) -> Element {
    guard !isEmpty else { return current }
    guard let index = firstIndex(of: current) else { return self[0] }
    let step = delta == 0 ? 1 : delta
    return self[((index + step) % count + count) % count]
  }
}
