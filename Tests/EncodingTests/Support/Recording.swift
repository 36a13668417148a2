import DualCamCore
import Encoding
import Foundation
import Media

/// Shortcuts for writing and reading back test videos.
enum Recording {
  static let smallSize = ImageSize(width: 96, height: 64)

  static func spec(
    _ url: URL, codec: VideoCodec = .h264, container: ContainerFormat = .mov,
    size: ImageSize = smallSize, rate: FrameRate = FrameRate(numerator: 30),
    keyframeInterval: Int? = nil
  ) -> OutputSpec {
    OutputSpec(
      name: "test", url: url, size: size, frameRate: rate, codec: codec, container: container,
      preset: "ultrafast", encoderThreads: 1, keyframeInterval: keyframeInterval)
  }

  /// Writes frames 0..<count of the test pattern through the writer's own input picture.
  static func writeFrames(_ count: Int, to writer: VideoFileWriter, from start: Int = 0) throws {
    for index in start..<(start + count) {
      TestPattern.draw(index, into: try writer.nextInputImage())
      try writer.submitFrame(index: Int64(index))
    }
  }

  /// Writes a finished file of `count` pattern frames.
  @discardableResult
  static func record(_ spec: OutputSpec, frames count: Int) throws -> OutputSummary {
    let writer = try VideoFileWriter(spec: spec)
    try writeFrames(count, to: writer)
    return try writer.finish()
  }

  /// Every frame of `url`, decoded: (result index, presentation time, identified pattern).
  static func decodeAll(
    _ url: URL, raw: RawVideoFormat? = nil
  ) throws -> [(index: Int64, time: Double, pattern: Int, error: Int, exact: Bool)] {
    let reader = try VideoFileReader(url: url, raw: raw)
    let target = TestImage(size: reader.size)
    defer { withExtendedLifetime(target) {} }
    var frames: [(Int64, Double, Int, Int, Bool)] = []
    while case .frame(let index, let time) = try reader.readFrame(into: target.image) {
      let (pattern, error) = TestPattern.identify(target.image)
      frames.append(
        (index, time, pattern, error, TestPattern.matchesExactly(target.image, index: pattern)))
    }
    return frames
  }
}
