public import Capture
public import DualCamCore

/// Two opened sources and the text each was opened from.
public struct OpenedSources {
  /// The front source.
  public var front: any CameraSource
  /// The back source.
  public var back: any CameraSource
  /// What the front source was opened from (`/dev/video0`, `synthetic`).
  public var frontSpec: String
  /// What the back source was opened from.
  public var backSpec: String
  /// Lines for the user: which source is which and why.
  public var notes: [String]

  /// Creates the pair.
  public init(
    front: any CameraSource, back: any CameraSource, frontSpec: String, backSpec: String,
    notes: [String]
  ) {
    self.front = front
    self.back = back
    self.frontSpec = frontSpec
    self.backSpec = backSpec
    self.notes = notes
  }
}

/// Opens sources for the interface: the front and back texts (nil: automatic) at the settings'
/// size and rate. The command-line target provides it, so that the interface and `record`
/// choose sources the same way.
public typealias SourceOpener =
  @Sendable (String?, String?, RecordingSettings) throws(DualCamError) -> OpenedSources
