/// A key press, as the interface understands it.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  case enter
  case escape
  case tab
  case backTab
  case backspace
  /// The Delete key (deletes forward in a text field).
  case delete
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// F1–F12.
  case function(Int)
  /// Ctrl with a letter (`a`…`z`), for the editing keys of a text field.
  case control(Character)
  /// A mouse click at a cell.
  case click(x: Int, y: Int)

  /// How the key is written in help and hints.
  public var label: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .function(let number): "F\(number)"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    case .click: "click"
    }
  }
}
