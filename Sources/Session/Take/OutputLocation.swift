public import DualCamCore
public import Foundation

/// Finds and checks the folder that receives takes.
public enum OutputLocation {
  /// Free space below which recording does not start: enough for a few seconds of three
  /// high-bitrate files and the finalizing rewrite.
  public static let minimumFreeBytes: Int64 = 256 * 1024 * 1024

  /// `$XDG_VIDEOS_DIR/DualCam`, else the videos folder of `~/.config/user-dirs.dirs`, else
  /// `~/Videos/DualCam`.
  public static func defaultRoot(
    environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> URL
  {
    let home = environment["HOME"] ?? NSHomeDirectory()
    if let videos = environment["XDG_VIDEOS_DIR"], !videos.isEmpty {
      return URL(fileURLWithPath: videos).appendingPathComponent("DualCam")
    }
    let configHome =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? home + "/.config"
    if let text = try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("XDG_VIDEOS_DIR=") {
        let value = line.dropFirst("XDG_VIDEOS_DIR=".count).trimmingCharacters(
          in: CharacterSet(charactersIn: "\""))
        let expanded = value.replacingOccurrences(of: "$HOME", with: home)
        if !expanded.isEmpty {
          return URL(fileURLWithPath: expanded).appendingPathComponent("DualCam")
        }
      }
    }
    return URL(fileURLWithPath: home).appendingPathComponent("Videos/DualCam")
  }

  /// Resolves the folder for takes, creating it and any missing parents as `mkdir -p` would.
  /// It must be a writable directory with room to record.
  public static func prepare(explicit path: String?) throws(DualCamError) -> URL {
    let manager = FileManager.default
    let root: URL
    if let path {
      guard !path.isEmpty else {
        throw .outputUnavailable(
          "the output folder is an empty name", fix: "give a folder with --output")
      }
      root = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
      try FolderCreator.createFolders(at: root)
    } else {
      root = defaultRoot()
      do {
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
      } catch {
        throw .outputUnavailable(
          "cannot create the recordings folder \(root.path): \(error.localizedDescription)",
          fix: "choose a writable folder with --output")
      }
    }
    guard manager.isWritableFile(atPath: root.path) else {
      throw .outputUnavailable(
        "the output folder \(root.path) is not writable by this user",
        fix: "choose a folder you own with --output, or fix its permissions")
    }
    if let free = freeBytes(at: root), free < minimumFreeBytes {
      throw .outputUnavailable(
        "only \(free / 1_048_576) MiB free on the disk holding \(root.path)",
        fix: "free some space or record to another disk with --output")
    }
    return root
  }

  /// Bytes available to this user on the file system holding `url`.
  public static func freeBytes(at url: URL) -> Int64? {
    let attributes = try? FileManager.default.attributesOfFileSystem(forPath: url.path)
    return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value
  }
}
