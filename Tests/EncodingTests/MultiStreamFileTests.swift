import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// One file, several streams: video and sound written interleaved into one muxer, fragmented as
/// a video-only file is, so a killed process leaves both streams playable and repairable.
@Suite struct MultiStreamFileTests {
  static let sampleRate = 48_000
  static let channels = 2
  /// Sound samples per video frame at 30 fps.
  static let samplesPerFrame = sampleRate / 30

  /// Block `block` of a 440 Hz stereo tone (left and right in opposite phase), interleaved.
  static func tone(block: Int) -> [Int16] {
    (0..<samplesPerFrame).flatMap { offset -> [Int16] in
      let time = Double(block * samplesPerFrame + offset) / Double(sampleRate)
      let value = Int16((sin(2 * Double.pi * 440 * time) * 12_000).rounded())
      return [value, -value]
    }
  }

  /// The tone's first `samples` samples as the little-endian bytes PCM stores.
  static func toneBytes(samples: Int) -> Data {
    let values = (0..<(samples / samplesPerFrame + 1)).flatMap { tone(block: $0) }
    let bytes = values.prefix(samples * channels).flatMap { value -> [UInt8] in
      let bits = UInt16(bitPattern: value)
      return [UInt8(bits & 0xFF), UInt8(bits >> 8)]
    }
    return Data(bytes)
  }

  /// Writes `frames` video frames and the sound that goes with them, frame by frame.
  static func record(
    _ frames: Int, video: VideoFileWriter, sound: PCMAudioStream
  ) throws {
    for index in 0..<frames {
      TestPattern.draw(index, into: try video.nextInputImage())
      try video.submitFrame(index: Int64(index))
      try tone(block: index).withUnsafeBufferPointer { try sound.write($0) }
    }
  }

  @Test(
    "a sound stream beside the video survives a kill, and both streams cover the same time",
    arguments: [ContainerFormat.mov, .mkv])
  func soundBesideVideoSurvivesAKill(container: ContainerFormat) throws {
    let folder = TemporaryFolder()
    let spec = Recording.spec(
      folder.file("take.\(container.fileExtension)"), container: container, keyframeInterval: 10)
    let file = try OutputFile(spec: spec)
    let video = try VideoFileWriter(spec: spec, addingStreamTo: file)
    let sound = try PCMAudioStream(file: file, sampleRate: Self.sampleRate, channels: Self.channels)
    try file.begin(spec, description: "video and sound")
    #expect(file.interleaves)

    try Self.record(45, video: video, sound: sound)
    let killed = folder.file("killed.\(container.fileExtension)")
    try FileManager.default.copyItem(at: spec.url, to: killed)  // as a killed process leaves it
    if container == .mov { #expect(FileFinalizer.isFragmented(killed)) }

    // What the kill left: the completed fragments of both streams, repaired into a plain file.
    try FileFinalizer.makeSeekable(killed)
    let streams = try StreamSummary.streams(of: killed)
    #expect(streams.map(\.kind) == [.video, .audio])
    #expect(streams.map(\.codecName) == ["h264", "pcm_s16le"])
    let frames = try Recording.decodeAll(killed)
    #expect(frames.count >= 30)
    #expect(frames.enumerated().allSatisfy { $0.offset == $0.element.pattern })
    // Matroska stores times in milliseconds.
    let rounding = container == .mkv ? 0.001 : 1e-6
    #expect(abs(streams[0].duration - Double(frames.count) / 30) <= rounding)
    #expect(abs(streams[1].duration - streams[0].duration) <= 1.0 / 30 + rounding)
    let samples = streams[1].audioBytes.count / (2 * Self.channels)
    #expect(streams[1].audioBytes == Self.toneBytes(samples: samples))

    // The same file finished normally holds all 45 frames and 1.5 s of sound.
    try video.endStream()
    let summary = try file.finish(spec, frames: video.framesWritten)
    #expect(summary.frames == 45)
    let finished = try StreamSummary.streams(of: spec.url)
    // (The MOV reader cuts PCM into packets of its own size, so only the video's count is ours.)
    #expect(finished[0].packets == 45)
    #expect(abs(finished[0].duration - 1.5) <= rounding)
    #expect(abs(finished[1].duration - 1.5) <= rounding)
    #expect(finished[1].audioBytes == Self.toneBytes(samples: 45 * Self.samplesPerFrame))
    #expect(try Recording.decodeAll(spec.url).map(\.pattern) == Array(0..<45))
  }

  @Test func streamsCannotBeAddedOnceTheFileIsWritten() throws {
    let folder = TemporaryFolder()
    let spec = Recording.spec(folder.file("take.mov"))
    let video = try VideoFileWriter(spec: spec)
    #expect(!video.file.interleaves)
    #expect(throws: DualCamError.self) {
      _ = try PCMAudioStream(file: video.file, sampleRate: Self.sampleRate, channels: 2)
    }
    _ = try video.finish()
  }

  @Test func aWriterSharingItsFileDoesNotFinishIt() throws {
    let folder = TemporaryFolder()
    let spec = Recording.spec(folder.file("take.mkv"), container: .mkv)
    let file = try OutputFile(spec: spec)
    let video = try VideoFileWriter(spec: spec, addingStreamTo: file)
    _ = try PCMAudioStream(file: file, sampleRate: Self.sampleRate, channels: 1)
    try file.begin(spec, description: "video and sound")
    #expect(throws: DualCamError.self) { _ = try video.finish() }
    try video.endStream()
    _ = try file.finish(spec, frames: video.framesWritten)
  }
}
