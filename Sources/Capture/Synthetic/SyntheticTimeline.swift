public import DualCamCore

/// When a synthetic camera captures each frame, and which frames it loses.
///
/// Pure and seeded: the same options give the same capture times and drops every run, so tests
/// can predict exactly what the synchronizer must count.
public struct SyntheticTimeline: Sendable {
  /// One frame the camera delivers.
  public struct Capture: Sendable, Equatable {
    /// The camera's sequence number (gaps mark lost frames).
    public var sequence: UInt64
    /// Capture time on the monotonic clock.
    public var time: MonotonicTime
  }

  /// The camera's frame rate.
  public let rate: FrameRate
  /// When frame 0 would be captured without jitter.
  public let origin: MonotonicTime
  private let jitter: Int64
  private let dropProbability: Double
  private let dropEvery: Int
  private var random: SplitMix64
  private var nextSequence: UInt64 = 0
  private var lastTime: MonotonicTime?

  /// Creates the timeline of a camera started at `start` with `options`, delivering at `rate`.
  public init(start: MonotonicTime, rate: FrameRate, options: SyntheticCameraOptions) {
    self.rate = rate
    origin = start + options.phaseNanoseconds
    jitter = min(options.jitterNanoseconds, rate.periodNanoseconds / 2 - 1)
    dropProbability = options.dropProbability
    dropEvery = options.dropEvery
    random = SplitMix64(seed: options.seed)
  }

  /// The next frame that the camera delivers (lost frames are skipped, leaving a gap).
  public mutating func next() -> Capture {
    while true {
      let sequence = nextSequence
      nextSequence += 1
      var time = origin + rate.time(ofFrame: Int64(sequence))
      if jitter > 0 {
        time = time + Int64(random.nextDouble(in: -1...1) * Double(jitter))
      }
      // Jitter never reorders frames: a real camera's timestamps only move forward.
      if let lastTime, time <= lastTime { time = lastTime + 1 }
      let lost =
        (dropEvery > 0 && sequence > 0 && sequence % UInt64(dropEvery) == 0)
        || (dropProbability > 0 && random.nextDouble(in: 0..<1) < dropProbability)
      if lost && sequence > 0 { continue }
      lastTime = time
      return Capture(sequence: sequence, time: time)
    }
  }
}

/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose output is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `range`.
  public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53)
      * (range.upperBound - range.lowerBound)
  }

  /// A uniform value in `range`.
  public mutating func nextDouble(in range: Range<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53)
      * (range.upperBound - range.lowerBound)
  }
}
