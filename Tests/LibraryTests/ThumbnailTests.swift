import DualCamCore
import Foundation
import Library
import Synchronization
import TestSupport
import Testing

/// Thumbnails are keyed by the dual-view file's identity and made off the caller's thread.
@Suite("Library: thumbnails")
struct ThumbnailTests {
  /// Paints a picture whose colour is the file's size, counting calls; can be held or failed.
  final class FakeMaker: ThumbnailMaker {
    let calls = Atomic(0)
    let gate = DispatchSemaphore(value: 0)
    let holds: Bool
    let fails: Bool

    init(holds: Bool = false, fails: Bool = false) {
      self.holds = holds
      self.fails = fails
    }

    func makeThumbnail(of video: URL, at fraction: Double, fitting bounds: ImageSize)
      throws(DualCamError) -> Thumbnail
    {
      calls.add(1, ordering: .relaxed)
      if holds { gate.wait() }
      if fails { throw .unreadableMedia("\(video.lastPathComponent) is truncated", fix: "") }
      let shade = UInt8(truncatingIfNeeded: (try? Data(contentsOf: video).count) ?? 0)
      return Thumbnail(size: ImageSize(width: 2, height: 1), rgb: [shade, 0, 0, shade, 0, 0])!
    }
  }

  /// Collects what the queue reports.
  final class Reports: Sendable {
    let outcomes = Mutex<[ThumbnailQueue.Outcome]>([])
    func add(_ outcome: ThumbnailQueue.Outcome) { outcomes.withLock { $0.append(outcome) } }
    var all: [ThumbnailQueue.Outcome] { outcomes.withLock { $0 } }
  }

  static func entries(_ root: URL) throws -> [TakeEntry] {
    var index = LibraryIndex(roots: [root])
    index.refresh()
    return index.entries
  }

  @Test("the cache lives under XDG_CACHE_HOME/dualcam/thumbnails")
  func location() {
    let environment = LibraryEnvironment(
      variables: ["HOME": "/home/ana", "XDG_CACHE_HOME": "/var/cache/ana"], userID: 1)
    #expect(
      ThumbnailCache(environment: environment).folder.path
        == "/var/cache/ana/dualcam/thumbnails")
    let fallback = LibraryEnvironment(variables: ["HOME": "/home/ana"], userID: 1)
    #expect(
      ThumbnailCache(environment: fallback).folder.path == "/home/ana/.cache/dualcam/thumbnails")
  }

  @Test("a changed dual-view file gets a new key; an unchanged one keeps its key")
  func keys() throws {
    let root = try TemporaryFolder()
    let cacheFolder = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let cache = ThumbnailCache(folder: cacheFolder.url)
    let first = try #require(cache.key(for: try Self.entries(root.url)[0]))
    #expect(cache.key(for: try Self.entries(root.url)[0]) == first)
    #expect(first.name.count == 32)
    try Data(count: 5_000).write(
      to: take.appendingPathComponent("dualview_\(take.lastPathComponent).mov"))
    let second = try #require(cache.key(for: try Self.entries(root.url)[0]))
    #expect(second != first)
  }

  @Test("missing thumbnails are made in the background, once, and read back")
  func queue() throws {
    let root = try TemporaryFolder()
    let cacheFolder = try TemporaryFolder()
    for minute in 0..<3 { try TakeFactory.make(in: root.url, TakeFactory.options(minutes: minute)) }
    let cache = ThumbnailCache(folder: cacheFolder.url)
    let maker = FakeMaker(holds: true)
    let reports = Reports()
    let queue = ThumbnailQueue(cache: cache, maker: maker) { _, outcome in reports.add(outcome) }
    let keys = try Self.entries(root.url).compactMap(cache.key(for:))
    #expect(keys.count == 3)

    let started = ContinuousClock.now
    queue.request(keys)
    queue.request(keys)
    #expect(ContinuousClock.now - started < .milliseconds(500), "requests never wait for the maker")
    #expect(keys.allSatisfy { queue.existing($0) == nil })
    for _ in keys { maker.gate.signal() }
    queue.waitUntilIdle()

    #expect(maker.calls.load(ordering: .relaxed) == 3, "asked twice, made once")
    #expect(reports.all.count == 3)
    for key in keys {
      let picture = try #require(cache.cached(key))
      #expect(picture.rgb == [232, 0, 0, 232, 0, 0], "1000 bytes → shade 232")
      #expect(queue.existing(key) == cache.url(for: key))
    }
    let again = ThumbnailQueue(cache: cache, maker: maker) { _, outcome in reports.add(outcome) }
    again.request(keys)
    again.waitUntilIdle()
    #expect(maker.calls.load(ordering: .relaxed) == 3, "a stored thumbnail is not made again")
  }

  @Test("a take whose picture cannot be made is reported once, with the reason")
  func failure() throws {
    let root = try TemporaryFolder()
    let cacheFolder = try TemporaryFolder()
    try TakeFactory.make(in: root.url)
    let cache = ThumbnailCache(folder: cacheFolder.url)
    let maker = FakeMaker(fails: true)
    let reports = Reports()
    let queue = ThumbnailQueue(cache: cache, maker: maker) { _, outcome in reports.add(outcome) }
    let key = try #require(cache.key(for: try Self.entries(root.url)[0]))
    queue.request([key])
    queue.waitUntilIdle()
    queue.request([key])
    queue.waitUntilIdle()
    #expect(maker.calls.load(ordering: .relaxed) == 1)
    let reason = "dualview_2026-11-23_13-02-28.mov is truncated"
    #expect(reports.all == [.failed(reason), .failed(reason)])
  }
}
