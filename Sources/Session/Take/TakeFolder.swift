public import DualCamCore
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One take's folder: created as `<name>.partial` when recording starts, renamed to `<name>` when
/// the take has been finalized, so an interrupted take is recognisable (and recoverable) by its
/// suffix.
public struct TakeFolder: Sendable {
  /// The folder that holds every take.
  public let root: URL
  /// The take's name: its local start time, `YYYY-MM-DD_HH-MM-SS` (plus `-2`, `-3` on collision).
  public let name: String
  /// The suffix an unfinished take carries.
  public static let partialSuffix = ".partial"

  /// Where the take lives while recording.
  public var partialURL: URL { root.appendingPathComponent(name + Self.partialSuffix) }
  /// Where the take lives once finalized.
  public var finalURL: URL { root.appendingPathComponent(name) }

  /// The file name of output `output` (`dualview`, `front`, `back`).
  public func fileName(output: String, container: ContainerFormat) -> String {
    "\(output)_\(name).\(container.fileExtension)"
  }

  /// Creates a fresh `.partial` folder for a take starting at `date` inside `root`.
  public static func create(in root: URL, startingAt date: Date) throws(DualCamError) -> TakeFolder
  {
    let base = timestampName(for: date)
    for attempt in 1...99 {
      let name = attempt == 1 ? base : "\(base)-\(attempt)"
      let folder = TakeFolder(root: root, name: name)
      // lstat, not stat: a dangling symlink still takes the name.
      var status = stat()
      if lstat(folder.finalURL.path, &status) == 0 { continue }
      // mkdir itself decides whether the name is free, so a race or a dangling symlink at the
      // name moves on to the next suffix instead of failing.
      if mkdir(folder.partialURL.path, 0o777) == 0 { return folder }
      let code = errno
      if code == EEXIST { continue }
      throw .outputUnavailable(
        "cannot create the take folder \(folder.partialURL.path): \(String(cString: strerror(code)))",
        fix: "check that \(root.path) is writable, or record elsewhere with --output")
    }
    throw .outputUnavailable(
      "too many takes named \(base) in \(root.path)", fix: "wait a second and start again")
  }

  /// Renames `<name>.partial` to `<name>`; returns the final folder. Never replaces: when
  /// another program took `<name>` meanwhile, the take becomes `<name>-2` (or the next free
  /// suffix) instead.
  public func finalize() throws(DualCamError) -> URL {
    var code: Int32 = EEXIST
    for attempt in 1...99 where code == EEXIST {
      let target = attempt == 1 ? finalURL : root.appendingPathComponent("\(name)-\(attempt)")
      code = NoReplaceRename.rename(partialURL, to: target)
      if code == 0 { return target }
    }
    throw .writeFailed(
      "the take is complete but its folder could not be renamed: \(String(cString: strerror(code)))",
      fix: "rename \(partialURL.path) to \(finalURL.lastPathComponent) by hand")
  }

  /// Removes the partial folder of a take that never recorded a frame.
  public func discard() {
    try? FileManager.default.removeItem(at: partialURL)
  }

  static func timestampName(for date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd_HH-mm-ss"
    return formatter.string(from: date)
  }
}
