public import DualCamCore

/// What a source is: written to the take's metadata and shown in the UI.
public struct SourceInfo: Sendable, Hashable, Codable {
  /// A V4L2 device, a file or the test pattern.
  public var kind: SourceKind
  /// A name for people ("Synthetic test pattern", "HD Pro Webcam C920 (/dev/video0)").
  public var label: String
  /// A stable identity: the same physical camera gives the same string across re-plugs.
  public var identity: String
  /// Frame size delivered.
  public var size: ImageSize
  /// Frame rate the source runs at.
  public var frameRate: FrameRate
  /// The format the source produces before conversion to I420 ("I420", "YUYV", "MJPEG", a codec).
  public var nativeFormat: String
  /// Further facts (options, driver, bus), as key/value text.
  public var details: [String: String]

  /// Creates a description.
  public init(
    kind: SourceKind, label: String, identity: String, size: ImageSize, frameRate: FrameRate,
    nativeFormat: String, details: [String: String] = [:]
  ) {
    self.kind = kind
    self.label = label
    self.identity = identity
    self.size = size
    self.frameRate = frameRate
    self.nativeFormat = nativeFormat
    self.details = details
  }
}
