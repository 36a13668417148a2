import DualCamCore
import Encoding
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// The thumbnail is the frame 10 % into the take, reached by a seek: frame 333 of 3,333, read
/// back from the frame stamp drawn into each synthetic frame.
@Suite struct MediaThumbnailMakerTests {
  static let size = ImageSize(width: 192, height: 144)

  /// A dual view file of `frames` grey frames, each stamped with its own number; a keyframe
  /// every second (the recorder's default), so landing on a frame needs decoding forward.
  static func stampedVideo(frames: Int, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("dualview_synthetic.mov")
    let writer = try VideoFileWriter(
      spec: OutputSpec(
        name: "dualview", url: url, size: size, frameRate: FrameRate(numerator: 30),
        codec: .h264, container: .mov, preset: "ultrafast", encoderThreads: 1))
    for index in 0..<frames {
      let image = try writer.nextInputImage()
      image.fill(plane: 0, with: UInt8(40 + index % 150))
      image.fill(plane: 1, with: 128)
      image.fill(plane: 2, with: 128)
      FrameStamp(
        sourceID: 0, frameNumber: UInt32(index), captureMicroseconds: UInt64(index) * 33_333
      ).draw(into: image)
      try writer.submitFrame(index: Int64(index))
    }
    _ = try writer.finish()
    return url
  }

  @Test func aThumbnailIsTheFrameTenPercentIn() throws {
    let folder = try TemporaryFolder()
    let video = try Self.stampedVideo(frames: 3_333, in: folder.url)
    let maker = MediaThumbnailMaker()

    let (index, frame) = try maker.decodeFrame(of: video, at: 0.1)
    defer { frame.release() }
    #expect(index == 333)
    #expect(FrameStamp.read(from: frame.image)?.frameNumber == 333)

    let bounds = ImageSize(width: 96, height: 96)
    let thumbnail = try maker.makeThumbnail(of: video, at: 0.1, fitting: bounds)
    #expect(thumbnail == MediaThumbnailMaker.scale(frame.image, fitting: bounds))
    #expect(thumbnail.size == ImageSize(width: 96, height: 72))
  }

  @Test func theEndsOfTheRangeAreTheFirstAndLastFrames() throws {
    let folder = try TemporaryFolder()
    let video = try Self.stampedVideo(frames: 95, in: folder.url)
    let maker = MediaThumbnailMaker()
    for (fraction, expected) in [(0.0, 0), (1.0, 94), (0.5, 47)] {
      let (index, frame) = try maker.decodeFrame(of: video, at: fraction)
      #expect(index == Int64(expected))
      #expect(FrameStamp.read(from: frame.image)?.frameNumber == UInt32(expected))
      frame.release()
    }
  }
}
