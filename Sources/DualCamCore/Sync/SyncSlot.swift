/// One output slot: the frame each camera contributes to output frame `index`.
///
/// The frames are borrowed from the synchronizer, which keeps one reference to each in case
/// the next slot repeats it. A consumer that keeps a frame beyond handling the slot calls
/// `retain()` on it (and `release()` when done).
public struct SyncSlot: @unchecked Sendable {
  /// Output frame number, from 0, continuous across pauses.
  public var index: Int64
  /// The capture time this slot stands for on the monotonic clock.
  public var targetTime: MonotonicTime
  /// The front camera's frame, or nil when it has delivered nothing yet (signal lost).
  public var front: FrameBuffer?
  /// The back camera's frame, or nil when it has delivered nothing yet (signal lost).
  public var back: FrameBuffer?
  /// True when `front` is the same frame as in the previous slot.
  public var frontRepeated: Bool
  /// True when `back` is the same frame as in the previous slot.
  public var backRepeated: Bool

  /// The frame of camera `index` (0 = front, 1 = back).
  public func frame(camera index: Int) -> FrameBuffer? { index == 0 ? front : back }
}
