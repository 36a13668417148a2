public import Foundation

/// What a hook makes of one write instead of the kernel's full write.
public enum WriteFault: Sendable, Equatable {
  /// The write stores at most this many bytes (at least 0), as a short write does.
  case short(Int)
  /// The write stores nothing and fails with this errno (`EINTR`, `ENOSPC`, `EIO`).
  case fail(Int32)
}

/// The seam where a test stands in for the kernel under `DescriptorWriter`, and where a take
/// lends its disk reserve to the writes in its folder.
///
/// Hooks are installed for a folder and apply to every file written below it that is opened
/// after the installation: the muxers' `FileOutputIO` looks them up when it opens its file,
/// `FileContentsWriter` for each file it writes. Looking them up by folder lets parallel tests
/// each hurt only their own temporary folder, and reaches the files of a take without passing
/// anything through the layers that create them.
public struct WriteHooks: Sendable {
  /// Decides what becomes of a write of `count` bytes; nil lets it through to the kernel.
  public var fault: (@Sendable (_ count: Int) -> WriteFault?)?
  /// Called when a write finds the disk full (`ENOSPC`); true when it freed room, and the
  /// write is tried again.
  public var freeSpace: (@Sendable () -> Bool)?

  /// Hooks that change nothing.
  public init(
    fault: (@Sendable (_ count: Int) -> WriteFault?)? = nil,
    freeSpace: (@Sendable () -> Bool)? = nil
  ) {
    self.fault = fault
    self.freeSpace = freeSpace
  }

  /// True when neither hook is set.
  public var isEmpty: Bool { fault == nil && freeSpace == nil }

  // MARK: - Installing

  /// An installation; `remove()` ends it.
  public struct Installation: Sendable {
    let identifier: Int

    /// Stops applying the hooks to files opened from now on.
    public func remove() {
      WriteHooks.installed.withLock { entries in
        entries.removeAll { $0.identifier == identifier }
      }
    }
  }

  private struct Entry: Sendable {
    var identifier: Int
    var folder: String
    var hooks: WriteHooks
  }

  private static let installed = Locked<[Entry]>([])
  private static let counter = Locked(0)

  /// Applies `hooks` to the files written below `folder` from now on.
  public static func install(_ hooks: WriteHooks, under folder: URL) -> Installation {
    let identifier = counter.withLock { count in
      count += 1
      return count
    }
    let path = folder.standardizedFileURL.path
    installed.withLock {
      $0.append(Entry(identifier: identifier, folder: path, hooks: hooks))
    }
    return Installation(identifier: identifier)
  }

  /// The hooks for a file at `url`: of each kind, the one installed for the nearest folder
  /// above it. Empty (and cheap) when nothing is installed.
  public static func hooks(for url: URL) -> WriteHooks {
    let entries = installed.withLock { $0 }
    guard !entries.isEmpty else { return WriteHooks() }
    let path = url.standardizedFileURL.path
    let covering = entries.filter { path.hasPrefix($0.folder == "/" ? "/" : $0.folder + "/") }
      .sorted { $0.folder.count > $1.folder.count }
    return WriteHooks(
      fault: covering.lazy.compactMap(\.hooks.fault).first,
      freeSpace: covering.lazy.compactMap(\.hooks.freeSpace).first)
  }
}
