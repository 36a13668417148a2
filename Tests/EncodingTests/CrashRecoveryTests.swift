import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// A recording process killed mid-take: the bytes on disk, without `finish()`, must play and be
/// repairable into an ordinary file.
@Suite struct CrashRecoveryTests {
  /// Frames in fragments (MOV) or clusters (MKV) completed when `written` packets are in the
  /// file: a fragment is complete once the next keyframe packet (every `interval`) arrived.
  static func completedFrames(written: Int64, interval: Int) -> Int {
    Int((written - 1) / Int64(interval)) * interval
  }

  /// Records `frames` frames and copies the file as a killed process would have left it.
  static func killedRecording(
    _ spec: OutputSpec, frames: Int, copyTo copy: URL
  ) throws -> Int64 {
    let writer = try VideoFileWriter(spec: spec)
    try Recording.writeFrames(frames, to: writer)
    try FileManager.default.copyItem(at: spec.url, to: copy)
    return writer.framesWritten  // the writer is dropped unfinished
  }

  @Test(arguments: [VideoCodec.h264, .mjpeg])
  func fragmentedMovPlaysAndIsRepaired(codec: VideoCodec) throws {
    let folder = TemporaryFolder()
    let copy = folder.file("killed.mov")
    let spec = Recording.spec(
      folder.file("take.mov"), codec: codec, keyframeInterval: 10)
    let written = try Self.killedRecording(spec, frames: 45, copyTo: copy)
    let completed = Self.completedFrames(written: written, interval: 10)
    #expect(completed >= 30)
    #expect(FileFinalizer.isFragmented(copy))

    let survivors = try Recording.decodeAll(copy)
    #expect(survivors.count >= completed)
    #expect(survivors.enumerated().allSatisfy { $0.offset == $0.element.pattern })

    try FileFinalizer.makeSeekable(copy)
    #expect(!FileFinalizer.isFragmented(copy))
    let info = try MediaProbe.inspect(copy)
    #expect(info.frameCount == survivors.count)
    #expect(abs(info.startTime) < 1e-9)
    let repaired = try Recording.decodeAll(copy)
    #expect(repaired.map(\.pattern) == survivors.map(\.pattern))
    #expect(!folder.contentsHaveTemporaryFiles)
  }

  @Test func truncatedLastFragmentIsCutAtTheDamage() throws {
    let folder = TemporaryFolder()
    let copy = folder.file("killed.mov")
    // veryfast uses B-frames: the fragmented file starts at the reordering delay, not 0.
    var spec = Recording.spec(folder.file("take.mov"), keyframeInterval: 10)
    spec.preset = "veryfast"
    let written = try Self.killedRecording(spec, frames: 59, copyTo: copy)
    let completed = Self.completedFrames(written: written, interval: 10)
    let handle = try FileHandle(forWritingTo: copy)
    let size = try handle.seekToEnd()
    try handle.truncate(atOffset: size - 300)  // the write of the last fragment was cut short
    try handle.close()

    let survivors = try Recording.decodeAll(copy)
    #expect(survivors.count >= completed - 10)
    #expect(survivors.enumerated().allSatisfy { $0.offset == $0.element.pattern })

    try FileFinalizer.makeSeekable(copy)
    let info = try MediaProbe.inspect(copy)
    #expect(!info.isFragmented)
    #expect(info.frameCount == survivors.count)
    #expect(abs(info.startTime) < 1e-9)
    let repaired = try Recording.decodeAll(copy)
    #expect(repaired.map(\.pattern) == survivors.map(\.pattern))
    #expect(abs(repaired.first?.time ?? -1) < 1e-9)
  }

  @Test func matroskaPlaysAfterAKill() throws {
    let folder = TemporaryFolder()
    let copy = folder.file("killed.mkv")
    let spec = Recording.spec(folder.file("take.mkv"), container: .mkv, keyframeInterval: 10)
    let written = try Self.killedRecording(spec, frames: 45, copyTo: copy)
    #expect(!FileFinalizer.isFragmented(copy))
    let survivors = try Recording.decodeAll(copy)
    #expect(survivors.count >= Self.completedFrames(written: written, interval: 10))
    #expect(survivors.enumerated().allSatisfy { $0.offset == $0.element.pattern })

    // The rewrite adds what the killed process never wrote: the index and the duration.
    try FileFinalizer.makeSeekable(copy)
    let info = try MediaProbe.inspect(copy)
    #expect(info.containerName.hasPrefix("matroska"))
    #expect(info.frameCount == survivors.count)
    #expect(abs(info.duration - Double(survivors.count) / 30) <= 1.0 / 30 + 0.001)
    #expect(try Recording.decodeAll(copy).map(\.pattern) == survivors.map(\.pattern))
  }

  @Test func finishedFileIsNotFragmented() throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.mp4")
    let writer = try VideoFileWriter(spec: Recording.spec(url, container: .mp4))
    try Recording.writeFrames(20, to: writer)
    #expect(FileFinalizer.isFragmented(url))
    _ = try writer.finish()
    #expect(!FileFinalizer.isFragmented(url))
    #expect(!folder.contentsHaveTemporaryFiles)
  }

  @Test func repairingGarbageKeepsTheFile() throws {
    let folder = TemporaryFolder()
    let url = folder.file("garbage.mov")
    let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
    try bytes.write(to: url)
    #expect(!FileFinalizer.isFragmented(url))
    do {
      try FileFinalizer.makeSeekable(url)
      Issue.record("garbage was accepted")
    } catch {
      #expect(error.problem.contains("left as it was"))
      #expect(
        !error.problem.contains("plays"), "whether garbage plays is not the finalizer's claim")
    }
    #expect(try Data(contentsOf: url) == bytes)
    #expect(!folder.contentsHaveTemporaryFiles)
  }
}

extension TemporaryFolder {
  /// True when a finalizer's hidden temporary file was left behind.
  var contentsHaveTemporaryFiles: Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.contains { $0.hasPrefix(".") }
  }
}
