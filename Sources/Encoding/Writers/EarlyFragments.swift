import DualCamCore

/// Closes short fragments during a take's first second, so that a take killed within it keeps
/// what it had.
///
/// Fragments (MOV/MP4) and clusters (MKV) normally end at each keyframe, about once a second,
/// and only a completed one survives a crash: a take killed 0.5 s in left three files with an
/// empty index and no frame. For the first keyframe interval the writer closes the fragment
/// every `step` frames (about a tenth of a second) as well; after that, fragments end at
/// keyframes (or by time) exactly as before. A fragment is closed only when every frame up to
/// it is in the file (with B-frames packets arrive out of display order), so what a crash leaves is a gapless
/// run of frames from 0, which crash recovery can cut anywhere without losing a reference.
struct EarlyFragments {
  /// Frames between early fragment ends (at least one).
  let step: Int64
  /// Packets after which early fragments stop: the first keyframe interval.
  let until: Int64
  private var packets: Int64 = 0
  private var highest: Int64 = -1
  private var lastEnd: Int64 = 0

  /// Ends of early fragments about every tenth of a second of `spec`'s frame rate.
  init(spec: OutputSpec) {
    step = max(1, Int64((spec.frameRate.framesPerSecond / 10).rounded()))
    until = Int64(spec.keyframeInterval)
  }

  /// Notes that the packet of frame `index` was written; true when the fragment should be
  /// closed now.
  mutating func noteWritten(frame index: Int64) -> Bool {
    packets += 1
    highest = max(highest, index)
    guard packets <= until, highest + 1 == packets else { return false }
    // The last early fragment ends exactly at the interval, so that fragments cut by time
    // (MJPEG's frag_duration, Matroska's cluster limit) keep their places after it.
    guard packets == until || packets - lastEnd >= step else { return false }
    lastEnd = packets
    return true
  }
}
