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
    value(ofFrame: index, inClick: isInClick(captureTime(ofFrame: index)))
  }

  private func value(ofFrame index: Int64, inClick: Bool) -> Float {
    let phase = Double(index) / Double(options.format.sampleRate) * options.toneHertz
    var value =
      options.toneLevel * Float(sin(2 * Double.pi * phase.truncatingRemainder(dividingBy: 1)))
    if inClick { value += options.clickLevel }
    return min(max(value, -1), 1)
  }

  /// True when `time` falls inside a click.
  public func isInClick(_ time: MonotonicTime) -> Bool {
    guard let click = click(atOrBefore: time) else { return false }
    return time - clickTime(click) < options.clickDurationNanoseconds
  }

  /// The number of the last click starting at or before `time`, nil before the first.
  private func click(atOrBefore time: MonotonicTime) -> Int64? {
    guard options.clickEveryFrames > 0, time >= clickOrigin else { return nil }
    // The video frame at or before `time`, then the click at or before that frame.
    let rate = options.videoRate
    let offset = time - clickOrigin
    var frame = Int64(
      Int128(offset) * Int128(rate.numerator) / (Int128(rate.denominator) * 1_000_000_000))
    while rate.time(ofFrame: frame) > offset { frame -= 1 }
    while rate.time(ofFrame: frame + 1) <= offset { frame += 1 }
    return frame / Int64(options.clickEveryFrames)
  }

  /// Writes frames `first..<first + count` into `buffer` and stamps it with their index and the
  /// capture time of the first.
  public func render(frames count: Int, from first: Int64, into buffer: AudioPeriodBuffer) {
    let format = buffer.format
    let channels = format.channels
    let bytes = buffer.mutableBytes
    // The clicks around this period, found once rather than for every frame.
    let firstTime = captureTime(ofFrame: first)
    var click = click(atOrBefore: firstTime)
    var clickStart = click.map(clickTime) ?? .zero
    var nextClick = clickTime(click.map { $0 + 1 } ?? 0)
    for frame in 0..<count {
      let index = first + Int64(frame)
      let time = captureTime(ofFrame: index)
      if options.clickEveryFrames > 0, time >= nextClick {
        click = (click ?? -1) + 1
        clickStart = nextClick
        nextClick = clickTime(click! + 1)
      }
      let inClick = click != nil && time - clickStart < options.clickDurationNanoseconds
      let value = value(ofFrame: index, inClick: inClick)
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
      frames: count, firstFrameIndex: first, captureTime: firstTime, followsGap: false)
  }
}
