import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What `lstat`/`stat` says about one path: enough to tell its kind and whether it changed.
///
/// The library never follows a symbolic link inside an output folder, so every look at a take
/// starts with `lstat`; only the output folder itself may be a link (a user's `~/Videos` on
/// another disk).
struct FileStatus: Equatable, Sendable {
  /// The kinds of file the library tells apart.
  enum Kind: Equatable, Sendable {
    case directory, regular, symbolicLink, other
  }

  var kind: Kind
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var mode: UInt32
  /// Modification time, nanoseconds since the epoch.
  var modified: Int64
  /// Status change time (rename, chmod), nanoseconds since the epoch.
  var changed: Int64

  /// The status of `path` itself (a link is reported as a link), or the reason it has none.
  static func of(_ path: String) -> Result<FileStatus, SystemError> {
    var raw = stat()
    guard lstat(path, &raw) == 0 else { return .failure(SystemError(code: errno)) }
    return .success(FileStatus(raw))
  }

  /// The status of what `path` leads to, links followed (only for the output folder itself).
  static func following(_ path: String) -> Result<FileStatus, SystemError> {
    var raw = stat()
    guard stat(path, &raw) == 0 else { return .failure(SystemError(code: errno)) }
    return .success(FileStatus(raw))
  }

  init(
    kind: Kind, device: UInt64, inode: UInt64, size: Int64, mode: UInt32, modified: Int64,
    changed: Int64
  ) {
    self.kind = kind
    self.device = device
    self.inode = inode
    self.size = size
    self.mode = mode
    self.modified = modified
    self.changed = changed
  }

  private init(_ raw: stat) {
    switch raw.st_mode & S_IFMT {
    case S_IFDIR: kind = .directory
    case S_IFREG: kind = .regular
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    device = UInt64(raw.st_dev)
    inode = UInt64(raw.st_ino)
    size = Int64(raw.st_size)
    mode = UInt32(raw.st_mode)
    modified = Int64(raw.st_mtim.tv_sec) * 1_000_000_000 + Int64(raw.st_mtim.tv_nsec)
    changed = Int64(raw.st_ctim.tv_sec) * 1_000_000_000 + Int64(raw.st_ctim.tv_nsec)
  }
}

/// An `errno` from a file-system call, with the system's words for it.
struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  var code: Int32
  var description: String { String(cString: strerror(code)) }
}
