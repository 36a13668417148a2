import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// Every codec × container combination libavformat accepts: written, probed and decoded back.
@Suite struct RoundTripTests {
  static let codecNames: [VideoCodec: String] = [
    .h264: "h264", .hevc: "hevc", .mjpeg: "mjpeg", .ffv1: "ffv1",
  ]

  @Test(arguments: VideoCodec.allCases, ContainerFormat.allCases)
  func writesAndDecodesEveryFrame(codec: VideoCodec, container: ContainerFormat) throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.\(container.fileExtension)")
    let spec = Recording.spec(url, codec: codec, container: container, keyframeInterval: 10)
    if codec == .ffv1 && container == .mp4 {
      // The one combination this FFmpeg refuses; validate() must say so before any file exists.
      #expect(
        throws: DualCamError.invalidArgument(
          "FFV1 cannot be stored in MP4", fix: "use --container mov or mkv, or another codec")
      ) {
        try spec.validate()
      }
      #expect(!FileManager.default.fileExists(atPath: url.path))
      return
    }
    try spec.validate()
    let summary = try Recording.record(spec, frames: 30)
    #expect(summary.frames == 30)
    #expect(summary.duration == 1.0)
    #expect(summary.codec == codec && summary.container == container)
    let fileSize = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    #expect(summary.bytes == Int64(fileSize ?? -1))

    let info = try MediaProbe.inspect(url)
    #expect(info.codecName == Self.codecNames[codec])
    #expect(info.frameCount == 30)
    #expect(info.size == Recording.smallSize)
    #expect(info.frameRate == FrameRate(numerator: 30))
    #expect(abs(info.startTime) < 1e-9)
    #expect(abs(info.duration - 1.0) <= 1.0 / 30 + 1e-9)
    #expect(!info.isFragmented)
    #expect(info.fileSize == Int64(fileSize ?? -1))

    let frames = try Recording.decodeAll(url)
    #expect(frames.count == 30)
    let timeTolerance = container == .mkv ? 0.0006 : 1e-9  // Matroska stores milliseconds
    for (position, frame) in frames.enumerated() {
      #expect(frame.index == Int64(position))
      #expect(frame.pattern == position, "frame \(position) shows pattern \(frame.pattern)")
      #expect(abs(frame.time - Double(position) / 30) <= timeTolerance)
      if codec == .ffv1 {
        #expect(frame.exact, "FFV1 frame \(position) is not bit-exact")
      } else {
        #expect(frame.error <= 4, "frame \(position) differs by \(frame.error)")
      }
    }
  }

  @Test func progressCountersFollowTheFile() throws {
    let folder = TemporaryFolder()
    let writer = try VideoFileWriter(
      spec: Recording.spec(folder.file("take.mkv"), codec: .mjpeg, container: .mkv))
    #expect(writer.framesWritten == 0)
    #expect(writer.bytesWritten > 0)  // the header is on disk already
    try Recording.writeFrames(10, to: writer)
    #expect(writer.framesSubmitted == 10)
    #expect(writer.framesWritten == 10)  // MJPEG has no encoder delay
    let summary = try writer.finish()
    #expect(writer.bytesWritten == summary.bytes)
  }

  @Test func copiesCallerImages() throws {
    let folder = TemporaryFolder()
    let url = folder.file("copied.mkv")
    let writer = try VideoFileWriter(spec: Recording.spec(url, codec: .ffv1, container: .mkv))
    let source = TestImage(size: Recording.smallSize)
    for index in 0..<5 {
      TestPattern.draw(index, into: source.image)
      try writer.write(source.image, index: Int64(index))
    }
    _ = try writer.finish()
    let frames = try Recording.decodeAll(url)
    #expect(frames.map(\.pattern) == [0, 1, 2, 3, 4])
    #expect(frames.allSatisfy { $0.exact })
  }

  @Test func ntscRateKeepsExactTiming() throws {
    let folder = TemporaryFolder()
    let rate = FrameRate(numerator: 30000, denominator: 1001)
    for container in [ContainerFormat.mov, .mkv] {
      let url = folder.file("ntsc.\(container.fileExtension)")
      let summary = try Recording.record(
        Recording.spec(url, container: container, rate: rate), frames: 60)
      #expect(summary.duration == 60 * 1001 / 30000.0)
      let info = try MediaProbe.inspect(url)
      #expect(info.frameRate == rate)
      #expect(info.frameCount == 60)
      #expect(abs(info.startTime) < 1e-9)
      #expect(abs(info.duration - 2.002) <= 1001 / 30000.0)
      let reader = try VideoFileReader(url: url)
      #expect(reader.frameRate == rate)
      let frames = try Recording.decodeAll(url)
      #expect(frames.count == 60)
      // MOV keeps a 1/30000-based time scale, so every frame time is exact; MKV rounds to ms.
      let tolerance = container == .mov ? 1e-9 : 0.0006
      for (position, frame) in frames.enumerated() {
        #expect(abs(frame.time - Double(position) * 1001 / 30000) <= tolerance)
        #expect(frame.pattern == position)
      }
    }
  }

  /// veryfast reorders frames (B-frames): the fragmented file starts at the reordering delay,
  /// the finished one at 0 with every frame in order.
  @Test(arguments: [VideoCodec.h264, .hevc])
  func reorderedFramesStartAtZero(codec: VideoCodec) throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.mp4")
    var spec = Recording.spec(url, codec: codec, container: .mp4)
    spec.preset = "veryfast"
    let summary = try Recording.record(spec, frames: 40)
    #expect(summary.frames == 40)
    let info = try MediaProbe.inspect(url)
    #expect(info.frameCount == 40)
    #expect(abs(info.startTime) < 1e-9)
    #expect(abs(info.duration - 40.0 / 30) <= 1.0 / 30 + 1e-9)
    let frames = try Recording.decodeAll(url)
    #expect(frames.map(\.pattern) == Array(0..<40))
    #expect(abs(frames[0].time) < 1e-9 && abs(frames[39].time - 39.0 / 30) < 1e-9)
  }
}
