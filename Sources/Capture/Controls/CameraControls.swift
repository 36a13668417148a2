public import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// The controls of one open camera: list, set (with validation and auto/manual pairs), reset
/// and re-apply saved values.
///
/// Owns the open node (closed when this goes away). Not Sendable: one caller at a time.
public final class CameraControls {
  /// What a successful set did.
  public struct SetOutcome: Sendable, Equatable {
    /// The control as read back after setting.
    public var control: CameraControl
    /// Every value written, by name, including an auto control switched to manual first;
    /// this is what gets saved.
    public var written: [String: Int64]
    /// What the user should know: an auto control switched off, a value the camera adjusted.
    public var notes: [String]
  }

  private let handle: V4L2Handle
  /// The node path, for messages.
  public let path: String

  /// Opens `path` and checks that it is a video capture device.
  public init(path: String, system: any V4L2System = LibV4L2System()) throws(DualCamError) {
    handle = try V4L2Handle(path: path, system: system)
    self.path = path
    let capability = try handle.capability()
    guard capability.capturesVideo else {
      throw V4L2Errors.notCapture(path, reason: "it has no video capture capability")
    }
  }

  // MARK: - Reading

  /// Every control with its current value.
  public func list() -> [CameraControl] { handle.controls() }

  /// The control called `name` (as `dualcam controls` lists it).
  public func control(named name: String) throws(DualCamError) -> CameraControl {
    let controls = list()
    let wanted = CameraControl.userName(for: name)
    if let control = controls.first(where: { $0.name == wanted }) { return control }
    let similar = controls.map(\.name).filter {
      $0.contains(wanted) || wanted.contains($0)
    }
    throw .invalidArgument(
      "\(path) has no control named '\(name)'"
        + (similar.isEmpty ? "" : " (did you mean \(similar.joined(separator: ", "))?)"),
      fix: "run 'dualcam controls \(path)' to list its controls")
  }

  /// Whether the camera offers hardware zoom (`zoom_absolute`); without it, the compositor's
  /// digital zoom is the fallback.
  public var hasHardwareZoom: Bool {
    list().contains { $0.id == ControlPairs.zoomAbsolute && $0.isWritable }
  }

  // MARK: - Writing

  /// Sets `name` to what `text` means (a number, on/off, a menu label), switching a paired auto
  /// control to manual first, and reads the value back.
  public func set(_ name: String, to text: String) throws(DualCamError) -> SetOutcome {
    var control = try control(named: name)
    let value = try ControlValueParser.value(text, for: control)
    try checkWritable(control)
    var written: [String: Int64] = [:]
    var notes: [String] = []
    if let pair = ControlPairs.pair(forManual: control.id),
      let auto = list().first(where: { $0.id == pair.auto }), let current = auto.value,
      !pair.manualValues.contains(current)
    {
      let manual = pair.manualValues.first { candidate in
        auto.kind != .menu || auto.menu.contains { $0.index == candidate }
      }
      if let manual, auto.isWritable, handle.set(auto, to: manual) == nil {
        written[auto.name] = manual
        notes.append(
          "\(auto.name) set to \(auto.describe(manual)) so that \(control.name) takes effect")
        control = try self.control(named: control.name)
      }
    }
    if control.flags.contains(.inactive) { throw inactiveError(control) }
    if let code = handle.set(control, to: value) { throw writeError(control, value, code) }
    written[control.name] = value
    let readBack = handle.value(of: control)
    control.value = readBack
    if let readBack, readBack != value, control.kind != .button {
      notes.append(
        "the camera adjusted \(control.name) to \(control.describe(readBack)) "
          + "(asked for \(control.describe(value)))")
    }
    return SetOutcome(control: control, written: written, notes: notes)
  }

  /// Resets `name` (or, when nil, every writable control) to the driver's default; returns
  /// notes about controls that could not be reset.
  @discardableResult
  public func reset(_ name: String? = nil) throws(DualCamError) -> [String] {
    if let name {
      let control = try control(named: name)
      try checkWritable(control)
      if control.flags.contains(.inactive) { throw inactiveError(control) }
      if let code = handle.set(control, to: control.defaultValue) {
        throw writeError(control, control.defaultValue, code)
      }
      return []
    }
    // Manual partners first, while their auto controls may still let them apply; then autos.
    let controls = list().filter { $0.isWritable && $0.kind != .button }
    let ordered =
      controls.filter { !ControlPairs.isAuto($0.id) }
      + controls.filter { ControlPairs.isAuto($0.id) }
    var notes: [String] = []
    for control in ordered where control.value != control.defaultValue {
      if control.flags.contains(.inactive) {
        // The driver refuses inactive controls; the value matters again only once the user
        // switches the governing control, so say so rather than fail.
        let value = control.value.map { control.describe($0) } ?? "?"
        notes.append("\(control.name) kept at \(value): \(inactiveError(control).problem)")
        continue
      }
      if let code = handle.set(control, to: control.defaultValue) {
        notes.append("could not reset \(control.name): \(V4L2Errors.describe(code))")
      }
    }
    return notes
  }

