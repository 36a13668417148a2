/// What a take's audio timeline counted, for the metadata and the progress line.
public struct AudioTimelineStatistics: Sendable, Hashable, Codable {
  /// Frames captured and handed to the timeline.
  public var framesCaptured: Int64 = 0
  /// Frames of the recorded timeline produced so far (what the files get).
  public var framesProduced: Int64 = 0
  /// Frames of the timeline for which no sound was captured (gaps, a lost device, a late
  /// source), recorded as silence.
  public var silenceFrames: Int64 = 0
  /// Captured frames skipped because they were captured while paused.
  public var discardedWhilePausedFrames: Int64 = 0
  /// Pause cuts faded out and in.
  public var cuts = 0
  /// The sound card's clock against the monotonic clock, in ppm (positive: fast).
  public var driftPPM = 0.0
  /// Drift fits refused because they claimed more than `DriftEstimator.maximumPlausiblePPM`.
  public var rejectedDriftFits = 0
  /// The largest distance between where the sound was and where the pictures wanted it, in ns,
  /// measured at each block once the stream was placed (before the correction of that block).
  public var maxOffsetNanoseconds: Int64 = 0
  /// The average of that distance, in ns.
  public var meanOffsetNanoseconds: Int64 = 0

  /// Zeroed statistics.
  public init() {}
}
