import DualCamCore
import Foundation
import Playback
import Testing

/// Reads what the engine shows: the picture newer than the last one taken, its frame number,
/// stamps and checksums.
struct EngineProbe {
  let engine: PlaybackEngine
  private(set) var seen: Int64 = 0

  /// What one picture held.
  struct Shown {
    var frame: Int64
    var view: PlaybackView
    var primaryStamp: FrameStamp?
    var secondaryStamp: FrameStamp?
    var primaryChecksum: UInt64
    var secondaryChecksum: UInt64?
  }

  init(_ engine: PlaybackEngine) { self.engine = engine }

  /// Waits for the engine to carry out every command, then takes its newest picture (nil when
  /// nothing new was published).
  mutating func settleAndTake() -> Shown? {
    engine.settle()
    guard let (picture, number) = engine.picture(newerThan: seen) else { return nil }
    defer { picture.release() }
    seen = number
    return Shown(
      frame: picture.frame, view: picture.view,
      primaryStamp: FrameStamp.read(from: picture.primary.image),
      secondaryStamp: picture.secondary.flatMap { FrameStamp.read(from: $0.image) },
      primaryChecksum: RecordedTake.checksum(picture.primary.image),
      secondaryChecksum: picture.secondary.map { RecordedTake.checksum($0.image) })
  }
}
