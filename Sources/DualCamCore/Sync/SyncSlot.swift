/// One output slot: the frame each camera contributes to output frame `index`.
///
/// Ownership: the slot carries one reference to each of its frames for the caller, who passes
/// them on or calls `release()`. (The synchronizer keeps a reference of its own in case the next
/// slot repeats a frame, so a slot stays valid even after the take has finished.)
public struct SyncSlot: Sendable {
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

  /// Creates a slot; the caller hands over one reference to each frame given.
  public init(
    index: Int64, targetTime: MonotonicTime, front: FrameBuffer?, back: FrameBuffer?,
    frontRepeated: Bool, backRepeated: Bool
  ) {
    self.index = index
    self.targetTime = targetTime
    self.front = front
    self.back = back
    self.frontRepeated = frontRepeated
    self.backRepeated = backRepeated
  }

  /// Gives back the slot's references.
  public func release() {
    front?.release()
    back?.release()
  }
}
