import Foundation

/// Carries out the commands on files: deletes a take's folder and opens a take in the user's
/// video player, as events.
struct FilesExecutor {
  /// The process environment (display, `DUALCAM_PLAYER`); tests pass their own.
  var environment: [String: String] = ProcessInfo.processInfo.environment

  /// Deletes the take in `folder` for good.
  func deleteTakeFolder(_ folder: URL) -> [AppEvent] {
    do {
      try FileManager.default.removeItem(at: folder)
      return [.folderDeleted(folder)]
    } catch {
      return [
        .failed(
          ErrorReport(
            title: "Could not discard", problem: error.localizedDescription,
            fix: "delete \(folder.path) by hand"))
      ]
    }
  }

  /// Opens the take's dual view with `DUALCAM_PLAYER`, else `xdg-open`; without a display
  /// (over SSH) says how to play it in the terminal instead.
  func openInPlayer(_ folder: URL) -> [AppEvent] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard let file = files.sorted().first(where: { $0.hasPrefix("dualview_") }) else { return [] }
    let path = folder.appendingPathComponent(file).path
    let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
    let player = environment["DUALCAM_PLAYER"]
    guard hasDisplay || player != nil else {
      return [.notice("No display here (over SSH?): press p to play it in the terminal")]
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [player ?? "xdg-open", path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return [.notice("Opened \(file) in \(player ?? "the default player")")]
    } catch {
      return [.notice("Could not start \(player ?? "xdg-open"): \(error.localizedDescription)")]
    }
  }
}
