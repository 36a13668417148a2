import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// A take killed in its first second keeps what it had: the first keyframe interval is written
/// in short fragments, and after it fragments end at keyframes as before.
@Suite struct EarlyFragmentTests {
  /// Writes `frames` frames with the default keyframe interval (one second) and copies the file
  /// as a process killed at that moment would leave it; returns the frames that decode.
  static func framesSurvivingKill(
    after frames: Int, codec: VideoCodec, container: ContainerFormat = .mov,
    preset: String = "ultrafast"
  ) throws -> [Int] {
    let folder = TemporaryFolder()
    var spec = Recording.spec(
      folder.file("take.\(container.fileExtension)"), codec: codec, container: container)
    spec.preset = codec.takesPreset ? preset : nil
    let writer = try VideoFileWriter(spec: spec)
    try Recording.writeFrames(frames, to: writer)
    let copy = folder.file("killed.\(container.fileExtension)")
    try FileManager.default.copyItem(at: spec.url, to: copy)
    return try Recording.decodeAll(copy).map(\.pattern)
  }

  @Test(
    "a kill 0.5 s into a take keeps all but the last tenth of a second",
    arguments: [
      (VideoCodec.h264, ContainerFormat.mov), (.ffv1, .mov), (.mjpeg, .mov), (.h264, .mkv),
      (.h264, .mp4),
    ])
  func killAtHalfASecondKeepsFrames(codec: VideoCodec, container: ContainerFormat) throws {
    let survivors = try Self.framesSurvivingKill(after: 15, codec: codec, container: container)
    // Fragments end every 3 frames at 30 fps; the last one may still be in memory.
    #expect(survivors.count >= 12, "\(codec) in \(container): \(survivors.count) of 15 frames")
    #expect(survivors == Array(0..<survivors.count), "a gapless run from frame 0")
  }

  @Test("with B-frames an early fragment ends only where every earlier frame is written")
  func bFramesLeaveAGaplessRun() throws {
    let survivors = try Self.framesSurvivingKill(after: 20, codec: .h264, preset: "veryfast")
    #expect(survivors.count >= 9, "\(survivors.count) of 20 frames")
    #expect(survivors == Array(0..<survivors.count))
  }

  @Test("after the first second, fragments end at keyframes only, as before")
  func steadyStateIsUnchanged() throws {
    // 65 frames: the first second in short fragments, the second ends at keyframe 60; frames
    // 60-64 are in the fragment still being collected.
    let survivors = try Self.framesSurvivingKill(after: 65, codec: .h264)
    #expect(survivors.count == 60)
    let partway = try Self.framesSurvivingKill(after: 50, codec: .h264)
    #expect(partway.count == 30, "no early fragment in the second second")
  }
}