  /// Writes saved values (by name), auto controls before their manual partners; returns notes
  /// for values that no longer apply (a control gone, a value now out of range).
  public func apply(_ values: [String: Int64]) -> [String] {
    let controls = list()
    var notes: [String] = []
    let ordered = values.sorted { left, right in
      let leftAuto = controls.first { $0.name == left.key }.map { ControlPairs.isAuto($0.id) }
      let rightAuto = controls.first { $0.name == right.key }.map { ControlPairs.isAuto($0.id) }
      return (leftAuto == true ? 0 : 1, left.key) < (rightAuto == true ? 0 : 1, right.key)
    }
    for (name, value) in ordered {
      guard let control = controls.first(where: { $0.name == name }) else {
        notes.append("saved control \(name) is not offered by \(path); skipped")
        continue
      }
      do throws(DualCamError) {
        if control.kind == .integer || control.kind == .integer64 {
          try ControlValueParser.checkRange(value, for: control)
        }
        if let code = handle.set(control, to: value) { throw writeError(control, value, code) }
      } catch {
        notes.append("saved \(name)=\(value) not applied: \(error.problem)")
      }
    }
    return notes
  }

  /// Re-applies what `store` holds for `identity`, as when a camera is opened or comes back
  /// after a re-plug; returns notes (a broken file moved aside, values that no longer apply).
  public func applySaved(from store: ControlStore, identity: String) -> [String] {
    let loaded = store.load(identity: identity)
    return (loaded.warning.map { [$0] } ?? []) + apply(loaded.values)
  }

  // MARK: - Errors

  private func checkWritable(_ control: CameraControl) throws(DualCamError) {
    if control.flags.contains(.disabled) {
      throw .invalidArgument(
        "\(control.name) is disabled by the driver",
        fix: "it cannot be changed on this camera")
    }
    if control.flags.contains(.readOnly) {
      throw .invalidArgument(
        "\(control.name) is read-only: the camera reports it but does not accept a value",
        fix: "leave it as it is; it is shown for information")
    }
    if control.flags.contains(.grabbed) {
      throw .sourceUnavailable(
        "\(control.name) is locked while the camera is streaming",
        fix: "stop the recording (or the other program using \(path)) and try again")
    }
  }

  private func inactiveError(_ control: CameraControl) -> DualCamError {
    if let pair = ControlPairs.pair(forManual: control.id),
      let auto = list().first(where: { $0.id == pair.auto })
    {
      let mode = auto.value.map { auto.describe($0) } ?? "on"
      let manual = auto.kind == .boolean ? "off" : "manual"
      return .invalidArgument(
        "\(control.name) is inactive while \(auto.name) is \(mode)",
        fix: "set \(auto.name)=\(manual) first")
    }
    return .invalidArgument(
      "\(control.name) is inactive in the camera's current mode",
      fix: "change the control that governs it first (see 'dualcam controls \(path)')")
  }

  private func writeError(_ control: CameraControl, _ value: Int64, _ code: Int32) -> DualCamError {
    switch code {
    case ERANGE:
      .invalidArgument(
        "the camera refused \(control.name)=\(value) as out of range "
          + "(\(control.minimum)…\(control.maximum))",
        fix: "use a value from \(control.minimum) to \(control.maximum)")
    case EACCES:
      control.flags.contains(.inactive) || ControlPairs.pair(forManual: control.id) != nil
        ? inactiveError(control)
        : .invalidArgument(
          "the camera does not accept a value for \(control.name) now",
          fix: "check its flags in 'dualcam controls \(path)'")
    case EBUSY:
      .sourceUnavailable(
        "\(control.name) is locked while the camera is streaming",
        fix: "stop the recording (or the other program using \(path)) and try again")
    case ENODEV:
      V4L2Errors.openFailed(path, errno: code)
    default:
      .invalidArgument(
        "the camera refused \(control.name)=\(value): \(V4L2Errors.describe(code))",
        fix: "check the range and flags in 'dualcam controls \(path)'")
    }
  }
}
