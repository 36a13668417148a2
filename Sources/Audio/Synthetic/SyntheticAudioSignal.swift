public import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// The samples a synthetic sound card captures, and when: pure, so tests can predict every
/// sample and its capture time.
///
/// Frame `i` is captured at `start + i / (rate × (1 + ppm / 10⁶))`: a card whose clock runs
/// `ppm` fast delivers that many more frames per second of the monotonic clock. A click (the
/// tone plus `clickLevel`) begins with the first frame captured at or after the capture time of
/// every `clickEveryFrames`-th synthetic camera frame, so a decoded click and the frame it
/// belongs to can be compared.
public struct SyntheticAudioSignal: Sendable {
  /// What is played.
  public let options: SyntheticAudioOptions
  /// When frame 0 is captured.
  public let start: MonotonicTime
  private let clickOrigin: MonotonicTime
  private let nanosecondsPerFrame: Double

  /// Creates the signal of a card started at `start`.
  public init(start: MonotonicTime, options: SyntheticAudioOptions) {
    self.options = options
    self.start = start
    clickOrigin = options.clickOrigin ?? start
    nanosecondsPerFrame =
      1e9 / (Double(options.format.sampleRate) * (1 + options.clockErrorPPM / 1e6))
  }

  /// When frame `index` is captured on the monotonic clock.
  public func captureTime(ofFrame index: Int64) -> MonotonicTime {
    start + Int64((Double(index) * nanosecondsPerFrame).rounded())
  }

  /// The monotonic time at which click `number` starts (0, 1, …).
  public func clickTime(_ number: Int64) -> MonotonicTime {
    clickOrigin
      + options.videoRate.time(ofFrame: number * Int64(max(options.clickEveryFrames, 1)))
  }

  /// The value of frame `index` (every channel carries the same), in -1...1.
  public func sample(ofFrame index: Int64) -> Float {
    let phase = Double(index) / Double(options.format.sampleRate) * options.toneHertz
    var value =
      options.toneLevel * Float(sin(2 * Double.pi * phase.truncatingRemainder(dividingBy: 1)))
    if isInClick(captureTime(ofFrame: index)) { value += options.clickLevel }
    return min(max(value, -1), 1)
  }

  /// True when `time` falls inside a click.
  public func isInClick(_ time: MonotonicTime) -> Bool {
    guard options.clickEveryFrames > 0, time >= clickOrigin else { return false }
    let every = Int64(options.clickEveryFrames)
    // The video frame at or before `time`, then the click at or before that frame.
    let rate = options.videoRate
    var frame = Int64(
      Int128(time - clickOrigin) * Int128(rate.numerator)
        / (Int128(rate.denominator) * 1_000_000_000))
    while rate.time(ofFrame: frame) > time - clickOrigin { frame -= 1 }
    while rate.time(ofFrame: frame + 1) <= time - clickOrigin { frame += 1 }
    let click = clickTime(frame / every)
    return time - click < options.clickDurationNanoseconds
  }

  /// Writes frames `first..<first + count` into `buffer` and stamps it with their index and the
  /// capture time of the first.
  public func render(frames count: Int, from first: Int64, into buffer: AudioPeriodBuffer) {
    let format = buffer.format
    let channels = format.channels
    let bytes = buffer.mutableBytes
    for frame in 0..<count {
      let value = sample(ofFrame: first + Int64(frame))
      for channel in 0..<channels {
        let index = frame * channels + channel
        switch format.sampleFormat {
        case .s16:
          bytes.storeBytes(
            of: Int16((value * 32_767).rounded()), toByteOffset: index * 2, as: Int16.self)
        case .s32:
          bytes.storeBytes(
            of: Int32((Double(value) * 2_147_483_647).rounded()), toByteOffset: index * 4,
            as: Int32.self)
        case .float:
          bytes.storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
        }
      }
    }
    buffer.stamp(
      frames: count, firstFrameIndex: first, captureTime: captureTime(ofFrame: first),
      followsGap: false)
  }
}
