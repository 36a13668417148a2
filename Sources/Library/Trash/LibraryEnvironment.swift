public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The parts of the process environment the library depends on, injected so tests can use
/// temporary folders instead of the user's home.
public struct LibraryEnvironment: Sendable, Equatable {
  /// `$HOME`.
  public var home: String
  /// `$XDG_DATA_HOME`, else `~/.local/share` (the home Trash lives in `Trash` below it).
  public var dataHome: String
  /// `$XDG_CACHE_HOME`, else `~/.cache` (thumbnails live in `dualcam/thumbnails` below it).
  public var cacheHome: String
  /// The user id, for a removable disk's `.Trash-$uid`.
  public var userID: UInt32

  /// The environment of `variables` (the XDG rules: an unset, empty or relative value is
  /// ignored).
  public init(variables: [String: String], userID: UInt32) {
    let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func absolute(_ name: String) -> String? {
      guard let value = variables[name], value.hasPrefix("/") else { return nil }
      return value
    }
    self.home = home
    dataHome = absolute("XDG_DATA_HOME") ?? home + "/.local/share"
    cacheHome = absolute("XDG_CACHE_HOME") ?? home + "/.cache"
    self.userID = userID
  }

  /// This process's environment.
  public static func current() -> LibraryEnvironment {
    LibraryEnvironment(variables: ProcessInfo.processInfo.environment, userID: getuid())
  }

  /// The home Trash: `$XDG_DATA_HOME/Trash`.
  public var homeTrash: URL {
    URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent("Trash")
  }

  /// The thumbnails folder: `$XDG_CACHE_HOME/dualcam/thumbnails`.
  public var thumbnailFolder: URL {
    URL(fileURLWithPath: cacheHome, isDirectory: true)
      .appendingPathComponent("dualcam/thumbnails", isDirectory: true)
  }
}
