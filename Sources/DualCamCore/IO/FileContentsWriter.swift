public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a small file whole (`metadata.json`, `settings.toml`, a note, a Trash info file)
/// through `DescriptorWriter`, never through a symbolic link at its name.
public enum FileContentsWriter {
  /// How the file is written.
  public enum Mode: Sendable {
    /// A new file beside it (`.NAME.new-PID`), synced, then renamed over the name: a reader
    /// sees the old contents or the new, never a torn file. Needs room for both copies.
    case atomic
    /// Truncated and rewritten where it is: reuses the old file's blocks (a full disk), but a
    /// crash in between leaves it torn.
    case inPlace
    /// Created, failing with `EEXIST` when the name is taken.
    case new
  }

  /// Writes `data` as the file `name` in the folder open as `folder` (a descriptor, or
  /// `AT_FDCWD` with a path as `name`). `hooksFor` is the file's path, for `WriteHooks`. With
  /// `synced`, the data reaches the disk before the call returns (`fsync`); a cache that can be
  /// rebuilt skips that wait, which a busy disk can make long.
  public static func write(
    _ data: Data, named name: String, in folder: Int32, mode: Mode, hooksFor url: URL,
    permissions: mode_t = 0o644, synced: Bool = true
  ) throws(WriteFailure) {
    let hooks = WriteHooks.hooks(for: url)
    let base = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC
    switch mode {
    case .inPlace:
      try writeFile(
        data, named: name, in: folder, flags: base | O_TRUNC, hooks, permissions, synced)
    case .new:
      try writeFile(data, named: name, in: folder, flags: base | O_EXCL, hooks, permissions, synced)
    case .atomic:
      let temporary = temporaryName(for: name)
      unlinkat(folder, temporary, 0)
      try writeFile(
        data, named: temporary, in: folder, flags: base | O_EXCL, hooks, permissions, synced)
      // The one rename that replaces on purpose: the new contents take the old file's place.
      guard renameat(folder, temporary, folder, name) == 0 else {
        let code = errno
        unlinkat(folder, temporary, 0)
        throw WriteFailure(code: code)
      }
    }
  }

  /// Writes `data` as the file at `url` (see `write(_:named:in:mode:hooksFor:permissions:)`).
  public static func write(
    _ data: Data, to url: URL, mode: Mode, permissions: mode_t = 0o644, synced: Bool = true
  ) throws(WriteFailure) {
    try write(
      data, named: url.path, in: AT_FDCWD, mode: mode, hooksFor: url, permissions: permissions,
      synced: synced)
  }

  /// The temporary name an atomic write of `name` (a name or a path) uses beside it.
  public static func temporaryName(for name: String) -> String {
    let url = URL(fileURLWithPath: name)
    let file = ".\(url.lastPathComponent).new-\(getpid())"
    guard name.contains("/") else { return file }
    return url.deletingLastPathComponent().appendingPathComponent(file).path
  }

  private static func writeFile(
    _ data: Data, named name: String, in folder: Int32, flags: Int32, _ hooks: WriteHooks,
    _ permissions: mode_t, _ synced: Bool
  ) throws(WriteFailure) {
    let descriptor = openat(folder, name, flags, permissions)
    guard descriptor >= 0 else { throw WriteFailure(code: errno) }
    do throws(WriteFailure) {
      try DescriptorWriter(descriptor: descriptor, hooks: hooks).writeAll(data)
      guard !synced || fsync(descriptor) == 0 else { throw WriteFailure(code: errno) }
    } catch {
      close(descriptor)
      if flags & O_EXCL != 0 { unlinkat(folder, name, 0) }
      throw error
    }
    guard close(descriptor) == 0 || errno == EINTR else { throw WriteFailure(code: errno) }
  }
}
