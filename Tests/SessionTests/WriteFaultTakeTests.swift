import Compositor
import DualCamCore
import Foundation
import Media
import Synchronization
import TestSupport
import Testing

@testable import Session

/// Whole takes on the manual clock whose every write goes through a hook: short writes and
/// `EINTR` that `DescriptorWriter` must absorb, and a disk that fills within the guard's
/// interval, which the take's `TakeSpaceReserve` must absorb.
@Suite("Takes survive short writes, EINTR and a disk filled between checks", .serialized)
struct WriteFaultTakeTests {
  typealias Rig = ManualClockTakeTests.Rig

  /// The frame counts of the take's three files, as FFmpeg decodes them.
  static func frameCounts(_ folder: URL) throws -> [Int64] {
    let take = try TakeInspector(folder: folder)
    return try ["dualview", "front", "back"].map {
      Int64(try MediaProbe.inspect(take.url(of: $0)).frameCount)
    }
  }

  @Test("every 2nd write short and every 3rd EINTR: three equal, playable files")
  func shortWritesAndInterrupts() throws {
    let rig = try Rig()
    defer { rig.close() }
    let attempts = Atomic<Int>(0)
    let shorts = Atomic<Int>(0)
    let interrupts = Atomic<Int>(0)
    let installation = WriteHooks.install(
      WriteHooks(fault: { count in
        let attempt = attempts.add(1, ordering: .relaxed).newValue
        if attempt % 3 == 0 {
          interrupts.add(1, ordering: .relaxed)
          return .fail(EINTR)
        }
        if attempt % 2 == 0 {
          shorts.add(1, ordering: .relaxed)
          return .short(count / 2)
        }
        return nil
      }), under: rig.folder.url)
    defer { installation.remove() }
    try rig.start(frames: 60)
    let result = try rig.finish()

    #expect(result.metadata.status == .complete && result.problem == nil)
    #expect(try Self.frameCounts(result.folder) == [60, 60, 60])
    let take = try TakeInspector(folder: result.folder)
    let front = try take.decodeCamera("front")
    #expect(front.stamps.map { $0?.frameNumber } == (0..<60).map { UInt32($0) })
    #expect(shorts.load(ordering: .relaxed) > 10 && interrupts.load(ordering: .relaxed) > 10)
    #expect(
      !FileManager.default.fileExists(
        atPath: result.folder.appendingPathComponent(TakeSpaceReserve.fileName).path))
  }

  @Test("a disk filled between checks: the reserve finishes the take, stop_reason disk_full")
  func diskFilledBetweenChecks() throws {
    let rig = try Rig()
    defer { rig.close() }
    // Once full, three writes find no room; the reserve gives 4 MB back for each.
    let disk = FillingDisk(refusals: 3)
    let installation = disk.install(under: rig.folder.url)
    defer { installation.remove() }
    try rig.start(frames: 600)
    try rig.driver.advance(by: ManualClockTakeTests.second)
    disk.fill()
    let result = try rig.finish()

    #expect(disk.refusedWrites == 3)
    #expect(result.metadata.stopReason == .diskFull && result.metadata.status == .complete)
    let frames = result.metadata.sync.frames
    #expect(frames > 0 && frames < 600)
    #expect(try Self.frameCounts(result.folder) == [frames, frames, frames])
    let problem = try #require(result.problem)
    #expect(
      problem.problem.contains("the disk is full") && problem.problem.contains("\(frames) frames"))
    #expect(
      !FileManager.default.fileExists(
        atPath: result.folder.appendingPathComponent(TakeSpaceReserve.fileName).path))
    #expect(!result.folder.lastPathComponent.hasSuffix(".partial"))
  }

  @Test("a disk full past the reserve fails a file: the files are cut to the frames all hold")
  func diskFullPastTheReserve() throws {
    let rig = try Rig()
    defer { rig.close() }
    // Once full, nine writes find no room: the reserve's eight 4 MB steps cover eight of them,
    // the ninth fails a file. Later writes (recovery's among them) find room again.
    let disk = FillingDisk(refusals: 9)
    let installation = disk.install(under: rig.folder.url)
    defer { installation.remove() }
    try rig.start(frames: 600)
    try rig.driver.advance(by: ManualClockTakeTests.second)
    disk.fill()
    try rig.driver.run(
      until: { rig.session.snapshot().takeEnded }, within: 60 * ManualClockTakeTests.second)
    var failure: DualCamError?
    do {
      _ = try rig.session.stopRecording()
    } catch {
      failure = error
    }
    rig.driver.threads = ManualClockTakeTests.previewThreads
    installation.remove()
    let error = try #require(failure)
    #expect(error.problem.contains("the disk is full"))
    #expect(error.problem.contains("the take was cut to the"))
    let takes = rig.folder.entries.filter { !$0.hasPrefix(".") }
    try #require(takes.count == 1 && !takes[0].hasSuffix(".partial"), "\(takes)")
    let counts = try Self.frameCounts(rig.folder.url.appendingPathComponent(takes[0]))
    #expect(Set(counts).count == 1 && counts[0] > 0, "\(counts)")
  }
}

/// A disk that fills when told: from then on, the next `refusals` writes under a folder fail
/// with `ENOSPC`, and later ones find room again (as when another program frees space).
private final class FillingDisk: Sendable {
  private let full = Atomic<Bool>(false)
  private let refused = Atomic<Int>(0)
  private let refusals: Int

  init(refusals: Int) { self.refusals = refusals }

  /// Fills the disk.
  func fill() { full.store(true, ordering: .relaxed) }

  /// How many writes found no room.
  var refusedWrites: Int { refused.load(ordering: .relaxed) }

  /// Applies the fault to files opened under `folder` from now on.
  func install(under folder: URL) -> WriteHooks.Installation {
    WriteHooks.install(
      WriteHooks(fault: { [self] _ in
        guard full.load(ordering: .relaxed), refused.load(ordering: .relaxed) < refusals else {
          return nil
        }
        refused.add(1, ordering: .relaxed)
        return .fail(ENOSPC)
      }), under: folder)
  }
}
