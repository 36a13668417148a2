import Capture
import DualCamCore

/// Carries out the commands on camera controls: reads, sets and resets them on V4L2 sources
/// (a source without controls answers with an empty list or a note), as events.
final class CameraControlsExecutor {
  private var access: [CameraPosition: CameraControlAccess] = [:]

  /// Forgets the opened devices (new sources were opened).
  func forgetDevices() { access = [:] }

  /// Reads `camera`'s controls from `source`.
  func load(_ camera: CameraPosition, source: SourceInfo) -> [AppEvent] {
    guard let access = access(camera, source) else {
      return [.controlsLoaded(camera, [], hardwareZoom: false)]
    }
    return [.controlsLoaded(camera, access.list(), hardwareZoom: access.hasHardwareZoom)]
  }

  /// Sets a control by name, then reads them all again.
  func set(_ camera: CameraPosition, source: SourceInfo, name: String, value: Int64) -> [AppEvent] {
    change(camera, source) { access throws(DualCamError) in try access.set(name, to: value) }
  }

  /// Resets one control (or all, for nil) to its default, then reads them all again.
  func reset(_ camera: CameraPosition, source: SourceInfo, name: String?) -> [AppEvent] {
    change(camera, source) { access throws(DualCamError) in try access.reset(name) }
  }

  private func access(_ camera: CameraPosition, _ source: SourceInfo) -> CameraControlAccess? {
    if let opened = access[camera] { return opened }
    guard source.kind == .v4l2, let path = source.details["path"],
      let opened = try? CameraControlAccess(path: path)
    else { return nil }
    access[camera] = opened
    return opened
  }

  private func change(
    _ camera: CameraPosition, _ source: SourceInfo,
    _ body: (CameraControlAccess) throws(DualCamError) -> [String]
  ) -> [AppEvent] {
    guard let access = access(camera, source) else {
      return [.notice("The \(camera) source has no camera controls")]
    }
    var events: [AppEvent]
    do {
      events = try body(access).map { .notice($0) }
    } catch {
      events = [.notice("\(error.problem)")]
    }
    return events + load(camera, source: source)
  }
}
