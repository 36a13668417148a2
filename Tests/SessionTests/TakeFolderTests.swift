import DualCamCore
import Foundation
import TestSupport
import Testing

@testable import Session

/// Creating a take's folder next to what is already in the recordings folder.
@Suite struct TakeFolderTests {
  @Test("a dangling link at the next take's name is skipped, not fatal")
  func danglingLinkTakesTheNextName() throws {
    let root = try TemporaryFolder()
    let date = Date()
    let name = TakeFolder.timestampName(for: date)
    try FileManager.default.createSymbolicLink(
      atPath: root.url.appendingPathComponent(name + ".partial").path,
      withDestinationPath: "/nonexistent/elsewhere")
    let folder = try TakeFolder.create(in: root.url, startingAt: date)
    #expect(folder.name == "\(name)-2")
    var status = stat()
    #expect(lstat(folder.partialURL.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
  }
}
