public import DualCamCore

/// When each frame is due while playing: frame `anchorFrame` at `anchorTime`, then one frame
/// per period divided by the speed. Pure integer arithmetic, so a manual clock gives exact
/// counts; `Int128` keeps hours of nanoseconds times the rate from overflowing.
public struct PlaybackSchedule: Sendable, Equatable {
  /// The take's frame rate.
  public let rate: FrameRate
  /// The speed in force.
  public private(set) var speed: PlaybackSpeed
  /// The frame shown at `anchorTime`.
  public private(set) var anchorFrame: Int64
  /// When `anchorFrame` was shown.
  public private(set) var anchorTime: MonotonicTime

  /// A schedule that shows `frame` at `time` and goes on at `speed`.
  public init(rate: FrameRate, speed: PlaybackSpeed, frame: Int64, at time: MonotonicTime) {
    self.rate = rate
    self.speed = speed
    anchorFrame = frame
    anchorTime = time
  }

  /// The frame due at `time`: the last one whose moment has come.
  public func frameDue(at time: MonotonicTime) -> Int64 {
    let elapsed = Int128(max(time - anchorTime, 0))
    let frames =
      elapsed * Int128(speed.quarters) * Int128(rate.numerator)
      / (Int128(4) * Int128(rate.denominator) * 1_000_000_000)
    return anchorFrame + Int64(frames)
  }

  /// When `frame` is due (at once for frames at or before the anchor).
  public func time(of frame: Int64) -> MonotonicTime {
    let frames = Int128(max(frame - anchorFrame, 0))
    let divisor = Int128(speed.quarters) * Int128(rate.numerator)
    let nanoseconds =
      (frames * 4 * Int128(rate.denominator) * 1_000_000_000 + divisor - 1) / divisor
    return anchorTime + Int64(nanoseconds)
  }

  /// Starts again from `frame` at `time` (after a seek, a pause or a new speed).
  public mutating func restart(at frame: Int64, time: MonotonicTime, speed: PlaybackSpeed? = nil) {
    anchorFrame = frame
    anchorTime = time
    if let speed { self.speed = speed }
  }
}
