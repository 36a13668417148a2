import DualCamCore
import Foundation
import Library
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A note or tag edit writes `metadata.json` through `DescriptorWriter`: short writes and
/// `EINTR` are absorbed, and a failed write leaves the old file whole.
@Suite("Library: note edits survive write faults")
struct NoteWriteFaultTests {
  @Test("every 2nd write short and every 3rd EINTR: the edited file is whole and valid")
  func shortWritesAndInterrupts() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let attempts = Atomic<Int>(0)
    let faults = Atomic<Int>(0)
    // One byte per write at most, so that a file of a few kB meets hundreds of faults.
    let installation = WriteHooks.install(
      WriteHooks(fault: { _ in
        let attempt = attempts.add(1, ordering: .relaxed).newValue
        guard attempt % 2 == 0 || attempt % 3 == 0 else { return .short(1) }
        faults.add(1, ordering: .relaxed)
        return attempt % 3 == 0 ? .fail(EINTR) : .short(0)
      }), under: root.url)
    defer { installation.remove() }
    let note = String(repeating: "a long note, ", count: 40)
    try TakeNotesEditor.setNotes(note, in: take)
    let data = try Data(contentsOf: take.appendingPathComponent("metadata.json"))
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    #expect(
      try decoder.decode(TakeMetadata.self, from: data).notes
        == note.trimmingCharacters(
          in: .whitespaces))
    #expect(faults.load(ordering: .relaxed) > 100)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: take.path).allSatisfy {
        !$0.hasPrefix(".")
      }, "no temporary file is left")
  }

  @Test("a write that fails (disk full) leaves the old metadata.json whole, no temporary file")
  func failedWriteKeepsTheOldFile() throws {
    let root = try TemporaryFolder()
    let take = try TakeFactory.make(in: root.url)
    let file = take.appendingPathComponent("metadata.json")
    let original = try Data(contentsOf: file)
    let installation = WriteHooks.install(
      WriteHooks(fault: { _ in .fail(ENOSPC) }), under: root.url)
    defer { installation.remove() }
    #expect {
      try TakeNotesEditor.setNotes("lost", in: take)
    } throws: { error in
      (error as? DualCamError)?.problem.contains("No space left") == true
    }
    #expect(try Data(contentsOf: file) == original)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: take.path).allSatisfy {
        !$0.hasPrefix(".")
      })
  }
}
