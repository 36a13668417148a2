import Foundation

/// What `dualcam controls` prints: a table of controls, or stable JSON.
///
/// JSON (version 1): `{ "version": 1, "device": "/dev/video0", "identity": "…",
/// "hardwareZoom": true, "controls": [ {`id`, `name`, `label`, `kind`, `value`?, `minimum`,
/// `maximum`, `step`, `defaultValue`, `flags`: ["inactive", …], `menu`: [{`index`, `label`}]} ],
/// "notes": [] }`. New fields may be added; none is renamed.
public enum ControlReport {
  private struct Document: Encodable {
    var version = 1
    var device: String
    var identity: String
    var hardwareZoom: Bool
    var controls: [Entry]
    var notes: [String]
  }

  private struct Entry: Encodable {
    var id: UInt32
    var name: String
    var label: String
    var kind: CameraControl.Kind
    var value: Int64?
    var minimum: Int64
    var maximum: Int64
    var step: Int64
    var defaultValue: Int64
    var flags: [String]
    var menu: [CameraControl.MenuItem]
  }

  /// The JSON document.
  public static func json(
    device: String, identity: String, controls: [CameraControl], notes: [String] = []
  ) -> String {
    let entries = controls.map {
      Entry(
        id: $0.id, name: $0.name, label: $0.label, kind: $0.kind, value: $0.value,
        minimum: $0.minimum, maximum: $0.maximum, step: $0.step, defaultValue: $0.defaultValue,
        flags: $0.flags.names, menu: $0.menu)
    }
    let document = Document(
      device: device, identity: identity,
      hardwareZoom: controls.contains { $0.id == ControlPairs.zoomAbsolute && $0.isWritable },
      controls: entries, notes: notes)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try? encoder.encode(document)
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The table: name, type, value, range or menu, flags; then whether hardware zoom exists.
  public static func table(_ controls: [CameraControl]) -> String {
    var rows = [["NAME", "TYPE", "VALUE", "RANGE / CHOICES", "FLAGS"]]
    for control in controls {
      rows.append([
        control.name, control.kind.rawValue, control.value.map { control.describe($0) } ?? "-",
        range(of: control), control.flags.names.joined(separator: ","),
      ])
    }
    var lines = TextTable.render(rows)
    let zoom = controls.contains { $0.id == ControlPairs.zoomAbsolute && $0.isWritable }
    lines.append(
      zoom
        ? "hardware zoom: yes (zoom_absolute)"
        : "hardware zoom: no (dualcam's digital zoom, --front-zoom/--back-zoom, stands in)")
    return lines.joined(separator: "\n")
  }

  private static func range(of control: CameraControl) -> String {
    switch control.kind {
    case .button: return "(button)"
    case .boolean: return "default \(control.describe(control.defaultValue))"
    case .menu, .integerMenu:
      let items = control.menu.map {
        control.kind == .menu ? "\($0.index)=\(CameraControl.userName(for: $0.label))" : $0.label
      }
      return items.joined(separator: " ") + "; default \(control.defaultValue)"
    case .bitmask:
      return "mask 0x\(String(control.maximum, radix: 16)); default \(control.defaultValue)"
    case .integer, .integer64:
      let step = control.step > 1 ? " step \(control.step)" : ""
      return "\(control.minimum)…\(control.maximum)\(step); default \(control.defaultValue)"
    }
  }
}
