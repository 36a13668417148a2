public import DualCamCore
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Moves takes to the user's Trash as the freedesktop.org Trash specification 1.0 says, so a
/// file manager lists them with their origin and can put them back.
///
/// An item on the home Trash's disk goes to `$XDG_DATA_HOME/Trash`. An item on another disk
/// goes to that disk's own Trash (`$topdir/.Trash/$uid` when an administrator made a sticky
/// `.Trash`, else `$topdir/.Trash-$uid`): moving is always a rename, never a copy, so a take is
/// never half-copied across disks, and a rename refused with `EXDEV` means "use the disk's own
/// Trash".
public struct Trash: Sendable {
  /// Home, XDG folders and user id.
  public let environment: LibraryEnvironment
  private let now: @Sendable () -> Date

  public init(
    environment: LibraryEnvironment = .current(), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.environment = environment
    self.now = now
  }

  /// Moves `item` (a take folder, or anything else) to the Trash; returns where it went.
  public func move(_ item: URL) throws(DualCamError) -> TrashedItem {
    let item = item.standardizedFileURL
    guard case .success = FileStatus.of(item.path) else {
      throw .invalidArgument("\(item.path) does not exist", fix: "check the name with dualcam list")
    }
    let parent = item.deletingLastPathComponent()
    guard case .success(let parentStatus) = FileStatus.following(parent.path) else {
      throw .invalidArgument("cannot look into \(parent.path)", fix: "check its permissions")
    }
    let home = environment.homeTrash
    if Self.device(ofClosestExisting: home) == parentStatus.device,
      let trashed = try attempt(item, into: home, recordedPath: item.path)
    {
      return trashed
    }
    let topdir = Self.topDirectory(of: parent, device: parentStatus.device)
    let trash = try diskTrash(in: topdir)
    let relative = String(item.path.dropFirst(topdir.path == "/" ? 1 : topdir.path.count + 1))
    guard let trashed = try attempt(item, into: trash, recordedPath: relative) else {
      throw .writeFailed(
        "cannot move \(item.path) to the Trash: the disk refused a rename into \(trash.path)",
        fix: "delete it permanently with --permanent, or move it by hand")
    }
    return trashed
  }

  /// Puts a trashed item back where its `.trashinfo` says it came from, and removes the
  /// `.trashinfo` (what a file manager's "restore" does); returns the restored path.
  @discardableResult
  public func restore(infoFile: URL) throws(DualCamError) -> URL {
    let trash = infoFile.deletingLastPathComponent().deletingLastPathComponent()
    let name = String(infoFile.lastPathComponent.dropLast(".trashinfo".count))
    guard infoFile.lastPathComponent.hasSuffix(".trashinfo"),
      let text = try? String(contentsOf: infoFile, encoding: .utf8),
      let info = TrashInfo(text: text)
    else {
      throw .invalidArgument(
        "\(infoFile.path) is not a readable .trashinfo file", fix: "give a file from Trash/info")
    }
    let original: URL
    if info.path.hasPrefix("/") {
      original = URL(fileURLWithPath: info.path)
    } else {
      let isUserFolder = trash.lastPathComponent.hasPrefix(".Trash-")
      let topdir =
        isUserFolder
        ? trash.deletingLastPathComponent()
        : trash.deletingLastPathComponent().deletingLastPathComponent()
      original = topdir.appendingPathComponent(info.path)
    }
    if case .success = FileStatus.of(original.path) {
      throw .outputUnavailable(
        "cannot restore: \(original.path) exists again", fix: "rename or move that one first")
    }
    let stored = trash.appendingPathComponent("files").appendingPathComponent(name)
    // Never replaces: something that took the original name since the check above is kept.
    let code = NoReplaceRename.rename(stored, to: original)
    if code == EEXIST || code == ENOTEMPTY {
      throw .outputUnavailable(
        "cannot restore: \(original.path) exists again", fix: "rename or move that one first")
    }
    guard code == 0 else {
      throw .writeFailed(
        "cannot restore \(stored.path) to \(original.path): \(SystemError(code: code))",
        fix: "check that \(original.deletingLastPathComponent().path) exists and is writable")
    }
    unlink(infoFile.path)
    return original
  }

  /// Deletes `item` for good (a take folder and everything in it; links inside are removed,
  /// not followed).
  public static func deletePermanently(_ item: URL) throws(DualCamError) {
    do {
      try FileManager.default.removeItem(at: item)
    } catch {
      throw .writeFailed(
        "cannot delete \(item.path): \(error.localizedDescription)",
        fix: "check the permissions of \(item.deletingLastPathComponent().path)")
    }
  }

  // MARK: - Internals

