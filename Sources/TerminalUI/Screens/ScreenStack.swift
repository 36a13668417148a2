/// The screens of the interface, as a stack (lazygit's context stack): the camera screen at the
/// root, always there, and the screens opened over it, innermost last. Only the screen on top
/// gets keys and is drawn; Esc and q pop it, and quitting happens only from the root.
public struct ScreenStack: Sendable {
  /// The root: the live cameras.
  public var camera = CameraScreen()
  /// Screens opened over the camera screen, innermost last.
  public private(set) var pushed: [any AppScreen] = []

  /// Creates a stack holding only the camera screen.
  public init() {}

  /// The screen that gets keys and is drawn.
  public var focused: any AppScreen { pushed.last ?? camera }
  /// True when only the camera screen is open.
  public var isAtRoot: Bool { pushed.isEmpty }
  /// How many screens are open, the camera screen included.
  public var depth: Int { pushed.count + 1 }

  /// Opens `screen` over the others.
  public mutating func push(_ screen: any AppScreen) { pushed.append(screen) }

  /// Closes the screen on top; false at the root, which is never closed.
  @discardableResult
  public mutating func pop() -> Bool { pushed.popLast() != nil }
}

extension AppState {
  /// The camera screen (the stack's root).
  public var camera: CameraScreen {
    get { screens.camera }
    set { screens.camera = newValue }
  }

  /// Runs `body` on the focused screen with the rest of the state, and keeps the screen's
  /// changes. Screens the body pushes land above the focused one.
  mutating func updateFocusedScreen<Result>(
    _ body: (inout any AppScreen, inout AppState) -> Result
  ) -> Result {
    if screens.isAtRoot {
      var screen: any AppScreen = screens.camera
      let result = body(&screen, &self)
      if let camera = screen as? CameraScreen { screens.camera = camera }
      return result
    }
    let index = screens.pushed.count - 1
    var screen = screens.pushed[index]
    screens.pop()
    let result = body(&screen, &self)
    screens.insert(screen, at: min(index, screens.pushed.count))
    return result
  }

  /// Lets every open screen, root first, see `event`; returns their commands.
  mutating func updateScreens(with event: AppEvent) -> [AppCommand] {
    var camera = screens.camera
    var commands = camera.update(event, app: &self)
    screens.camera = camera
    for index in screens.pushed.indices {
      guard index < screens.pushed.count else { break }
      var screen = screens.pushed[index]
      commands += screen.update(event, app: &self)
      if index < screens.pushed.count { screens.replace(at: index, with: screen) }
    }
    return commands
  }
}

extension ScreenStack {
  fileprivate mutating func insert(_ screen: any AppScreen, at index: Int) {
    pushed.insert(screen, at: index)
  }

  fileprivate mutating func replace(at index: Int, with screen: any AppScreen) {
    pushed[index] = screen
  }
}
