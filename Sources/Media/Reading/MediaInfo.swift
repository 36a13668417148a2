public import DualCamCore
public import Foundation

/// What a video file holds, as read back by `MediaProbe` (used to verify takes).
public struct MediaInfo: Sendable, Hashable {
  /// The file.
  public var url: URL
  /// libavformat's name for the container ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm").
  public var containerName: String
  /// libavcodec's name for the video codec ("h264", "hevc", "mjpeg", "ffv1").
  public var codecName: String
  /// Picture size of the video stream.
  public var size: ImageSize
  /// Frame rate of the video stream.
  public var frameRate: FrameRate
  /// When the first frame is shown, in seconds (0 for DualCam's finished files).
  public var startTime: Double
  /// Length of the video stream in seconds, as the file states it.
  public var duration: Double
  /// Video packets (= frames) counted by reading the whole file, up to any damage.
  public var frameCount: Int
  /// True for a MOV/MP4 still in its recording (fragmented) form.
  public var isFragmented: Bool
  /// Size of the file in bytes.
  public var fileSize: Int64

  /// Creates a description (normally made by `MediaProbe.inspect`).
  public init(
    url: URL, containerName: String, codecName: String, size: ImageSize, frameRate: FrameRate,
    startTime: Double, duration: Double, frameCount: Int, isFragmented: Bool, fileSize: Int64
  ) {
    self.url = url
    self.containerName = containerName
    self.codecName = codecName
    self.size = size
    self.frameRate = frameRate
    self.startTime = startTime
    self.duration = duration
    self.frameCount = frameCount
    self.isFragmented = isFragmented
    self.fileSize = fileSize
  }
}
