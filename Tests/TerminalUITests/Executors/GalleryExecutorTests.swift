import DualCamCore
import Foundation
import Library
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The gallery's executor against real takes in temporary folders: listing, Trash, rename,
/// notes, export (and its cancel), thumbnails and takes that cannot be read.
@Suite("Gallery executor", .serialized)
struct GalleryExecutorTests {
  /// An output folder with two recorded takes, and a home for the Trash and the cache.
  final class Library {
    let root: TemporaryFolder
    let home: TemporaryFolder
    let environment: LibraryEnvironment
    let takes: [String]

    init(takes count: Int = 2) throws {
      root = try TemporaryFolder()
      home = try TemporaryFolder()
      environment = LibraryEnvironment(variables: ["HOME": home.url.path], userID: getuid())
      for _ in 0..<count {
        let result = try CommandRunner.run(
          ["record", "--duration", "1s", "--size", "320x240", "--quiet", "--output", root.url.path]
        )
        try #require(result.status == 0, "stderr: \(result.standardError)")
        // Take folders are named by the second they start in.
        Thread.sleep(forTimeInterval: 1.05)
      }
      takes = root.entries
    }

    func folder(_ index: Int) -> URL { root.url.appendingPathComponent(takes[index]) }

    func executor() -> GalleryExecutor {
      GalleryExecutor(library: environment, process: [:])
    }
  }

  static func listed(_ events: [AppEvent]) -> [TakeEntry]? {
    for case .gallery(.listed(let entries, _, _)) in events { return entries }
    return nil
  }

  static func messages(_ events: [AppEvent]) -> [String] {
    events.compactMap { event in
      switch event {
      case .gallery(.done(let text)), .gallery(.exportEnded(let text, _)): text
      case .failed(let report): "failed: \(report.problem)"
      default: nil
      }
    }
  }

  @Test func listsRenamesNotesAndMovesToTheTrash() throws {
    let library = try Library()
    let executor = library.executor()
    let root = library.root.url
    #expect(Self.listed(executor.perform(.refresh, root: root))?.count == 2)
    #expect(executor.perform(.refresh, root: root).isEmpty, "nothing changed, nothing sent")
    // A gallery that opens again gets the whole list all the same.
    #expect(Self.listed(executor.perform(.list, root: root))?.count == 2)

    let renamed = executor.perform(.rename(library.folder(0), to: "kitchen"), root: root)
    #expect(Self.messages(renamed) == ["Renamed to kitchen"])
    #expect(Self.listed(renamed)?.map(\.name).contains("kitchen") == true)
    let kitchen = root.appendingPathComponent("kitchen")

    let noted = executor.perform(.setNotes(kitchen, "best one"), root: root)
    #expect(Self.listed(noted)?.first { $0.name == "kitchen" }?.summary?.notes == "best one")
    _ = executor.perform(.setTags(kitchen, ["demo", "v2"]), root: root)
    let metadata = try String(
      contentsOf: kitchen.appendingPathComponent("metadata.json"), encoding: .utf8)
    #expect(metadata.contains("best one") && metadata.contains("v2"))

    let trashed = executor.perform(.moveToTrash([kitchen]), root: root)
    #expect(Self.messages(trashed) == ["kitchen moved to the Trash"])
    #expect(Self.listed(trashed)?.map(\.name) == [library.takes[1]])
    let trash = library.environment.homeTrash
    #expect(
      FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/kitchen").path))
    let info = try String(
      contentsOf: trash.appendingPathComponent("info/kitchen.trashinfo"), encoding: .utf8)
    #expect(info.contains("Path=\(kitchen.path)"))

    // A take deleted behind the gallery's back: the action fails with a reason, nothing else.
    try FileManager.default.removeItem(at: library.folder(1))
    let gone = executor.perform(.rename(library.folder(1), to: "late"), root: root)
    #expect(Self.messages(gone).first?.hasPrefix("failed: ") == true)
    #expect(Self.listed(executor.perform(.refresh, root: root))?.isEmpty == true)
  }

  @Test func exportsInTheBackgroundAndCancelsWithoutLeftovers() throws {
    let library = try Library(takes: 1)
    let executor = library.executor()
    let destination = try TemporaryFolder()
    let target = destination.url.appendingPathComponent("out").path
    let started = executor.perform(
      .export([library.folder(0)], to: target, container: "mp4"), root: library.root.url)
    guard case .gallery(.exportProgress) = started.first else {
      Issue.record("the export did not start: \(started)")
      return
    }
    executor.waitUntilIdle()
    let events = executor.collect()
    #expect(Self.messages(events).last?.hasPrefix("Exported \(library.takes[0])") == true)
    let copy = URL(fileURLWithPath: target).appendingPathComponent(library.takes[0])
    #expect(
      FileManager.default.fileExists(
        atPath: copy.appendingPathComponent("dualview_\(library.takes[0]).mp4").path))

