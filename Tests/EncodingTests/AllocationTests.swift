import DualCamCore
import Foundation
import Testing

@testable import Encoding

/// The writer's steady state: no input picture is reallocated or copied by libav.
@Suite struct AllocationTests {
  /// FFV1 (always) and threaded MJPEG keep a reference to the last input picture; with a
  /// single picture every frame would cost an allocation and a copy in `av_frame_make_writable`.
  @Test(arguments: VideoCodec.allCases)
  func inputPicturesAreReused(codec: VideoCodec) throws {
    let folder = TemporaryFolder()
    var spec = Recording.spec(folder.file("take.mkv"), codec: codec, container: .mkv)
    spec.encoderThreads = 2
    let writer = try VideoFileWriter(spec: spec)
    try Recording.writeFrames(30, to: writer)
    #expect(writer.inputCopies == 0)
    _ = try writer.finish()
  }
}