  /// Reserves a name in `trash` by creating its `.trashinfo` exclusively (the specification's
  /// atomic step), then renames `item` into `files/`. Nil when the rename crosses devices.
  private func attempt(
    _ item: URL, into trash: URL, recordedPath: String
  ) throws(DualCamError) -> TrashedItem? {
    let files = trash.appendingPathComponent("files")
    let infos = trash.appendingPathComponent("info")
    for folder in [files, infos] {
      do {
        try FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .outputUnavailable(
          "cannot create the Trash folder \(folder.path): \(error.localizedDescription)",
          fix: "check the permissions of \(trash.deletingLastPathComponent().path)")
      }
    }
    let text = TrashInfo(
      path: recordedPath, deletionDate: TrashInfo.deletionDate(for: now())
    ).text
    let base = item.lastPathComponent
    for attempt in 1...10_000 {
      let name = attempt == 1 ? base : "\(base).\(attempt)"
      let info = infos.appendingPathComponent(name + ".trashinfo").path
      let descriptor = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
      guard descriptor >= 0 else {
        if errno == EEXIST { continue }
        throw .outputUnavailable(
          "cannot write \(info): \(SystemError(code: errno))", fix: "check the Trash's permissions")
      }
      let destination = files.appendingPathComponent(name)
      if case .success = FileStatus.of(destination.path) {
        // An item without its .trashinfo (left by another program): keep clear of it.
        close(descriptor)
        unlink(info)
        continue
      }
      // Through DescriptorWriter: a short write or EINTR never leaves a torn .trashinfo.
      var written: WriteFailure?
      do throws(WriteFailure) {
        try DescriptorWriter(
          descriptor: descriptor, hooks: WriteHooks.hooks(for: URL(fileURLWithPath: info))
        ).writeAll(Data(text.utf8))
        if fsync(descriptor) != 0 { throw WriteFailure(code: errno) }
      } catch {
        written = error
      }
      close(descriptor)
      if let written {
        unlink(info)
        throw .writeFailed(
          "cannot write \(info): \(SystemError(code: written.code))",
          fix: "check free space on its disk")
      }
      // Never replaces: an item that took the name since the check above is kept.
      let error = NoReplaceRename.rename(item, to: destination)
      guard error == 0 else {
        unlink(info)
        if error == EEXIST { continue }
        if error == EXDEV { return nil }
        throw .writeFailed(
          "cannot move \(item.path) to the Trash: \(SystemError(code: error))",
          fix: "check the permissions of \(item.deletingLastPathComponent().path)")
      }
      return TrashedItem(original: item, trashDirectory: trash, name: name)
    }
    throw .outputUnavailable(
      "too many items named \(base) in \(trash.path)", fix: "empty the Trash")
  }

  /// The disk's Trash for this user, created if needed.
  private func diskTrash(in topdir: URL) throws(DualCamError) -> URL {
    let shared = topdir.appendingPathComponent(".Trash")
    if case .success(let status) = FileStatus.of(shared.path), status.kind == .directory,
      status.mode & UInt32(S_ISVTX) != 0
    {
      let mine = shared.appendingPathComponent(String(environment.userID))
      if case .success(let own) = FileStatus.of(mine.path), own.kind != .directory {
        // Not usable: the specification says fall back to $topdir/.Trash-$uid.
      } else {
        return mine
      }
    }
    let mine = topdir.appendingPathComponent(".Trash-\(environment.userID)")
    if case .success(let status) = FileStatus.of(mine.path), status.kind != .directory {
      throw .outputUnavailable(
        "\(mine.path) is not a folder, so this disk has no usable Trash",
        fix: "remove it, or delete permanently with --permanent")
    }
    return mine
  }

  /// The device of `url`, or of its closest ancestor that exists (the Trash may not yet).
  private static func device(ofClosestExisting url: URL) -> UInt64? {
    var current = url.standardizedFileURL
    while true {
      if case .success(let status) = FileStatus.following(current.path) { return status.device }
      if current.path == "/" { return nil }
      current = current.deletingLastPathComponent()
    }
  }

  /// The top folder of the file system holding `folder` (its mount point).
  private static func topDirectory(of folder: URL, device: UInt64) -> URL {
    var current = folder.standardizedFileURL
    while current.path != "/" {
      let parent = current.deletingLastPathComponent()
      guard case .success(let status) = FileStatus.following(parent.path),
        status.device == device
      else { break }
      current = parent
    }
    return current
  }
}

/// Where a trashed item went.
public struct TrashedItem: Sendable, Equatable {
  /// Where it was.
  public var original: URL
  /// The Trash it went to (holding `files/` and `info/`).
  public var trashDirectory: URL
  /// Its name inside the Trash (the original name, or with `.2`, `.3` on collision).
  public var name: String

  /// The item inside the Trash.
  public var file: URL {
    trashDirectory.appendingPathComponent("files").appendingPathComponent(name)
  }
  /// Its `.trashinfo` file.
  public var infoFile: URL {
    trashDirectory.appendingPathComponent("info").appendingPathComponent(name + ".trashinfo")
  }
}
