public import DualCamCore

/// An encoder's processor time per frame once it runs, without what opening and closing it cost.
///
/// x264 spends tens of milliseconds setting up (about 60 ms at 1080p on the machines of
/// `PERFORMANCE.md`), once per take. A few frames encoded and divided by their count charge that
/// to every frame: a 1080p take was predicted at 1.5 times its real cost. So the encoder is run
/// twice, each time opened, fed and finished (so that frames held back by lookahead are
/// encoded inside the run), with a few frames and with more; the difference of the two runs'
/// time over the difference of their frames is the steady cost of a frame, and what is left
/// of the short run is the start-up cost.
public struct SteadyStateCost: Sendable, Hashable {
  /// Processor seconds one more frame costs.
  public var secondsPerFrame: Double
  /// Processor seconds of opening and finishing the encoder (for a note; a take pays it once).
  public var startupSeconds: Double

  /// How long the runs are.
  public struct Plan: Sendable, Hashable {
    /// Frames of the short run.
    public var shortFrames = 2
    /// The long run is planned to take about this much more processor time than the short one
    /// (judged from the short run, start-up included, so it errs short) …
    public var extraSeconds = 0.15
    /// … with at least this many more frames …
    public var minimumExtraFrames = 4
    /// … and at most this many.
    public var maximumExtraFrames = 24

    /// The default plan.
    public init() {}
  }

  /// Creates a result.
  public init(secondsPerFrame: Double, startupSeconds: Double) {
    self.secondsPerFrame = secondsPerFrame
    self.startupSeconds = startupSeconds
  }

  /// Measures with `run`, which opens an encoder, encodes the given number of frames, finishes
  /// it and returns the processor seconds all that took. Runs a short warm-up (a process's
  /// first encoder also pays for its first touch of x264's tables), the long run, then the
  /// short run that counts.
  public static func measure(
    plan: Plan = Plan(), _ run: (Int) throws(DualCamError) -> Double
  ) throws(DualCamError) -> SteadyStateCost {
    let warmUp = try run(plan.shortFrames)
    let roughPerFrame = max(warmUp / Double(plan.shortFrames), 1e-6)
    let extra = min(
      plan.maximumExtraFrames,
      max(plan.minimumExtraFrames, Int(plan.extraSeconds / roughPerFrame)))
    let long = try run(plan.shortFrames + extra)
    let short = try run(plan.shortFrames)
    return estimate(
      short: (frames: plan.shortFrames, seconds: short),
      long: (frames: plan.shortFrames + extra, seconds: long))
  }

  /// The steady cost from two runs. When noise makes the long run look no dearer than the
  /// short one, its average per frame stands in (an over-estimate, never a zero).
  public static func estimate(
    short: (frames: Int, seconds: Double), long: (frames: Int, seconds: Double)
  ) -> SteadyStateCost {
    let frames = long.frames - short.frames
    let difference = long.seconds - short.seconds
    guard frames > 0, difference > 0 else {
      let perFrame = long.seconds / Double(max(1, long.frames))
      return SteadyStateCost(secondsPerFrame: perFrame, startupSeconds: 0)
    }
    let perFrame = difference / Double(frames)
    return SteadyStateCost(
      secondsPerFrame: perFrame,
      startupSeconds: max(0, short.seconds - perFrame * Double(short.frames)))
  }
}
