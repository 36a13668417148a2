public import DualCamCore

/// Decides how often and how large real-pixel pictures go to the terminal, from how long
/// writing them takes: a local terminal swallows a picture in a millisecond and gets the full
/// rate and size; a slow SSH link blocks the write, and the pictures come less often and
/// smaller so that the link keeps room for the keys and the text.
///
/// Pictures are the first thing to give way: writing them may take at most a share of the
/// interface thread's time (less while a take records, so the interface keeps up with the
/// session's snapshots), and the adapter only ever delays or shrinks pictures. It runs on the
/// interface thread; the recording's threads never wait for it.
public struct PixelRateAdapter {
  /// The most pictures a second.
  public let maximumRate: Double
  /// The pictures a second a slow link is sized for (below it the pictures shrink).
  public let targetRate: Double
  /// The smallest size, as a fraction of the full width and height.
  public let minimumScale: Double
  /// True while a take records: pictures get a smaller share of the time.
  public var recording = false

  private let clock: any MonotonicClock
  private var nextDue: MonotonicTime?
  /// Bytes a second the link carried, smoothed; nil while every write was instant.
  private(set) var throughput: Double?
  /// Bytes a picture pixel costs, smoothed.
  private var bytesPerPixel: Double?
  /// Writes that measured the link (longer than `instant`), and when the last one ended.
  private var measuredWrites = 0
  private var lastMeasured: MonotonicTime?

  /// How many measured writes it takes to call a link too slow, and how long that verdict
  /// lasts before pictures are tried again (a link that was busy for a moment gets better).
  static let writesForVerdict = 3
  static let verdictSeconds = 10.0

  /// A write shorter than this measures the memory copy, not the link.
  static let instant = 0.002

  /// An adapter reading time from `clock`.
  public init(
    clock: any MonotonicClock, maximumRate: Double = 30, targetRate: Double = 10,
    minimumScale: Double = 0.25
  ) {
    self.clock = clock
    self.maximumRate = maximumRate
    self.targetRate = targetRate
    self.minimumScale = minimumScale
  }

  /// The share of the time writing pictures may take.
  public var share: Double { recording ? 0.25 : 0.5 }

  /// True when a picture may be written now.
  public func isDue() -> Bool {
    guard let nextDue else { return true }
    return clock.now() >= nextDue
  }

  /// The clock's time, for `measure`'s `preparedSince`.
  public var now: MonotonicTime { clock.now() }

  /// Runs `write` (which writes `bytes` bytes of a picture of `pixels` pixels to the terminal)
  /// and learns from how long it took. `preparedSince` is when encoding the bytes began: that
  /// time is the interface thread's too, so it counts against the share, though not against
  /// the link.
  public mutating func measure<Result>(
    bytes: Int, pixels: Int, preparedSince: MonotonicTime? = nil, _ write: () -> Result
  ) -> Result {
    let started = clock.now()
    let result = write()
    let finished = clock.now()
    let seconds = Double(finished - started) / 1e9
    learn(bytes: bytes, pixels: pixels, seconds: seconds)
    // Busy for the encoding and the write; the next picture waits so that pictures take at
    // most `share` of the time.
    let busySince = min(preparedSince ?? started, started)
    let busy = Double(finished - busySince) / 1e9
    let pause = max(1 / maximumRate, busy / share)
    nextDue = busySince + Int64(pause * 1e9)
    return result
  }

  private mutating func learn(bytes: Int, pixels: Int, seconds: Double) {
    if pixels > 0 {
      let cost = Double(bytes) / Double(pixels)
      bytesPerPixel = bytesPerPixel.map { $0 * 0.7 + cost * 0.3 } ?? cost
    }
    guard bytes > 0 else { return }
    if seconds < Self.instant {
      // Faster than we can tell: as fast as this write could have been, at least.
      let lowerBound = Double(bytes) / Self.instant
      if let known = throughput, known < lowerBound {
        throughput = known * 0.5 + lowerBound * 0.5
      }
      return
    }
    let measured = Double(bytes) / seconds
    throughput = throughput.map { $0 * 0.7 + measured * 0.3 } ?? measured
    measuredWrites += 1
    lastMeasured = clock.now()
  }

  /// The factor (from `minimumScale` to 1) by which a picture of `pixels` pixels at full size
  /// shrinks in width and height so that `targetRate` of them fit the link's share.
  public func scale(forFullPixels pixels: Int) -> Double {
    guard let throughput, let bytesPerPixel, pixels > 0 else { return 1 }
    let affordable = throughput * share / targetRate / bytesPerPixel
    guard affordable < Double(pixels) else { return 1 }
    return max((affordable / Double(pixels)).squareRoot(), minimumScale)
  }

  /// `full` shrunk by `scale(forFullPixels:)`, at least 2 × 2.
  public func pictureSize(full: ImageSize) -> ImageSize {
    let factor = scale(forFullPixels: full.width * full.height)
    guard factor < 1 else { return full }
    return ImageSize(
      width: max(Int(Double(full.width) * factor), 2),
      height: max(Int(Double(full.height) * factor), 2))
  }

  /// False when even the smallest pictures of `pixels` pixels at full size would come less
  /// than twice a second: then half blocks (which only send the cells that change) serve the
  /// user better, unless they asked for pixels. It takes a few measured writes to say so (the
  /// first pictures shrink before the verdict), and the verdict expires after a while so the
  /// link is measured again.
  public func keepsUp(fullPixels pixels: Int) -> Bool {
    guard let throughput, let bytesPerPixel, pixels > 0, measuredWrites >= Self.writesForVerdict,
      let lastMeasured,
      Double(clock.now() - lastMeasured) / 1e9 < Self.verdictSeconds
    else { return true }
    let smallest = Double(pixels) * minimumScale * minimumScale * bytesPerPixel
    return throughput * share / smallest >= 2
  }
}
