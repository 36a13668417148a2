/// Every action of the player screen, with its keys: its help, hint line and menu are
/// generated from this list. Esc and q (back) and ? (help) are the stack's.
public enum PlayerAction: String, ScreenAction {
  case playOrPause
  case backOneSecond
  case forwardOneSecond
  case backTenSeconds
  case forwardTenSeconds
  case previousFrame
  case nextFrame
  case toStart
  case toEnd
  case slower
  case faster
  case showDualView
  case showFront
  case showBack
  case sideBySide
  case openMenu

  /// The keys that trigger the action.
  public var keys: [Key] {
    switch self {
    case .playOrPause: [.character(" "), .character("p")]
    case .backOneSecond: [.left, .character("h")]
    case .forwardOneSecond: [.right, .character("l")]
    case .backTenSeconds: [.down, .character("j"), .pageDown]
    case .forwardTenSeconds: [.up, .character("k"), .pageUp]
    case .previousFrame: [.character(",")]
    case .nextFrame: [.character(".")]
    case .toStart: [.home, .character("g")]
    case .toEnd: [.end, .character("G")]
    case .slower: [.character("["), .character("-")]
    case .faster: [.character("]"), .character("+"), .character("=")]
    case .showDualView: [.character("1")]
    case .showFront: [.character("2")]
    case .showBack: [.character("3")]
    case .sideBySide: [.character("s")]
    case .openMenu: [.character("m"), .function(2)]
    }
  }

  /// What the action does, in a few words.
  public var title: String {
    switch self {
    case .playOrPause: "Play / pause"
    case .backOneSecond: "Back 1 s"
    case .forwardOneSecond: "Forward 1 s"
    case .backTenSeconds: "Back 10 s"
    case .forwardTenSeconds: "Forward 10 s"
    case .previousFrame: "Previous frame (pauses)"
    case .nextFrame: "Next frame (pauses)"
    case .toStart: "Go to the start"
    case .toEnd: "Go to the end"
    case .slower: "Slower (0.25× 0.5× 1× 1.5× 2×)"
    case .faster: "Faster"
    case .showDualView: "Show the dual view"
    case .showFront: "Show the front camera's file"
    case .showBack: "Show the back camera's file"
    case .sideBySide: "Front and back side by side (on/off)"
    case .openMenu: "Menu: every action of the player"
    }
  }

  /// The help screen's groups, in order.
  public static let groups: [(title: String, actions: [PlayerAction])] = [
    (
      "Playing",
      [
        .playOrPause, .backOneSecond, .forwardOneSecond, .backTenSeconds, .forwardTenSeconds,
        .previousFrame, .nextFrame, .toStart, .toEnd, .slower, .faster,
      ]
    ),
    ("Angle (keeps the frame)", [.showDualView, .showFront, .showBack, .sideBySide]),
    ("Screens", [.openMenu]),
  ]
}
