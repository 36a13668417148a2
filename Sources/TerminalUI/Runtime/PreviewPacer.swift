/// Decides how often the preview is drawn. Recording comes first: when the session reports a
/// dropped or repeated frame, the preview halves its rate at once (down to 2 fps) and climbs
/// back slowly once things have been calm for a few seconds.
public struct PreviewPacer: Sendable, Equatable {
  /// The rate aimed for when the machine keeps up.
  public let targetRate: Double
  /// The lowest rate it drops to.
  public let minimumRate: Double
  /// The rate in force.
  public private(set) var rate: Double
  private var lastTrouble: Int64 = 0
  private var calmSince: Double = 0
  private var nextFrame: Double = 0

  /// Creates a pacer running at `targetRate`.
  public init(targetRate: Double = 25, minimumRate: Double = 2) {
    self.targetRate = targetRate
    self.minimumRate = minimumRate
    rate = targetRate
  }

  /// Folds in the session's trouble counter (drops + repeats + encoder lag, ever growing) at
  /// `time` seconds.
  public mutating func observe(troubleCount: Int64, at time: Double) {
    if troubleCount > lastTrouble {
      rate = max(rate / 2, minimumRate)
      calmSince = time
    } else if time - calmSince > 3, rate < targetRate {
      rate = min(rate * 1.25, targetRate)
      calmSince = time
    }
    lastTrouble = troubleCount
  }

  /// True when a preview frame is due at `time`; schedules the next one.
  public mutating func isDue(at time: Double) -> Bool {
    guard time >= nextFrame else { return false }
    let interval = 1 / rate
    nextFrame += interval
    // Late frames are not made up: after a stall the next one is due an interval from now.
    if nextFrame <= time { nextFrame = time + interval }
    return true
  }

  /// Seconds until the next preview frame is due.
  public func secondsUntilDue(at time: Double) -> Double { max(nextFrame - time, 0) }
}
