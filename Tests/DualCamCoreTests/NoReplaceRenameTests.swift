import DualCamCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Renames that never replace: the kernel checks the new name and renames in one step.
@Suite("Renames never replace")
struct NoReplaceRenameTests {
  @Test("a free name is taken; file and folder alike")
  func freeNameIsTaken() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("a")
    try Data("a".utf8).write(to: file)
    #expect(NoReplaceRename.rename(file, to: folder.url.appendingPathComponent("b")) == 0)
    let take = folder.url.appendingPathComponent("take.partial")
    try FileManager.default.createDirectory(at: take, withIntermediateDirectories: false)
    #expect(NoReplaceRename.rename(take, to: folder.url.appendingPathComponent("take")) == 0)
    #expect(folder.entries == ["b", "take"])
  }

  @Test("an existing file, folder or dangling link is never replaced: EEXIST, both kept")
  func existingNamesAreKept() throws {
    let folder = try TemporaryFolder()
    let source = folder.url.appendingPathComponent("source")
    try Data("source".utf8).write(to: source)
    let file = folder.url.appendingPathComponent("file")
    try Data("file".utf8).write(to: file)
    let empty = folder.url.appendingPathComponent("empty-folder")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
    let dangling = folder.url.appendingPathComponent("dangling")
    try FileManager.default.createSymbolicLink(
      atPath: dangling.path, withDestinationPath: "/nonexistent/dualcam")
    for target in [file, empty, dangling] {
      #expect(NoReplaceRename.rename(source, to: target) == EEXIST, "\(target.lastPathComponent)")
    }
    #expect(try Data(contentsOf: source) == Data("source".utf8))
    #expect(try Data(contentsOf: file) == Data("file".utf8))
    // A plain rename would replace the empty folder with a folder.
    let sourceFolder = folder.url.appendingPathComponent("take.partial")
    try FileManager.default.createDirectory(at: sourceFolder, withIntermediateDirectories: false)
    #expect(NoReplaceRename.rename(sourceFolder, to: empty) == EEXIST)
    #expect(FileManager.default.fileExists(atPath: sourceFolder.path))
  }

  @Test("the failure names the path and says nothing is replaced")
  func failureIsExplained() throws {
    let folder = try TemporaryFolder()
    let source = folder.url.appendingPathComponent("a")
    let target = folder.url.appendingPathComponent("b")
    try Data().write(to: source)
    try Data().write(to: target)
    #expect {
      try NoReplaceRename.renameOrThrow(source, to: target, what: "the take")
    } throws: { error in
      (error as? DualCamError)?.problem.contains("never replaced") == true
    }
    #expect(
      NoReplaceRename.rename(folder.url.appendingPathComponent("missing"), to: source) == ENOENT)
  }
}
