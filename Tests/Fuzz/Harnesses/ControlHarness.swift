import Capture
import DualCamCore
import Foundation

/// The V4L2 control value parser, against controls whose ranges also come from the input: the
/// driver reports them, and a driver may report anything an `Int64` holds.
enum ControlHarness {
  static func controlValue(_ data: Data) {
    // 1 byte of kind, 3 × 8 bytes of minimum, maximum and step, then the typed text.
    guard data.count >= 25 else { return }
    let bytes = [UInt8](data)
    let kinds: [CameraControl.Kind] = [
      .integer, .boolean, .menu, .button, .integer64, .bitmask, .integerMenu,
    ]
    func int64(at offset: Int) -> Int64 {
      bytes[offset..<offset + 8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
    let (minimum, maximum) = (int64(at: 1), int64(at: 9))
    guard minimum <= maximum else { return }
    let control = CameraControl(
      id: 0x009A_090D, name: "zoom_absolute", label: "Zoom, Absolute",
      kind: kinds[Int(bytes[0]) % kinds.count], value: minimum, minimum: minimum,
      maximum: maximum, step: int64(at: 17), defaultValue: minimum,
      menu: [
        .init(index: minimum, label: "Manual Mode"),
        .init(index: maximum, label: "Aperture Priority Mode"),
      ])
    let text = FuzzHarness.text(data.dropFirst(25))
    if let value = try? ControlValueParser.value(text, for: control), control.kind == .integer {
      precondition(value >= minimum && value <= maximum, "\(value) accepted out of range")
    }
    if let zoom = CameraZoom(control: control), let factor = Double(text) {
      _ = zoom.factor(for: zoom.value(for: factor))
    }
  }
}
