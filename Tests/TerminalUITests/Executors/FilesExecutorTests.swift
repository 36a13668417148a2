import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// The files executor: deleting a take's folder and handing a take to a video player.
@Suite struct FilesExecutorTests {
  @Test func deletesATakeFolderAndReportsWhatItCannotDelete() throws {
    let folder = try TemporaryFolder()
    let take = folder.url.appendingPathComponent("2026-11-24_10-00-00")
    try FileManager.default.createDirectory(at: take, withIntermediateDirectories: true)
    try Data("frames".utf8).write(to: take.appendingPathComponent("front_x.mov"))
    let executor = FilesExecutor(environment: [:])
    guard case .folderDeleted(let deleted) = executor.deleteTakeFolder(take).first else {
      Issue.record("the folder was not deleted")
      return
    }
    #expect(deleted == take && !FileManager.default.fileExists(atPath: take.path))
    guard case .failed(let report) = executor.deleteTakeFolder(take).first else {
      Issue.record("deleting a missing folder must fail with a reason")
      return
    }
    #expect(report.title == "Could not discard" && report.fix == "delete \(take.path) by hand")
  }

  @Test func opensAPlayerOnlyWhereThereIsOne() throws {
    let folder = try TemporaryFolder()
    try Data().write(to: folder.url.appendingPathComponent("dualview_x.mov"))
    let headless = FilesExecutor(environment: [:])
    guard case .notice(let over) = headless.openInPlayer(folder.url).first else {
      Issue.record("without a display it must say so")
      return
    }
    #expect(over.hasPrefix("No display here"))
    let withPlayer = FilesExecutor(environment: ["DUALCAM_PLAYER": "true"])
    guard case .notice(let opened) = withPlayer.openInPlayer(folder.url).first else {
      Issue.record("the player was not started")
      return
    }
    #expect(opened == "Opened dualview_x.mov in true")
  }
}
