/// One screen of the interface (lazygit's "context"): its own state, its own actions with their
/// keys, its own update and its own drawing. Screens sit on `AppState.screens`, a stack whose
/// root is the camera screen; keys go to the overlay in front, else to the screen on top.
///
/// Help, the hint line and the main menu are generated from the focused screen's actions, so
/// they never disagree with what its keys do. A screen changes its own state through `self` and
/// the rest of the interface through `app`; while one of its methods runs, its copy inside
/// `app.screens` is stale and must not be written. It may push screens over itself
/// (`app.screens.push`); closing is the stack's (Esc, q).
public protocol AppScreen: Sendable {
  /// The screen's actions.
  associatedtype Action: ScreenAction

  /// Does what `action` does on this screen.
  mutating func perform(_ action: Action, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]

  /// A key no overlay took. Nil leaves it to the stack: ? opens help, Esc and q go back (q
  /// quits from the root screen), other characters are refused with a note. Default: the
  /// action bound to the key.
  mutating func handleKey(_ key: Key, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]?

  /// Any event other than a key (time, the answers to commands). Default: nothing.
  mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand]

  /// Draws the screen into `layout`'s areas.
  func draw(_ app: AppState, layout: ScreenLayout, into buffer: inout CellBuffer, glyphs: Glyphs)

  /// The keys the hint line shows, most useful first. Default: every action with a short hint.
  func hints(_ app: AppState) -> [KeyHint]

  /// The help screen's sections. Default: `Action.groups`.
  var helpSections: [HelpSection] { get }

  /// The menu that `m` opens on this screen. Default: every action as a row.
  func mainMenu(_ app: AppState) -> MenuPage
}

/// The actions of one screen, each with its keys: the source of help, hints and menus.
public protocol ScreenAction: CaseIterable, Sendable, Equatable {
  /// The keys that trigger the action.
  var keys: [Key] { get }
  /// What the action does, in a few words (help and menus).
  var title: String { get }
  /// The hint line's one word for it; nil keeps it off the hint line.
  var hint: String? { get }
  /// The help screen's groups, in order.
  static var groups: [(title: String, actions: [Self])] { get }
}

/// A key and what it does, as the hint line shows it.
public struct KeyHint: Sendable, Equatable {
  /// The key as written (`r`, `Space`, `+/-`).
  public var key: String
  /// One word or two.
  public var title: String

  /// Creates a hint.
  public init(key: String, title: String) {
    self.key = key
    self.title = title
  }

  /// The hint for `action`, named by its first key.
  public init<Action: ScreenAction>(_ action: Action, _ title: String) {
    self.init(key: action.keys.first?.label ?? "", title: title)
  }
}

/// A group of lines of the help screen.
public struct HelpSection: Sendable, Equatable {
  /// The group's title.
  public var title: String
  /// Keys (as written) and what they do.
  public var lines: [Line]

  /// One key line.
  public struct Line: Sendable, Equatable {
    /// The keys, as written.
    public var keys: String
    /// What they do.
    public var text: String

    /// Creates a line.
    public init(keys: String, text: String) {
      self.keys = keys
      self.text = text
    }
  }

  /// Creates a section.
  public init(title: String, lines: [Line]) {
    self.title = title
    self.lines = lines
  }
}

// MARK: - Defaults

extension ScreenAction {
  public var hint: String? { nil }

  /// The action bound to `key`, if any.
  public static func bound(to key: Key) -> Self? {
    allCases.first { $0.keys.contains(key) }
  }

  /// The help's sections for these actions: one per group, each key line generated. An
  /// action without a key is done from the menu, and its line says so (with no key it would
  /// read as a section's title).
  public static var helpSections: [HelpSection] {
    groups.map { group in
      HelpSection(
        title: group.title,
        lines: group.actions.map { action in
          let keys = action.keys.map(\.label).joined(separator: " ")
          return .init(keys: keys.isEmpty ? "(menu)" : keys, text: action.title)
        })
    }
  }
}

extension AppScreen {
  public mutating func handleKey(_ key: Key, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]?
  {
    guard let action = Action.bound(to: key) else { return nil }
    return perform(action, app: &app, environment: environment)
  }

  public mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand] { [] }

  public func hints(_ app: AppState) -> [KeyHint] {
    Action.allCases.compactMap { action in action.hint.map { KeyHint(action, $0) } }
  }

  public var helpSections: [HelpSection] { Action.helpSections }

  public func mainMenu(_ app: AppState) -> MenuPage {
    MenuPage(
      title: "Menu",
      items: Action.allCases.map { action in
        MenuItem(title: action.title, kind: .action, adjust: { _ in .action(action) })
      })
  }

  /// Performs `action` if it is one of this screen's (a menu row's action reaches the focused
  /// screen without its type).
  mutating func perform(
    anyAction action: any ScreenAction, app: inout AppState, environment: AppEnvironment
  ) -> [AppCommand] {
    guard let action = action as? Action else { return [] }
    return perform(action, app: &app, environment: environment)
  }
}
