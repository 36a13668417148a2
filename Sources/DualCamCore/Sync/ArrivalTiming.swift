/// How late and how often one camera's frames reach the synchronizer, learned from the frames
/// themselves, so that a slot waits as long as this camera needs and not longer.
///
/// A busy machine (a Raspberry Pi encoding three files, an emulated guest) can hand a frame over
/// a hundred milliseconds after the driver captured it. A fixed wait would then decide slots
/// without the frame that belongs to them: the slot repeats the previous frame and the late one
/// is dropped, a duplicate and a drop for a frame that did arrive.
struct ArrivalTiming {
  /// Recent worst delay between a frame's capture and its arrival, in ns. It rises to a larger
  /// delay at once and forgets it by 1/32 per frame (about a second at 30 fps), so one spike is
  /// covered for a while and a camera that settles down is trusted again.
  private(set) var delay: Int64 = 0
  /// Typical time between two captures in ns; 0 until two frames were seen.
  private(set) var interval: Int64 = 0
  private var lastCapture: MonotonicTime?

  /// Learns from a frame captured at `captureTime` that arrived at `arrival`.
  mutating func note(captureTime: MonotonicTime, arrival: MonotonicTime) {
    delay = max(max(arrival - captureTime, 0), delay - delay / 32)
    if let lastCapture {
      let step = captureTime - lastCapture
      // A step over twice the interval is a lost frame or a pause, not the camera's rhythm.
      if step > 0 && (interval == 0 || step <= 2 * interval) && step < 1_000_000_000 {
        interval = interval == 0 ? step : interval + (step - interval) / 8
      }
    }
    lastCapture = max(lastCapture ?? captureTime, captureTime)
  }
}
