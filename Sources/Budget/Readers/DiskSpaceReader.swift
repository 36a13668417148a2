public import Foundation

/// Reads the free space of the file system an output folder is (or will be) on, with
/// `statvfs`: blocks available to an unprivileged writer (`f_bavail`) × fragment size.
public enum DiskSpaceReader {
  /// The facts for `folder`; a folder not created yet is measured at its nearest existing
  /// parent, where it will be created. `writeBytesPerSecond` is left unknown.
  public static func facts(for folder: URL) -> DiskFacts {
    DiskFacts(freeBytes: freeBytes(at: folder), folder: folder.path)
  }

  /// Free bytes at `folder` or its nearest existing parent; nil when none can be measured.
  public static func freeBytes(at folder: URL) -> Int64? {
    var current = folder.standardizedFileURL
    for _ in 0..<64 {
      if FileManager.default.fileExists(atPath: current.path) {
        var stats = statvfs()
        guard statvfs(current.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { break }
      current = parent
    }
    return nil
  }
}
