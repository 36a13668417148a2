/// A pixel format a camera offers, with the frame sizes and intervals it offers in it.
public struct CaptureFormat: Sendable, Equatable, Codable {
  /// The four-character code, e.g. `YUYV`, `MJPG`.
  public var fourCC: String
  /// The driver's description, e.g. `Motion-JPEG`.
  public var description: String
  /// Whether the format is compressed (MJPEG, H.264).
  public var compressed: Bool
  /// Discrete frame sizes, largest first; empty when the camera offers a range instead.
  public var sizes: [FrameSize]
  /// A stepwise or continuous size range, when the camera offers one.
  public var sizeRange: SizeRange?

  /// Creates a format description.
  public init(
    fourCC: String, description: String, compressed: Bool, sizes: [FrameSize] = [],
    sizeRange: SizeRange? = nil
  ) {
    self.fourCC = fourCC
    self.description = description
    self.compressed = compressed
    self.sizes = sizes
    self.sizeRange = sizeRange
  }

  /// The largest discrete size with its highest frame rate, e.g. `MJPG 1920x1080@30`.
  public var best: String {
    guard let size = sizes.first else {
      if let range = sizeRange {
        return "\(fourCC) \(range.minWidth)x\(range.minHeight)–\(range.maxWidth)x\(range.maxHeight)"
      }
      return fourCC
    }
    guard let rate = size.maxFrameRate else { return "\(fourCC) \(size.width)x\(size.height)" }
    return "\(fourCC) \(size.width)x\(size.height)@\(FrameInterval.format(rate))"
  }
}

/// One frame size and the frame intervals offered at it.
public struct FrameSize: Sendable, Equatable, Codable {
  public var width: Int
  public var height: Int
  /// Discrete intervals, shortest (fastest) first.
  public var intervals: [FrameInterval]
  /// A stepwise or continuous interval range, when offered instead of discrete ones.
  public var intervalRange: IntervalRange?

  /// Creates a frame size.
  public init(
    width: Int, height: Int, intervals: [FrameInterval] = [], intervalRange: IntervalRange? = nil
  ) {
    self.width = width
    self.height = height
    self.intervals = intervals
    self.intervalRange = intervalRange
  }

  /// The fastest frame rate offered at this size.
  public var maxFrameRate: Double? {
    if let range = intervalRange { return range.min.framesPerSecond }
    return intervals.map(\.framesPerSecond).max()
  }
}

/// A frame interval as the kernel gives it: `numerator/denominator` seconds per frame.
public struct FrameInterval: Sendable, Equatable, Codable {
  public var numerator: Int
  public var denominator: Int

  /// Creates an interval.
  public init(numerator: Int, denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Frames per second (1/30 s → 30).
  public var framesPerSecond: Double {
    numerator == 0 ? 0 : Double(denominator) / Double(numerator)
  }

  /// `30`, `29.97`, `12.5`.
  static func format(_ rate: Double) -> String {
    let rounded = (rate * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

/// A stepwise (or, with step 1, continuous) range of frame sizes.
public struct SizeRange: Sendable, Equatable, Codable {
  public var minWidth: Int
  public var maxWidth: Int
  public var stepWidth: Int
  public var minHeight: Int
  public var maxHeight: Int
  public var stepHeight: Int

  /// Creates a size range.
  public init(
    minWidth: Int, maxWidth: Int, stepWidth: Int, minHeight: Int, maxHeight: Int, stepHeight: Int
  ) {
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.stepWidth = stepWidth
    self.minHeight = minHeight
    self.maxHeight = maxHeight
    self.stepHeight = stepHeight
  }
}

/// A stepwise (or continuous) range of frame intervals.
public struct IntervalRange: Sendable, Equatable, Codable {
  public var min: FrameInterval
  public var max: FrameInterval
  public var step: FrameInterval

  /// Creates an interval range.
  public init(min: FrameInterval, max: FrameInterval, step: FrameInterval) {
    self.min = min
    self.max = max
    self.step = step
  }
}
