import DualCamCore

/// Picks the capture format for a requested size and rate from what the camera offers.
///
/// Preference: a format offering the exact size and rate, YUYV first, then NV12, then MJPEG
/// (cameras usually offer high rates at large sizes only compressed). Failing that, the exact
/// size at the fastest rate any format offers; failing that, the first usable format at the
/// requested size, letting the driver adjust it.
struct V4L2FormatNegotiator {
  /// What a choice is made from: each usable format with its sizes and, per size, its rates.
  struct Offer {
    var format: V4L2CaptureFormat
    /// The code the camera lists (MJPG or JPEG for `.mjpeg`), which S_FMT must be given.
    var fourcc: UInt32
    var sizes: V4L2FrameSizes
    var rates: V4L2FrameRates
  }

  /// The format asked of the driver.
  struct Choice: Equatable {
    var format: V4L2CaptureFormat
    var fourcc: UInt32
    var size: ImageSize
    var rate: FrameRate
  }

  /// Reads the offers from `device` (the rates at the requested size).
  static func offers(
    of device: V4L2Device, size: ImageSize
  ) throws(V4L2CallError) -> (usable: [Offer], unusable: [UInt32]) {
    var usable: [Offer] = []
    var unusable: [UInt32] = []
    for fourcc in try device.pixelFormats() {
      guard let format = V4L2CaptureFormat(fourcc: fourcc) else {
        unusable.append(fourcc)
        continue
      }
      guard !usable.contains(where: { $0.format == format }) else { continue }
      let sizes = try device.frameSizes(fourcc: fourcc)
      let rates: V4L2FrameRates =
        sizes.contains(size) ? try device.frameRates(fourcc: fourcc, size: size) : .unknown
      usable.append(Offer(format: format, fourcc: fourcc, sizes: sizes, rates: rates))
    }
    usable.sort { rank($0.format) < rank($1.format) }
    return (usable, unusable)
  }

  /// The best choice among `offers` for `size` at `rate`, or nil when nothing is usable.
  static func choose(from offers: [Offer], size: ImageSize, rate: FrameRate) -> Choice? {
    let ordered = offers.sorted { rank($0.format) < rank($1.format) }
    if let exact = ordered.first(where: { $0.sizes.contains(size) && $0.rates.contains(rate) }) {
      return Choice(format: exact.format, fourcc: exact.fourcc, size: size, rate: rate)
    }
    let atSize = ordered.filter { $0.sizes.contains(size) }
    if let fastest = atSize.max(by: { fastestRate($0) < fastestRate($1) }),
      let best = fastest.rates.fastest
    {
      return Choice(format: fastest.format, fourcc: fastest.fourcc, size: size, rate: best)
    }
    guard let first = ordered.first else { return nil }
    return Choice(format: first.format, fourcc: first.fourcc, size: size, rate: rate)
  }

  private static func rank(_ format: V4L2CaptureFormat) -> Int {
    V4L2CaptureFormat.allCases.firstIndex(of: format) ?? Int.max
  }

  private static func fastestRate(_ offer: Offer) -> Double {
    offer.rates.fastest?.framesPerSecond ?? 0
  }
}
