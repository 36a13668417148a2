public import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// Per-channel sound level as a meter shows it: peak and RMS in dBFS and a clip indicator.
///
/// Ballistics, on the injected clock: the peak jumps up at once and falls back at
/// `peakFallDecibelsPerSecond` (so a short click stays visible), the RMS is an exponential
/// average over `rmsTimeConstantNanoseconds`, which also decays when no sound arrives (a lost
/// device reads as falling to silence, not frozen), and the clip light stays on for
/// `clipHoldNanoseconds` after a sample reached full scale. Processing a period allocates
/// nothing.
public struct LevelMeter: Sendable {
  /// One channel's reading.
  public struct ChannelLevel: Sendable, Equatable {
    /// Peak in dBFS (0 is full scale), at least `LevelMeter.floorDecibels`.
    public var peakDecibels: Double
    /// RMS in dBFS, at least `LevelMeter.floorDecibels`.
    public var rmsDecibels: Double
    /// True while a recent sample reached full scale.
    public var clipping: Bool

    /// Creates a reading.
    public init(peakDecibels: Double, rmsDecibels: Double, clipping: Bool) {
      self.peakDecibels = peakDecibels
      self.rmsDecibels = rmsDecibels
      self.clipping = clipping
    }
  }

  /// The quietest level reported (digital silence reads as this).
  public static let floorDecibels = -96.0
  /// Samples at or above this magnitude count as clipped (-0.01 dBFS).
  public static let clipMagnitude: Float = 0.9989

  /// Channels metered.
  public let channels: Int
  private let clock: any MonotonicClock
  private let peakFallDecibelsPerSecond: Double
  private let rmsTimeConstantNanoseconds: Double
  private let clipHoldNanoseconds: Int64
  private var peaks: [Double]
  private var peakTimes: [MonotonicTime]
  private var meanSquares: [Double]
  private var clipTimes: [MonotonicTime?]
  private var updated: MonotonicTime

  /// Creates a meter for `channels` channels reading time from `clock`.
  public init(
    channels: Int, clock: any MonotonicClock, peakFallDecibelsPerSecond: Double = 20,
    rmsTimeConstantNanoseconds: Int64 = 300_000_000, clipHoldNanoseconds: Int64 = 2_000_000_000
  ) {
    precondition(channels > 0, "a level meter needs a channel")
    self.channels = channels
    self.clock = clock
    self.peakFallDecibelsPerSecond = peakFallDecibelsPerSecond
    self.rmsTimeConstantNanoseconds = Double(rmsTimeConstantNanoseconds)
    self.clipHoldNanoseconds = clipHoldNanoseconds
    let now = clock.now()
    peaks = Array(repeating: Self.floorDecibels, count: channels)
    peakTimes = Array(repeating: now, count: channels)
    meanSquares = Array(repeating: 0, count: channels)
    clipTimes = Array(repeating: nil, count: channels)
    updated = now
  }

  /// Measures a captured period (channels beyond the meter's are ignored).
  public mutating func process(_ period: AudioPeriodBuffer) {
    let now = clock.now()
    let frames = period.frameCount
    guard frames > 0 else { return }
    let duration = Double(period.format.nanoseconds(ofFrames: Int64(frames)))
    let keep = exp(-duration / rmsTimeConstantNanoseconds)
    // Time not covered by this period passed in silence (the device was lost, or quiet).
    decayMeanSquares(to: now, coveredNanoseconds: duration)
    for channel in 0..<min(channels, period.format.channels) {
      var peak: Float = 0
      var sum = 0.0
      for frame in 0..<frames {
        let value = abs(period.sample(frame: frame, channel: channel))
        peak = max(peak, value)
        sum += Double(value) * Double(value)
      }
      meanSquares[channel] = meanSquares[channel] * keep + sum / Double(frames) * (1 - keep)
      let peakDecibels = Self.decibels(amplitude: Double(peak))
      if peakDecibels >= fallenPeak(channel: channel, at: now) {
        peaks[channel] = peakDecibels
        peakTimes[channel] = now
      }
      if peak >= Self.clipMagnitude { clipTimes[channel] = now }
    }
  }

  /// The reading of `channel` now.
  public func level(channel: Int) -> ChannelLevel {
    let now = clock.now()
    let elapsed = Double(max(now - updated, 0))
    let meanSquare = meanSquares[channel] * exp(-elapsed / rmsTimeConstantNanoseconds)
    let clipping = clipTimes[channel].map { now - $0 < clipHoldNanoseconds } ?? false
    return ChannelLevel(
      peakDecibels: fallenPeak(channel: channel, at: now),
      rmsDecibels: max(Self.decibels(amplitude: meanSquare.squareRoot()), Self.floorDecibels),
      clipping: clipping)
  }

  private func fallenPeak(channel: Int, at now: MonotonicTime) -> Double {
    let seconds = Double(max(now - peakTimes[channel], 0)) / 1e9
    return max(peaks[channel] - peakFallDecibelsPerSecond * seconds, Self.floorDecibels)
  }

  /// Applies the RMS decay for the time since the last update that no sound covered.
  private mutating func decayMeanSquares(to now: MonotonicTime, coveredNanoseconds: Double) {
    let elapsed = max(Double(max(now - updated, 0)) - coveredNanoseconds, 0)
    if elapsed > 0 {
      let keep = exp(-elapsed / rmsTimeConstantNanoseconds)
      for channel in 0..<channels { meanSquares[channel] *= keep }
    }
    updated = now
  }

  /// 20·log10(amplitude), never below the floor.
  public static func decibels(amplitude: Double) -> Double {
    amplitude > 0 ? max(20 * log10(amplitude), floorDecibels) : floorDecibels
  }
}
