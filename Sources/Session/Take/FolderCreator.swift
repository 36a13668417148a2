import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Creates an output folder and its missing parents, as `mkdir -p` does, with a message that
/// names the one folder that could not be made and why.
enum FolderCreator {
  /// Makes `folder` exist as a directory: every missing component is created with mode 0777
  /// less the umask, like `mkdir -p`; an existing file in the way is refused.
  static func createFolders(at folder: URL) throws(DualCamError) {
    var missing: [URL] = []
    var current = folder
    while true {
      switch kind(of: current.path) {
      case .directory:
        for component in missing.reversed() { try make(component) }
        return
      case .file where current == folder:
        throw .outputUnavailable(
          "the output path \(folder.path) is a file, not a folder",
          fix: "give a folder with --output")
      case .file:
        throw .outputUnavailable(
          "cannot create the output folder \(folder.path): \(current.path) is a file, not a folder",
          fix: "choose an output folder whose parents are folders")
      case .unreachable(let code):
        throw .outputUnavailable(
          "cannot reach the output folder \(folder.path): \(current.path): "
            + String(cString: strerror(code)),
          fix: "choose a folder you can open with --output, or fix its permissions")
      case .missing:
        let parent = current.deletingLastPathComponent()
        guard parent.path != current.path else { return }
        missing.append(current)
        current = parent
      }
    }
  }

  private enum Kind: Equatable {
    case directory, file, missing
    case unreachable(Int32)
  }

  private static func kind(of path: String) -> Kind {
    var status = stat()
    // stat, not lstat: a symlink to a folder is a folder, as mkdir -p sees it.
    guard stat(path, &status) == 0 else {
      let code = errno
      return code == ENOENT || code == ENOTDIR ? .missing : .unreachable(code)
    }
    return status.st_mode & S_IFMT == S_IFDIR ? .directory : .file
  }

  private static func make(_ folder: URL) throws(DualCamError) {
    guard mkdir(folder.path, 0o777) != 0 else { return }
    let code = errno
    if code == EEXIST, kind(of: folder.path) == .directory { return }  // made meanwhile
    let parent = folder.deletingLastPathComponent().path
    switch code {
    case EACCES, EPERM:
      throw .outputUnavailable(
        "cannot create the output folder \(folder.path): \(parent) is not writable by this user",
        fix: "create it with the right owner, or choose a folder you own with --output")
    case EROFS:
      throw .outputUnavailable(
        "cannot create the output folder \(folder.path): the disk is read-only",
        fix: "choose a folder on a writable disk with --output")
    default:
      throw .outputUnavailable(
        "cannot create the output folder \(folder.path): \(String(cString: strerror(code)))",
        fix: "choose another folder with --output")
    }
  }
}
