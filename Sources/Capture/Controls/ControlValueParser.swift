public import DualCamCore
import Foundation

/// Turns what a user typed (`42`, `on`, `manual`, `0x3`) into a control value, checking range,
/// step and menu entries, with errors that say what would have been accepted.
public enum ControlValueParser {
  /// The value `text` means for `control`.
  public static func value(_ text: String, for control: CameraControl) throws(DualCamError) -> Int64
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch control.kind {
    case .boolean:
      switch trimmed.lowercased() {
      case "1", "on", "true", "yes": return 1
      case "0", "off", "false", "no": return 0
      default:
        throw .invalidArgument(
          "\(control.name) is on or off, not '\(text)'", fix: "use \(control.name)=on or =off")
      }
    case .menu, .integerMenu:
      return try menuValue(trimmed, for: control)
    case .button:
      return 1
    case .bitmask:
      guard let value = integer(trimmed), value >= 0, value & ~control.maximum == 0 else {
        throw .invalidArgument(
          "\(control.name) is a bit mask; '\(text)' sets bits outside 0x\(hex(control.maximum))",
          fix: "use a number whose bits are within 0x\(hex(control.maximum))")
      }
      return value
    case .integer, .integer64:
      guard let value = integer(trimmed) else {
        throw .invalidArgument(
          "\(control.name) takes a whole number, not '\(text)'",
          fix: "use a number from \(control.minimum) to \(control.maximum)")
      }
      try checkRange(value, for: control)
      return value
    }
  }

  /// Out of range or off the step grid: name the range and the nearest valid values.
  static func checkRange(_ value: Int64, for control: CameraControl) throws(DualCamError) {
    guard value >= control.minimum, value <= control.maximum else {
      throw .invalidArgument(
        "\(value) is out of range for \(control.name) (\(control.minimum)…\(control.maximum)"
          + (control.step > 1 ? ", step \(control.step))" : ")"),
        fix: "use a value from \(control.minimum) to \(control.maximum); the default is "
          + "\(control.defaultValue)")
    }
    // 128-bit: a driver may report a range as wide as Int64 itself, where value − minimum
    // would overflow.
    let step = Int128(max(control.step, 1))
    let offset = (Int128(value) - Int128(control.minimum)) % step
    guard offset == 0 else {
      let below = Int128(value) - offset
      let above = min(below + step, Int128(control.maximum))
      throw .invalidArgument(
        "\(control.name) moves in steps of \(step) from \(control.minimum); \(value) is between "
          + "steps",
        fix: "use \(below) or \(above)")
    }
  }

  /// A menu entry by number or by label (`manual` matches `Manual Mode`).
  private static func menuValue(
    _ text: String, for control: CameraControl
  ) throws(DualCamError) -> Int64 {
    let wanted = CameraControl.userName(for: text)
    if control.kind == .integerMenu, let item = control.menu.first(where: { $0.label == text }) {
      return item.index
    }
    if control.kind == .menu {
      let labels = control.menu.map { ($0, CameraControl.userName(for: $0.label)) }
      if let exact = labels.first(where: { $0.1 == wanted }) { return exact.0.index }
      let prefixed = labels.filter { $0.1.hasPrefix(wanted + "_") }
      if prefixed.count == 1 { return prefixed[0].0.index }
    }
    if let index = integer(text), control.menu.contains(where: { $0.index == index }) {
      return index
    }
    let choices = control.menu.map {
      control.kind == .menu ? "\(CameraControl.userName(for: $0.label)) (\($0.index))" : $0.label
    }
    throw .invalidArgument(
      "'\(text)' is not a choice of \(control.name)",
      fix: "choose one of: \(choices.joined(separator: ", "))")
  }

  /// Decimal or 0x-prefixed hexadecimal.
  private static func integer(_ text: String) -> Int64? {
    if text.lowercased().hasPrefix("0x") { return Int64(text.dropFirst(2), radix: 16) }
    return Int64(text)
  }

  private static func hex(_ value: Int64) -> String { String(value, radix: 16) }
}
