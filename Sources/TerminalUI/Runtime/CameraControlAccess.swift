import Capture
import DualCamCore

/// The camera controls of one V4L2 source, for the menus and keys: set, reset, and keep what
/// the user chose in the store so it is applied again next time, as `dualcam controls` does.
final class CameraControlAccess {
  let path: String
  private let controls: CameraControls
  private let identity: String
  private let store = ControlStore()

  /// Opens the controls of the device at `path`.
  init(path: String) throws(DualCamError) {
    self.path = path
    controls = try CameraControls(path: path)
    identity = (try? DeviceDiscovery().device(at: path).identity.value) ?? path
  }

  /// Every control as the driver reports it now.
  func list() -> [CameraControl] { controls.list() }

  /// True when the camera zooms itself.
  var hasHardwareZoom: Bool { controls.hasHardwareZoom }

  /// Sets `name` to `value` and saves it; returns notes for the user.
  func set(_ name: String, to value: Int64) throws(DualCamError) -> [String] {
    let outcome = try controls.set(name, to: String(value))
    var notes = outcome.notes
    if let warning = try store.save(outcome.written, identity: identity) { notes.append(warning) }
    return notes
  }

  /// Resets `name` (or every control) to its default and forgets the saved value.
  func reset(_ name: String?) throws(DualCamError) -> [String] {
    if let name {
      let notes = try controls.reset(name)
      try store.remove([name], identity: identity)
      return notes
    }
    let notes = try controls.reset()
    try store.remove(identity: identity)
    return notes
  }
}
