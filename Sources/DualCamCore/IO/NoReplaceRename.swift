internal import CFileSystem
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Renames that never replace what the new name already names.
///
/// A check followed by a rename (`lstat`, then `rename`) lets another program take the new
/// name in between, and the rename then silently replaces its file or folder. The kernel's
/// `renameat2(RENAME_NOREPLACE)` checks and renames in one step and fails with `EEXIST`
/// instead. Takes (`.partial` → final), recovery, export, the gallery's rename and the Trash
/// all rename through here. Where the file system cannot promise it (`EINVAL`, some network
/// file systems), a file is moved with `link` + `unlink`, which also refuses an existing name;
/// only a folder there falls back to a check and a rename.
public enum NoReplaceRename {
  /// Renames `name` in the folder open as `folder` to `newName` in the folder open as
  /// `newFolder` (descriptors, or `AT_FDCWD` for paths). Returns 0, or the errno of the
  /// failure: `EEXIST` when `newName` exists.
  public static func rename(
    _ name: String, in folder: Int32, to newName: String, in newFolder: Int32
  ) -> Int32 {
    let code = cfs_rename_noreplace(folder, name, newFolder, newName)
    guard code == EINVAL || code == ENOSYS else { return code }
    return renameWithoutKernelHelp(name, in: folder, to: newName, in: newFolder)
  }

  /// Renames the file or folder at `source` to `target` unless `target` exists (a dangling
  /// link counts as existing). Returns 0 or the errno of the failure (`EEXIST`).
  public static func rename(_ source: URL, to target: URL) -> Int32 {
    rename(source.path, in: AT_FDCWD, to: target.path, in: AT_FDCWD)
  }

  /// Throws `.writeFailed` naming both paths when `source` cannot become `target`.
  public static func renameOrThrow(_ source: URL, to target: URL, what: String)
    throws(DualCamError)
  {
    let code = rename(source, to: target)
    guard code != 0 else { return }
    throw failure(code, source: source, target: target, what: what)
  }

  /// The error for a failed rename of `what` in words for the user.
  public static func failure(_ code: Int32, source: URL, target: URL, what: String) -> DualCamError
  {
    if code == EEXIST || code == ENOTEMPTY {
      return .writeFailed(
        "\(what) could not be renamed to \(target.path): something by that name appeared "
          + "meanwhile, and it is never replaced",
        fix: "move that away, or choose another name")
    }
    return .writeFailed(
      "\(what) could not be renamed from \(source.path) to \(target.path) "
        + "(\(String(cString: strerror(code))))",
      fix: "check the permissions of \(target.deletingLastPathComponent().path)")
  }

  // MARK: - Without renameat2

  private static func renameWithoutKernelHelp(
    _ name: String, in folder: Int32, to newName: String, in newFolder: Int32
  ) -> Int32 {
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return errno }
    if status.st_mode & S_IFMT != S_IFDIR {
      // link() fails with EEXIST on an existing name: as safe as the kernel's own check.
      guard linkat(folder, name, newFolder, newName, 0) == 0 else { return errno }
      return unlinkat(folder, name, 0) == 0 ? 0 : errno
    }
    if fstatat(newFolder, newName, &status, AT_SYMLINK_NOFOLLOW) == 0 { return EEXIST }
    return renameat(folder, name, newFolder, newName) == 0 ? 0 : errno
  }
}
