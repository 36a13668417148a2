/// One control a camera offers (brightness, exposure, focus, …) with its current value.
///
/// Encoded as JSON by `dualcam controls --json`; the field names are a stable interface.
public struct CameraControl: Sendable, Equatable, Codable {
  /// The kind of value a control holds.
  public enum Kind: String, Sendable, Codable {
    case integer, boolean, menu, button, integer64, bitmask
    case integerMenu = "integer-menu"
  }

  /// A menu entry: its index (the value to set) and its label (a name or, for integer menus,
  /// a number).
  public struct MenuItem: Sendable, Equatable, Codable {
    public var index: Int64
    public var label: String

    /// Creates a menu item.
    public init(index: Int64, label: String) {
      self.index = index
      self.label = label
    }
  }

  /// The state flags the driver reports.
  public struct Flags: OptionSet, Sendable, Equatable, Codable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // The kernel's V4L2_CTRL_FLAG_* bits (a fixed ABI).
    public static let disabled = Flags(rawValue: 0x0001)
    public static let grabbed = Flags(rawValue: 0x0002)
    public static let readOnly = Flags(rawValue: 0x0004)
    public static let inactive = Flags(rawValue: 0x0010)
    public static let writeOnly = Flags(rawValue: 0x0040)
    public static let volatile = Flags(rawValue: 0x0080)

    /// `inactive`, `read-only`, … for tables and JSON.
    public var names: [String] {
      [
        (Flags.disabled, "disabled"), (.grabbed, "grabbed"), (.readOnly, "read-only"),
        (.inactive, "inactive"), (.writeOnly, "write-only"), (.volatile, "volatile"),
      ].filter { contains($0.0) }.map(\.1)
    }
  }

  /// The kernel's control id.
  public var id: UInt32
  /// The name as users type it: `brightness`, `white_balance_automatic`.
  public var name: String
  /// The driver's name: `White Balance, Automatic`.
  public var label: String
  public var kind: Kind
  /// The current value; nil for buttons and write-only controls.
  public var value: Int64?
  public var minimum: Int64
  public var maximum: Int64
  public var step: Int64
  public var defaultValue: Int64
  public var flags: Flags
  /// Menu entries (menus and integer menus only).
  public var menu: [MenuItem]

  /// Creates a control description.
  public init(
    id: UInt32, name: String, label: String, kind: Kind, value: Int64?, minimum: Int64,
    maximum: Int64, step: Int64, defaultValue: Int64, flags: Flags = [], menu: [MenuItem] = []
  ) {
    self.id = id
    self.name = name
    self.label = label
    self.kind = kind
    self.value = value
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
    self.defaultValue = defaultValue
    self.flags = flags
    self.menu = menu
  }

  /// Whether the kernel will accept a new value at all.
  public var isWritable: Bool {
    !flags.contains(.readOnly) && !flags.contains(.disabled) && kind != .button
  }

  /// The menu label of `value`, or the number.
  public func describe(_ value: Int64) -> String {
    if kind == .boolean { return value != 0 ? "on" : "off" }
    if let item = menu.first(where: { $0.index == value }) {
      return kind == .menu ? "\(item.label) (\(value))" : item.label
    }
    return String(value)
  }

  /// `brightness`: the kernel name lower-cased, runs of anything but letters and digits turned
  /// into one underscore, as v4l2-ctl names controls.
  public static func userName(for label: String) -> String {
    var result = ""
    var pendingUnderscore = false
    for character in label.lowercased() {
      if character.isASCII && (character.isLetter || character.isNumber) {
        if pendingUnderscore && !result.isEmpty { result.append("_") }
        pendingUnderscore = false
        result.append(character)
      } else {
        pendingUnderscore = true
      }
    }
    return result
  }
}
