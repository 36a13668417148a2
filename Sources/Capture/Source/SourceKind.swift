/// What kind of source a camera is: a V4L2 device, a file, the test pattern, or none.
///
/// A string underneath, so that `metadata.json` and the interface keep the words they show
/// (`v4l2`, `file`, `synthetic`), while code compares kinds the compiler knows.
public struct SourceKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The word written into metadata and shown in diagnostics.
  public let rawValue: String

  /// A kind named `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A V4L2 device (`/dev/videoN`): the only kind with camera controls, a USB bus and bytes
  /// counted from the driver.
  public static let v4l2 = SourceKind(rawValue: "v4l2")
  /// A raw or compressed video file played as a camera.
  public static let file = SourceKind(rawValue: "file")
  /// The built-in test pattern, which stamps frame numbers and times into its pixels.
  public static let synthetic = SourceKind(rawValue: "synthetic")
  /// No camera open yet (the interface before its session starts). Not named `none`, which
  /// `Optional.none` would shadow wherever a kind is optional.
  public static let unopened = SourceKind(rawValue: "none")

  /// The raw word.
  public var description: String { rawValue }
}
