import Foundation

/// Finds the stable name of a camera node: the udev link in `by-id` (same camera, any port) or
/// else `by-path` (same port) that leads to it. `/dev/video2` can change after a re-plug;
/// these links do not.
enum V4L2Identity {
  /// The first `linkRoot/by-id` or `linkRoot/by-path` link leading to `path`, or nil.
  static func stableName(of path: String, linkRoot: String) -> String? {
    let files = FileManager.default
    var targets: Set<String> = [(path as NSString).standardizingPath]
    if let resolved = target(of: path) { targets.insert(resolved) }
    for folder in ["by-id", "by-path"] {
      let directory = "\(linkRoot)/\(folder)"
      guard let names = try? files.contentsOfDirectory(atPath: directory) else { continue }
      for name in names.sorted() {
        let link = "\(directory)/\(name)"
        if let destination = target(of: link), targets.contains(destination) { return link }
      }
    }
    return nil
  }

  /// Where the symbolic link `link` points, as an absolute path (udev's links are relative:
  /// `../../video0`); nil when `link` is not a link.
  static func target(of link: String) -> String? {
    guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: link)
    else { return nil }
    let absolute =
      destination.hasPrefix("/")
      ? destination : (link as NSString).deletingLastPathComponent + "/" + destination
    return (absolute as NSString).standardizingPath
  }
}
