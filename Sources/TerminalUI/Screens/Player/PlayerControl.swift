public import Playback

/// What the player screen asks its executor to do to the playing take.
public enum PlayerControl: Sendable, Equatable {
  /// Play when paused, pause when playing.
  case togglePlaying
  /// Move by seconds of the take (negative: back).
  case seek(seconds: Double)
  /// Pause and move by frames.
  case step(frames: Int64)
  /// The first frame.
  case start
  /// The last frame (paused there).
  case end
  /// Play at this speed.
  case speed(PlaybackSpeed)
  /// Show this view, from the same frame.
  case view(PlaybackView)
}
