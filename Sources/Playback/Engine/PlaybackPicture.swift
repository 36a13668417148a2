public import DualCamCore

/// A picture the engine decoded: one frame of one file, or of two for side by side, always
/// the same frame number. Holds one reference on each buffer for its receiver, who calls
/// `release()` once done with it.
public struct PlaybackPicture: Sendable {
  /// The frame number on the take's timeline.
  public let frame: Int64
  /// What the picture shows.
  public let view: PlaybackView
  /// The picture (the left one side by side).
  public let primary: FrameBuffer
  /// The right picture side by side; nil otherwise.
  public let secondary: FrameBuffer?

  /// A picture holding the references the caller passes in (one per buffer).
  public init(frame: Int64, view: PlaybackView, primary: FrameBuffer, secondary: FrameBuffer?) {
    self.frame = frame
    self.view = view
    self.primary = primary
    self.secondary = secondary
  }

  /// Adds a reference for another holder.
  func retained() -> PlaybackPicture {
    primary.retain()
    secondary?.retain()
    return self
  }

  /// Gives the references back to the pools.
  public func release() {
    primary.release()
    secondary?.release()
  }
}

/// Where the engine is, as the interface shows it.
public struct PlaybackStatus: Sendable, Equatable {
  /// The frame shown last.
  public var frame: Int64 = 0
  /// True while playing.
  public var isPlaying = false
  /// The speed in force.
  public var speed: PlaybackSpeed = .normal
  /// The view shown.
  public var view: PlaybackView = .dualview
  /// Pictures decoded and published, seeks included.
  public var shownFrames: Int64 = 0
  /// Frames passed over while playing because their moment had gone by.
  public var droppedFrames: Int64 = 0
  /// True when playing reached the last frame (and stopped there).
  public var reachedEnd = false
  /// Why playback stopped on an error (a damaged file, the take deleted), for people.
  public var error: String?
  /// Grows with every picture published, so a reader can tell a new one.
  public var pictureNumber: Int64 = 0

  /// Creates a status.
  public init() {}
}
