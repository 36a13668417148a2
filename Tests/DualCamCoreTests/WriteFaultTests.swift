import DualCamCore
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `DescriptorWriter`, the loop every write of a take goes through, under the faults the kernel
/// may hand it: short writes, `EINTR`, writes that store nothing, a full disk.
@Suite("Writes survive short writes, EINTR and a full disk")
struct WriteFaultTests {
  /// Every 2nd write stores half of what it was given, every 3rd fails with `EINTR` (the 6th:
  /// `EINTR`), counted in `shorts` and `interrupts`.
  final class Faults: Sendable {
    let attempts = Atomic<Int>(0)
    let shorts = Atomic<Int>(0)
    let interrupts = Atomic<Int>(0)

    var hooks: WriteHooks {
      WriteHooks(fault: { count in
        let attempt = self.attempts.add(1, ordering: .relaxed).newValue
        if attempt % 3 == 0 {
          self.interrupts.add(1, ordering: .relaxed)
          return .fail(EINTR)
        }
        if attempt % 2 == 0 {
          self.shorts.add(1, ordering: .relaxed)
          return .short(count / 2)
        }
        return nil
      })
    }
  }

  static func pattern(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
  }

  static func openFile(_ url: URL) throws -> Int32 {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    try #require(descriptor >= 0)
    return descriptor
  }

  @Test("short writes are completed and EINTR retried: the file holds every byte, in order")
  func shortWritesAndInterruptsComplete() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("data")
    let descriptor = try Self.openFile(url)
    defer { close(descriptor) }
    let faults = Faults()
    let writer = DescriptorWriter(descriptor: descriptor, hooks: faults.hooks)
    let data = Self.pattern(100_000)
    for start in stride(from: 0, to: data.count, by: 10_000) {
      try writer.writeAll(data[start..<start + 10_000])
    }
    #expect(try Data(contentsOf: url) == data)
    #expect(faults.shorts.load(ordering: .relaxed) >= 5)
    #expect(faults.interrupts.load(ordering: .relaxed) >= 5)
  }

  @Test("a write that keeps storing nothing fails with EIO instead of spinning")
  func endlessZeroWritesFail() throws {
    let folder = try TemporaryFolder()
    let descriptor = try Self.openFile(folder.url.appendingPathComponent("data"))
    defer { close(descriptor) }
    let attempts = Atomic<Int>(0)
    let writer = DescriptorWriter(
      descriptor: descriptor,
      hooks: WriteHooks(fault: { _ in
        attempts.add(1, ordering: .relaxed)
        return .short(0)
      }))
    #expect(throws: WriteFailure(code: EIO)) { try writer.writeAll(Data([1, 2, 3])) }
    #expect(attempts.load(ordering: .relaxed) == DescriptorWriter.zeroWriteLimit)
  }

  @Test("a zero-byte write between progress is not counted against the limit")
  func occasionalZeroWritesPass() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("data")
    let descriptor = try Self.openFile(url)
    defer { close(descriptor) }
    let attempts = Atomic<Int>(0)
    // Two empty writes, then one byte, again and again.
    let writer = DescriptorWriter(
      descriptor: descriptor,
      hooks: WriteHooks(fault: { _ in
        attempts.add(1, ordering: .relaxed).newValue % 3 == 0 ? .short(1) : .short(0)
      }))
    try writer.writeAll(Data([7, 8, 9, 10]))
    #expect(try Data(contentsOf: url) == Data([7, 8, 9, 10]))
  }

  @Test("a full disk asks for room and retries while room is freed, then fails with ENOSPC")
  func fullDiskRetriesWhileRoomIsFreed() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("data")
    let descriptor = try Self.openFile(url)
    defer { close(descriptor) }
    let full = Atomic<Bool>(true)
    let freed = Atomic<Int>(0)
    // The disk is full until the second request for room.
    let writer = DescriptorWriter(
      descriptor: descriptor,
      hooks: WriteHooks(
        fault: { _ in full.load(ordering: .relaxed) ? .fail(ENOSPC) : nil },
        freeSpace: {
          if freed.add(1, ordering: .relaxed).newValue == 2 {
            full.store(false, ordering: .relaxed)
          }
          return true
        }))
    try writer.writeAll(Data([1, 2, 3]))
    #expect(freed.load(ordering: .relaxed) == 2)
    #expect(try Data(contentsOf: url) == Data([1, 2, 3]))

    let refusing = DescriptorWriter(
      descriptor: descriptor,
      hooks: WriteHooks(fault: { _ in .fail(ENOSPC) }, freeSpace: { false }))
    #expect(throws: WriteFailure(code: ENOSPC)) { try refusing.writeAll(Data([4])) }
    #expect(WriteFailure(code: ENOSPC).isDiskFull)
  }

  @Test("hooks apply below their folder only, the nearest folder's first, until removed")
  func hooksFollowTheFolder() throws {
    let folder = try TemporaryFolder()
    let inner = folder.url.appendingPathComponent("take")
    let outer = WriteHooks.install(
      WriteHooks(fault: { _ in .fail(EIO) }, freeSpace: { false }), under: folder.url)
    let near = WriteHooks.install(WriteHooks(fault: { _ in .fail(EINTR) }), under: inner)
    let file = inner.appendingPathComponent("front.mov")
    #expect(WriteHooks.hooks(for: file).fault?(1) == .fail(EINTR))
    #expect(WriteHooks.hooks(for: file).freeSpace?() == false, "the outer folder's")
    #expect(WriteHooks.hooks(for: folder.url.appendingPathComponent("x")).fault?(1) == .fail(EIO))
    #expect(WriteHooks.hooks(for: URL(fileURLWithPath: folder.url.path + "-other/x")).isEmpty)
    near.remove()
    #expect(WriteHooks.hooks(for: file).fault?(1) == .fail(EIO))
    outer.remove()
    #expect(WriteHooks.hooks(for: file).isEmpty)
  }

  @Test("whole files are written through the faults; atomic leaves no temporary file")
  func wholeFilesThroughFaults() throws {
    let folder = try TemporaryFolder()
    let faults = Faults()
    let installation = WriteHooks.install(faults.hooks, under: folder.url)
    defer { installation.remove() }
    let url = folder.url.appendingPathComponent("metadata.json")
    let data = Self.pattern(300_000)
    try FileContentsWriter.write(Data("old".utf8), to: url, mode: .atomic)
    try FileContentsWriter.write(data, to: url, mode: .atomic)
    #expect(try Data(contentsOf: url) == data)
    #expect(folder.entries == ["metadata.json"])
    try FileContentsWriter.write(Data("in place".utf8), to: url, mode: .inPlace)
    #expect(try Data(contentsOf: url) == Data("in place".utf8))
    #expect(faults.interrupts.load(ordering: .relaxed) > 0)
    #expect(throws: WriteFailure(code: EEXIST)) {
      try FileContentsWriter.write(Data(), to: url, mode: .new)
    }
  }

  @Test("a whole-file write never follows a link at its name")
  func wholeFilesRefuseLinks() throws {
    let folder = try TemporaryFolder()
    let target = folder.url.appendingPathComponent("elsewhere")
    try Data("keep".utf8).write(to: target)
    let link = folder.url.appendingPathComponent("note.txt")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(throws: WriteFailure(code: ELOOP)) {
      try FileContentsWriter.write(Data("x".utf8), to: link, mode: .inPlace)
    }
    #expect(try Data(contentsOf: target) == Data("keep".utf8))
  }
}
