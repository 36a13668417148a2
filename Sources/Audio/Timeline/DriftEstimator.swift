public import DualCamCore

/// Measures a sound card's clock against the monotonic clock from its period stamps.
///
/// Each period says "frame `i` was captured at time `t`" (on CLOCK_MONOTONIC). A card whose
/// crystal runs fast delivers more frames per second than its nominal rate, so the frames drift
/// away from the pictures by tens of milliseconds an hour. Single stamps jitter (interrupt
/// latency, a period's granularity), so the estimator averages stamps into buckets of half a
/// second and fits a straight line `t = a + b·i` over a sliding window of buckets (two minutes
/// by default) by least squares: jitter averages out, and a clock that changes with temperature
/// is still followed. Until the window spans `minimumSpanNanoseconds` the nominal rate is used.
///
/// A fit claiming more than `maximumPlausiblePPM` is refused and counted (`rejectedFits`): no
/// real card is that far off, but a loaded machine that stamps periods late (or a gap measured
/// from such stamps) can tilt the line that much, and following it would pull the sound away
/// from the pictures. The previous line (or the nominal rate) stays in use.
///
/// Frame indices count the frames lost in gaps (see `AudioPeriodBuffer.firstFrameIndex`), so one
/// line holds across overruns and unplugs. Adding a stamp allocates nothing.
public struct DriftEstimator: Sendable {
  /// The rate the card claims.
  public let nominalRate: Int
  /// Length of one bucket, in ns.
  public let bucketNanoseconds: Int64
  /// The shortest span of stamps before the measured rate is trusted, in ns.
  public let minimumSpanNanoseconds: Int64

  /// Bucket means, relative to the first stamp ever seen (so Double keeps them exact).
  private var frames: [Double]
  private var times: [Double]
  private var count = 0
  private var newest = -1
  private var origin: (frame: Int64, time: MonotonicTime)?
  private var bucket = (frames: 0.0, times: 0.0, count: 0, start: Int64(0))
  private var line = (anchorFrame: 0.0, anchorTime: 0.0, nanosecondsPerFrame: 0.0)
  private var trusted = false
  /// Fits refused because they claimed an implausible clock error.
  public private(set) var rejectedFits = 0

  /// The largest clock error a fit may claim, in ppm: real cards are off by tens, cheap ones
  /// by a few hundred.
  public static let maximumPlausiblePPM = 2_000.0

  /// Creates an estimator for a card of `nominalRate` frames per second keeping `windowBuckets`
  /// buckets of `bucketNanoseconds`.
  public init(
    nominalRate: Int, bucketNanoseconds: Int64 = 500_000_000, windowBuckets: Int = 240,
    minimumSpanNanoseconds: Int64 = 10_000_000_000
  ) {
    precondition(nominalRate > 0 && windowBuckets >= 2, "a drift estimator needs a rate and room")
    self.nominalRate = nominalRate
    self.bucketNanoseconds = bucketNanoseconds
    self.minimumSpanNanoseconds = minimumSpanNanoseconds
    frames = Array(repeating: 0, count: windowBuckets)
    times = Array(repeating: 0, count: windowBuckets)
    line.nanosecondsPerFrame = 1e9 / Double(nominalRate)
  }

  /// True once a stamp was added.
  public var hasStamps: Bool { origin != nil }

  /// Adds the stamp of one period: frame `frameIndex` was captured at `time`.
  public mutating func add(frameIndex: Int64, time: MonotonicTime) {
    guard let origin else {
      self.origin = (frameIndex, time)
      bucket = (0, 0, 0, 0)
      line.anchorFrame = 0
      line.anchorTime = 0
      add(frameIndex: frameIndex, time: time)
      return
    }
    let frame = Double(frameIndex - origin.frame)
    let offset = time - origin.time
    if bucket.count > 0, offset - bucket.start >= bucketNanoseconds { closeBucket() }
    if bucket.count == 0 { bucket.start = offset }
    bucket.frames += frame
    bucket.times += Double(offset)
    bucket.count += 1
    if !trusted {
      // Until the fit is trusted, follow the newest stamp at the nominal rate.
      line.anchorFrame = frame
      line.anchorTime = Double(offset)
    }
  }

  private mutating func closeBucket() {
    newest = (newest + 1) % frames.count
    frames[newest] = bucket.frames / Double(bucket.count)
    times[newest] = bucket.times / Double(bucket.count)
    count = min(count + 1, frames.count)
    bucket = (0, 0, 0, 0)
    fit()
  }

  /// Least squares over the window, on values centred on their means.
  private mutating func fit() {
    guard count >= 2 else { return }
    let oldest = (newest - count + 1 + frames.count) % frames.count
    guard times[newest] - times[oldest] >= Double(minimumSpanNanoseconds) else { return }
    var meanFrame = 0.0
    var meanTime = 0.0
    for slot in 0..<count {
      let index = (oldest + slot) % frames.count
      meanFrame += frames[index]
      meanTime += times[index]
    }
    meanFrame /= Double(count)
    meanTime /= Double(count)
    var covariance = 0.0
    var variance = 0.0
    for slot in 0..<count {
      let index = (oldest + slot) % frames.count
      let frame = frames[index] - meanFrame
      covariance += frame * (times[index] - meanTime)
      variance += frame * frame
    }
    guard variance > 0 else { return }
    let slope = covariance / variance
    guard
      abs(Self.ppm(nominalRate: nominalRate, nanosecondsPerFrame: slope))
        <= Self.maximumPlausiblePPM
    else {
      rejectedFits += 1
      return
    }
    line = (meanFrame, meanTime, slope)
    trusted = true
  }

  /// True once the measured rate is used (the stamps span `minimumSpanNanoseconds`).
  public var isTrusted: Bool { trusted }

  /// How fast the card's clock runs, in parts per million (positive: fast); 0 until trusted.
  public var ppm: Double {
    guard trusted else { return 0 }
    return Self.ppm(nominalRate: nominalRate, nanosecondsPerFrame: line.nanosecondsPerFrame)
  }

  private static func ppm(nominalRate: Int, nanosecondsPerFrame: Double) -> Double {
    (1e9 / Double(nominalRate) / nanosecondsPerFrame - 1) * 1e6
  }

  /// The frames the card really delivers per second of the monotonic clock.
  public var measuredRate: Double { 1e9 / line.nanosecondsPerFrame }

  /// When frame `index` (fractional) was captured, by the fitted line.
  public func time(ofFrame index: Double) -> MonotonicTime? {
    guard let origin else { return nil }
    let offset =
      line.anchorTime + (index - Double(origin.frame) - line.anchorFrame)
      * line.nanosecondsPerFrame
    return origin.time + Int64(offset.rounded())
  }

  /// The (fractional) frame captured at `time`, by the fitted line.
  public func frame(at time: MonotonicTime) -> Double? {
    guard let origin else { return nil }
    let offset = Double(time - origin.time) - line.anchorTime
    return Double(origin.frame) + line.anchorFrame + offset / line.nanosecondsPerFrame
  }
}
