import DualCamCore

/// One output frame for one worker: the slot index and the frames it needs, each with a
/// reference held for this job.
struct OutputJob: Sendable {
  /// Output frame number (the pts in every file).
  var index: Int64
  /// Front frame (for the front and dual-view outputs).
  var front: FrameBuffer?
  /// Back frame (for the back and dual-view outputs).
  var back: FrameBuffer?

  /// Gives back this job's references.
  func release() {
    front?.release()
    back?.release()
  }
}
