public import DualCamCore
public import Foundation
import Media

/// What a finished output file holds.
public struct OutputSummary: Sendable, Hashable {
  /// The file.
  public var url: URL
  /// Video frames in the file.
  public var frames: Int64
  /// `frames` divided by the frame rate, in seconds.
  public var duration: Double
  /// Size of the final file in bytes.
  public var bytes: Int64
  /// Codec of the video stream.
  public var codec: VideoCodec
  /// File format.
  public var container: ContainerFormat
  /// Frame rate of the video stream.
  public var frameRate: FrameRate

  /// Creates a summary (normally made by `VideoFileWriter.finish()`).
  public init(
    url: URL, frames: Int64, duration: Double, bytes: Int64, codec: VideoCodec,
    container: ContainerFormat, frameRate: FrameRate
  ) {
    self.url = url
    self.frames = frames
    self.duration = duration
    self.bytes = bytes
    self.codec = codec
    self.container = container
    self.frameRate = frameRate
  }
}
