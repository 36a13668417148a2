import DualCamCore
import Foundation
import Testing

@testable import Encoding

/// The writer's steady state: no input picture is reallocated or copied by libav.
@Suite struct AllocationTests {
  /// FFV1 (always) and threaded MJPEG keep a reference to the last input picture; with a
  /// single picture every frame would cost an allocation and a copy in `av_frame_make_writable`.
  /// (H.264 has no such pictures: see `x264ReadsPicturesWhereTheyLie`.)
  @Test(arguments: VideoCodec.allCases.filter { $0 != .h264 })
  func inputPicturesAreReused(codec: VideoCodec) throws {
    let folder = TemporaryFolder()
    var spec = Recording.spec(folder.file("take.mkv"), codec: codec, container: .mkv)
    spec.encoderThreads = 2
    let writer = try VideoFileWriter(spec: spec)
    try Recording.writeFrames(30, to: writer)
    #expect(writer.inputCopies == 0)
    _ = try writer.finish()
  }

  /// x264 is handed the caller's own planes (a camera's buffer) or the writer's input picture,
  /// never a copy of either.
  @Test func x264ReadsPicturesWhereTheyLie() throws {
    let folder = TemporaryFolder()
    var spec = Recording.spec(folder.file("take.mov"))
    spec.encoderThreads = 2
    let writer = try VideoFileWriter(spec: spec)
    #expect(writer.inputCopies == nil)
    let camera = TestImage(size: spec.size)
    for index in stride(from: 0, to: 20, by: 2) {
      TestPattern.draw(index, into: camera.image)
      try writer.write(camera.image, index: Int64(index))
      #expect(writer.x264HandedOverPlane == camera.image.plane0.base)
      let own = try writer.nextInputImage()
      TestPattern.draw(index + 1, into: own)
      try writer.submitFrame(index: Int64(index + 1))
      #expect(writer.x264HandedOverPlane == own.plane0.base)
      #expect(own.plane0.base != camera.image.plane0.base)
    }
    _ = try writer.finish()
    #expect(try Recording.decodeAll(spec.url).map(\.pattern) == Array(0..<20))
  }
}
