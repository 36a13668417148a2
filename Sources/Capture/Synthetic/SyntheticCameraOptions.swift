public import DualCamCore

/// The knobs of a synthetic camera: `synthetic:fps=29.97,jitter=2ms,drop=0.01,phase=5ms`.
///
/// They reproduce what real cameras do to a recorder: run at a slightly wrong rate, deliver
/// with jitter, start out of phase with each other, and lose frames.
public struct SyntheticCameraOptions: Sendable, Hashable {
  /// Picture size; nil = the recording size.
  public var size: ImageSize?
  /// The camera's own frame rate; nil = the recording rate.
  public var frameRate: FrameRate?
  /// Delay of the first capture after the camera starts, in ns.
  public var phaseNanoseconds: Int64 = 0
  /// Largest deviation of a capture time from its ideal, in ns (uniform, seeded).
  public var jitterNanoseconds: Int64 = 0
  /// Probability that a frame is lost inside the "camera" (a gap in sequence numbers).
  public var dropProbability: Double = 0
  /// Lose every Nth frame (0 = never); combines with `dropProbability`.
  public var dropEvery: Int = 0
  /// Seed of the jitter and drop generator, so runs repeat exactly.
  public var seed: UInt64 = 1
  /// Text drawn into the picture; nil = "SYNTHETIC FRONT"/"SYNTHETIC BACK".
  public var label: String?

  /// Default options: ideal timing, no drops.
  public init() {}

  /// Parses the part after `synthetic:`, a comma-separated list of `key=value`.
  public init(parsing text: String) throws(DualCamError) {
    self.init()
    for item in text.split(separator: ",", omittingEmptySubsequences: true) {
      let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2 else {
        throw .invalidArgument(
          "synthetic option '\(item)' is not key=value", fix: Self.help)
      }
      let (key, value) = (pair[0].lowercased(), pair[1])
      switch key {
      case "size": size = try ImageSize(parsing: value).validatedAsCameraSize()
      case "fps", "rate": frameRate = try FrameRate(parsing: value)
      case "phase": phaseNanoseconds = try Self.parseDuration(value, option: key)
      case "jitter": jitterNanoseconds = try Self.parseDuration(value, option: key)
      case "drop":
        guard let probability = Double(value), probability >= 0, probability < 1 else {
          throw .invalidArgument(
            "drop=\(value) is not a probability below 1", fix: "e.g. drop=0.02")
        }
        dropProbability = probability
      case "drop-every", "dropevery":
        guard let every = Int(value), every >= 2 else {
          throw .invalidArgument("drop-every=\(value) must be 2 or more", fix: "e.g. drop-every=10")
        }
        dropEvery = every
      case "seed":
        guard let number = UInt64(value) else {
          throw .invalidArgument("seed=\(value) is not a whole number", fix: "e.g. seed=7")
        }
        seed = number
      case "label": label = value
      default:
        throw .invalidArgument("unknown synthetic option '\(key)'", fix: Self.help)
      }
    }
  }

  static let help =
    "synthetic options are size=WxH, fps=N, phase=Nms, jitter=Nms, drop=P, drop-every=N, "
    + "seed=N, label=TEXT, e.g. synthetic:fps=29.97,jitter=2ms"

  /// Parses `5ms`, `250us`, `0.5s` or a bare number of milliseconds into nanoseconds.
  static func parseDuration(_ text: String, option: String) throws(DualCamError) -> Int64 {
    let units: [(suffix: String, scale: Double)] = [
      ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("s", 1e9),
    ]
    for unit in units where text.hasSuffix(unit.suffix) {
      if let value = Double(text.dropLast(unit.suffix.count)), value >= 0, value < 3600 {
        return Int64(value * unit.scale)
      }
    }
    if let value = Double(text), value >= 0, value < 3_600_000 { return Int64(value * 1e6) }
    throw .invalidArgument("\(option)=\(text) is not a duration", fix: "write it like 5ms or 0.2s")
  }
}
