import ArgumentParser
import DualCamCore
import Foundation
import Library
import Session

/// The `--output` folders `list`, `show` and `delete` look in, and how a TAKE argument is found.
struct LibraryLocation: ParsableArguments {
  @Option(
    name: [.customShort("o"), .long],
    help: "Folder of takes (default ~/Videos/DualCam); repeat for several.")
  var output: [String] = []

  /// The folders to index: the ones given (which must exist), else the default one.
  func roots() throws(DualCamError) -> [URL] {
    guard !output.isEmpty else { return [OutputLocation.defaultRoot()] }
    var roots: [URL] = []
    for path in output {
      let root = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
        throw .outputUnavailable(
          "the output folder \(root.path) does not exist", fix: "give the folder takes are in")
      }
      guard isDirectory.boolValue else {
        throw .outputUnavailable(
          "the output path \(root.path) is a file, not a folder", fix: "give a folder with --output"
        )
      }
      roots.append(root)
    }
    return roots
  }

  /// The take `argument` names: a path to a take folder (anything with a `/`), or a take's
  /// name in the output folders (with or without `.partial`).
  func take(_ argument: String, in index: LibraryIndex) throws(DualCamError) -> TakeEntry {
    if argument.contains("/") || argument == "." || argument == ".." {
      let folder = URL(fileURLWithPath: (argument as NSString).expandingTildeInPath)
      switch TakeMetadataFile.entry(at: folder) {
      case .success(let entry): return entry
      case .failure(let skipped):
        throw .invalidArgument(
          "\(skipped.path.path) is not a take: \(skipped.reason)",
          fix: "give a take folder (one with metadata.json) or a name from dualcam list")
      }
    }
    let matches = index.entries.filter {
      $0.folder.lastPathComponent == argument || $0.name == argument
    }
    guard let entry = matches.first else {
      let places = index.roots.map(\.path).joined(separator: ", ")
      throw .invalidArgument(
        "no take named \(argument) in \(places)",
        fix: "see the names with dualcam list, or give the take folder's path")
    }
    guard matches.count == 1 else {
      throw .invalidArgument(
        "\(matches.count) takes are named \(argument)",
        fix: "give the path of the one you mean: "
          + matches.map(\.folder.path).joined(separator: " or "))
    }
    return entry
  }

  /// An up-to-date index of `roots()`, starting from the one the gallery and the last command
  /// kept (`LibraryIndexStore` under `$XDG_CACHE_HOME/dualcam/library`).
  func index() throws(DualCamError) -> LibraryIndex {
    var index = LibraryIndex(roots: try roots(), store: LibraryIndexStore())
    index.refresh()
    return index
  }
}
