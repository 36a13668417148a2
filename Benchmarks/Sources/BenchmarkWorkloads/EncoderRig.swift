public import DualCamCore
import Encoding
import Foundation

/// One `VideoFileWriter` (x264, MOV) fed a moving picture, for counting what encoding one frame
/// allocates inside libav.
public final class EncoderRig: @unchecked Sendable {
  private let writer: VideoFileWriter
  private let url: URL
  private var index: Int64 = 0

  /// Opens a writer for `size` frames with x264 `preset`.
  public init(size: ImageSize = ImageSize(width: 1280, height: 720), preset: String = "ultrafast")
    throws
  {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-bench-encoder-\(getpid()).mov")
    writer = try VideoFileWriter(
      spec: OutputSpec(
        name: "bench", url: url, size: size, frameRate: FrameRate(numerator: 30), codec: .h264,
        container: .mov, bitsPerSecond: 4_000_000, preset: preset, encoderThreads: 1))
  }

  /// Fills the writer's input picture with a shifted ramp and submits it.
  public func writeNextFrame() throws {
    let image = try writer.nextInputImage()
    let shift = UInt8(truncatingIfNeeded: index)
    for plane in 0..<3 {
      let target = image.plane(plane)
      for row in 0..<image.planeHeight(plane) {
        let line = target.row(row)
        for column in 0..<image.planeWidth(plane) {
          line[column] = UInt8(truncatingIfNeeded: column &+ row) &+ shift
        }
      }
    }
    try writer.submitFrame(index: index)
    index += 1
  }

  /// Finishes the file and removes it.
  public func finish() {
    _ = try? writer.finish()
    try? FileManager.default.removeItem(at: url)
  }
}
