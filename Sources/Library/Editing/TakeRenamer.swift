public import DualCamCore
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Renames takes.
///
/// Renaming a take renames its **folder only**. The three files keep their names
/// (`dualview_<start time>.mov`, `front_…`, `back_…`): `metadata.json` names them in
/// `outputs.*.file` and leaves them untouched, players and scripts that already point at them
/// keep working, the start time stays readable in them, and one folder rename is a single
/// atomic step that can never leave a take half-renamed. The take's date keeps coming from its
/// metadata, so sorting by date is unaffected.
public enum TakeRenamer {
  /// Renames the take in `folder` to `newName` in the same output folder; returns the new path.
  @discardableResult
  public static func rename(_ folder: URL, to newName: String) throws(DualCamError) -> URL {
    let name = newName.trimmingCharacters(in: .whitespacesAndNewlines)
    try validate(name)
    guard !folder.lastPathComponent.hasSuffix(TakeName.partialSuffix) else {
      throw .invalidArgument(
        "\(folder.lastPathComponent) is an interrupted take",
        fix: "recover it first (dualcam recover), then rename it")
    }
    guard case .success(let status) = FileStatus.of(folder.path), status.kind == .directory
    else {
      throw .invalidArgument("\(folder.path) is not a take folder", fix: "check the name")
    }
    let target = folder.deletingLastPathComponent().appendingPathComponent(name)
    if target.path == folder.standardizedFileURL.path { return folder }
    // The kernel checks the name and renames in one step: a take or file that appears at the
    // name between a check and the rename is never replaced.
    let code = NoReplaceRename.rename(folder, to: target)
    if code == EEXIST || code == ENOTEMPTY {
      throw .invalidArgument(
        "a take or file named \(name) already exists", fix: "choose another name")
    }
    guard code == 0 else {
      throw .writeFailed(
        "cannot rename \(folder.lastPathComponent): \(SystemError(code: code))",
        fix: "check the permissions of \(folder.deletingLastPathComponent().path)")
    }
    return target
  }

  /// Why `name` (trimmed) cannot name a take, or nil when it can: one plain, visible folder
  /// name. The interface asks before it sends a rename, so a refused name can be corrected.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty { return "the new name is empty" }
    if name.contains("/") || name.contains("\0") { return "a take name cannot contain /" }
    if name.hasPrefix(".") { return "a take name cannot start with . (it would be hidden)" }
    if name.hasSuffix(TakeName.partialSuffix) {
      return "a name ending in .partial marks an interrupted take"
    }
    if name.utf8.count > 255 { return "the new name is longer than 255 bytes" }
    return nil
  }

  /// Refuses names that are not one plain, visible folder name.
  static func validate(_ name: String) throws(DualCamError) {
    if let problem = problem(withName: name) {
      throw .invalidArgument(problem, fix: "choose a plain name such as \"Concert 2026\"")
    }
  }
}
