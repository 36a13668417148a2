import DualCamCore
import Foundation

/// Free space claimed by file rewrites in progress, so that rewrites running side by side
/// (a take's three files are finished at once) do not each count the same free bytes.
enum SpaceReservation {
  private static let claimed = Locked<Int64>(0)

  /// Claims `bytes` on the file system of the folder open as `folder`; false when its free
  /// space, less what other rewrites claimed, is smaller. Unknown free space is not checked.
  /// Give the bytes back with `release(_:)`.
  static func claim(_ bytes: Int64, in folder: Int32) -> Bool {
    var info = statvfs()
    let free =
      fstatvfs(folder, &info) == 0 ? Int64(info.f_bavail) * Int64(info.f_frsize) : Int64.max
    return claimed.withLock { claimed in
      guard free - claimed >= bytes else { return false }
      claimed += bytes
      return true
    }
  }

  /// Gives back bytes claimed with `claim(_:in:)`.
  static func release(_ bytes: Int64) {
    claimed.withLock { $0 -= bytes }
  }
}
