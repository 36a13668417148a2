import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A note beside the settings file saying which process is reading it.
///
/// Reading removes the note when it ends, however it ends short of a crash; a note left by a
/// process that no longer runs means reading that file killed it, and the file is set aside
/// rather than read again.
struct SettingsReadingMarker {
  let url: URL

  init(settings: URL) {
    url = settings.deletingLastPathComponent().appendingPathComponent(
      ".\(settings.lastPathComponent).reading")
  }

  /// True when an earlier process began reading and never finished.
  func earlierReadDied() -> Bool {
    guard let text = try? String(contentsOf: url, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return false }
    guard pid != getpid(), kill(pid, 0) != 0, errno != EPERM else { return false }
    try? FileManager.default.removeItem(at: url)
    return true
  }

  /// Leaves the note (best effort: a read-only folder just goes without).
  func begin() {
    guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) else {
      return
    }
    try? "\(getpid())\n".write(to: url, atomically: false, encoding: .utf8)
  }

  /// Removes the note.
  func end() { try? FileManager.default.removeItem(at: url) }
}