    // Cancelled at the first progress report: nothing is left in the destination.
    let other = try TemporaryFolder()
    let outcome = try TakeExporter.export(library.folder(0), to: other.url, container: "mp4") {
      _, _ in false
    }
    #expect(outcome == .cancelled && other.entries.isEmpty)
  }

  @Test func makesThumbnailsFromARecordedTakeAndCachesThem() throws {
    let library = try Library(takes: 1)
    let executor = library.executor()
    let entry = try #require(Self.listed(executor.perform(.refresh, root: library.root.url))?.first)
    #expect(executor.perform(.thumbnails([entry]), root: nil).isEmpty, "made in the background")
    executor.waitUntilIdle()
    let events = executor.collect()
    guard case .gallery(.thumbnail(let id, .ready(let picture))) = events.first else {
      Issue.record("no thumbnail: \(events)")
      return
    }
    #expect(id == entry.id)
    // 320x480 dual view fitted into 96x108: 72x108, two test patterns stacked.
    #expect(picture.size == ImageSize(width: 72, height: 108))
    #expect(Set(picture.rgb).count > 8, "a picture, not a flat placeholder")
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: library.environment.thumbnailFolder.path)
    #expect(cached.count == 1 && cached[0].hasSuffix(".ppm"))
    let again = executor.perform(.thumbnails([entry]), root: nil)
    guard case .gallery(.thumbnail(_, .ready(let fromCache))) = again.first else {
      Issue.record("the cached picture was not used: \(again)")
      return
    }
    #expect(fromCache == picture)
  }

  @Test func takesThatCannotBeReadAreMarkedAndTheRestKeepsWorking() throws {
    let library = try Library(takes: 1)
    let broken = library.root.url.appendingPathComponent("2020-01-01_00-00-00")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: broken.appendingPathComponent("metadata.json"))
    let missing = library.folder(0)
    let executor = library.executor()
    let entries = try #require(Self.listed(executor.perform(.refresh, root: library.root.url)))
    let bad = try #require(entries.first { $0.name == "2020-01-01_00-00-00" })
    #expect(bad.unreadableReason != nil && bad.badges.contains(.unreadable))
    guard
      case .gallery(.details(_, let sections)) = executor.perform(.loadDetails(bad), root: nil)
        .first
    else {
      Issue.record("no details for the broken take")
      return
    }
    #expect(sections[0].rows.contains { $0.label == "unreadable" })
    let good = try #require(entries.first { $0.name == library.takes[0] })
    guard
      case .gallery(.details(_, let full)) = executor.perform(.loadDetails(good), root: nil).first
    else {
      Issue.record("no details for the good take")
      return
    }
    #expect(
      full.map(\.title).starts(with: ["Take", "Files", "Sources", "Sound", "Settings", "Sync"]))

    let dualview = try FileManager.default.contentsOfDirectory(atPath: missing.path)
      .first { $0.hasPrefix("dualview_") }
    let video = missing.appendingPathComponent(try #require(dualview))
    // A corrupt video: no picture, with the decoder's reason.
    try Data(repeating: 0x42, count: 10_000).write(to: video)
    let corrupt = try #require(
      Self.listed(executor.perform(.refresh, root: library.root.url))?.first {
        $0.name == library.takes[0]
      })
    _ = executor.perform(.thumbnails([corrupt]), root: nil)
    executor.waitUntilIdle()
    guard case .gallery(.thumbnail(_, .failed(let reason))) = executor.collect().first else {
      Issue.record("a corrupt video must get no picture")
      return
    }
    #expect(reason.contains(video.lastPathComponent), "\(reason)")
    try FileManager.default.removeItem(at: video)
    let refreshed = try #require(Self.listed(executor.perform(.refresh, root: library.root.url)))
    let incomplete = try #require(refreshed.first { $0.name == library.takes[0] })
    let events = executor.perform(.thumbnails([incomplete]), root: nil)
    guard case .gallery(.thumbnail(_, .failed)) = events.first else {
      Issue.record("a take without its dual view must get no picture: \(events)")
      return
    }
    let recovered = executor.perform(.recover(incomplete.folder), root: nil)
    executor.waitUntilIdle()
    let answers = Self.messages(recovered + executor.collect())
    #expect(answers.contains { $0.hasPrefix("failed: ") && $0.contains("not an interrupted take") })
  }

  @Test func recoversATakeAKilledRecorderLeftInTheBackground() throws {
    let root = try TemporaryFolder()
    let home = try TemporaryFolder()
    let recorder = try CommandRunner(
      ["record", "--size", "320x240", "--duration", "60s", "--quiet", "--output", root.url.path])
    Thread.sleep(forTimeInterval: 3.5)  // past the first one-second fragments
    recorder.send(SIGKILL)
    _ = recorder.wait(timeout: 30)
    let executor = GalleryExecutor(
      library: LibraryEnvironment(variables: ["HOME": home.url.path], userID: getuid()),
      process: [:])
    let entries = try #require(Self.listed(executor.perform(.refresh, root: root.url)))
    let interrupted = try #require(entries.first)
    #expect(interrupted.state == .interrupted && interrupted.canRecover)

    let started = executor.perform(.recover(interrupted.folder), root: root.url)
    #expect(started.count == 1, "recovery runs in the background: \(started)")
    executor.waitUntilIdle()
    let answers = Self.messages(executor.collect())
    #expect(
      answers.count == 1 && answers[0].hasPrefix("Recovered \(interrupted.name):"), "\(answers)")
    let after = try #require(Self.listed(executor.perform(.refresh, root: root.url)))
    #expect(after.map(\.state) == [.finished] && after.first?.name == interrupted.name)
    #expect(after.first?.folder.lastPathComponent == interrupted.name, "no .partial any more")
  }
}
