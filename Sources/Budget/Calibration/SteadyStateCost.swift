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

  /// How long the runs are. x264's rate control starts a take at a dearer quality and takes
  /// tens of frames to settle (with ABR at 1080p, frames 3–6 cost 1.5–1.9 times a later frame,
  /// measured with ffmpeg's libx264, and frames 7–21 still about 1.3 times). With runs of 6
  /// and 14–46 frames a 1080p ultrafast encoder calibrated at 13–18.7 ms per frame on the
  /// machine of `PERFORMANCE.md` §8, where the same encoder took 12.7 ms per frame in a take
  /// (its output thread's time, which includes waiting for a core) and 11.7–12.3 ms in
  /// ffmpeg; with runs of 20 and 60–100 frames it calibrated at 11.6 ms, the 720p one at
  /// 4.9 ms (ffmpeg 5.8). So the short run leaves the ramp behind and the long one measures
  /// frames past it; an encoder whose first frame alone is slow (a slow preset, a large
  /// picture) gets shorter runs, or its calibration would take many seconds.
  public struct Plan: Sendable, Hashable {
    /// Frames of the short run …
    public var shortFrames = 20
    /// … or of a slow encoder's, one whose warm-up run (one frame) took at least …
    public var slowShortFrames = 2
    /// … this many processor seconds.
    public var slowWarmUpSeconds = 0.15
    /// The long run is planned to take about this much more processor time than the short one
    /// (judged from the short run, start-up included, so it errs short) …
    public var extraSeconds = 0.8
    /// … with at least this many more frames (`slowMinimumExtraFrames` for a slow encoder) …
    public var minimumExtraFrames = 40
    /// … (see above) …
    public var slowMinimumExtraFrames = 3
    /// … and at most this many.
    public var maximumExtraFrames = 80
    /// Times each run is repeated for an encoder that is not slow; the cheapest of each length
    /// is kept. On a shared machine a burst of work elsewhere (a compiler on the other core,
    /// sharing its caches) inflated one 720p calibration by 1.6 times; interference only ever
    /// adds to a run, so a run's cheapest repeat is its best figure. The difference is taken
    /// between the cheapest short and the cheapest long run, not as the cheapest difference:
    /// a short run slowed by chance makes its pair's difference too small, and keeping the
    /// smallest difference kept that error (an idle machine calibrated 1080p 10–25% low).
    public var rounds = 2

    /// The default plan.
    public init() {}
  }

  /// Creates a result.
  public init(secondsPerFrame: Double, startupSeconds: Double) {
    self.secondsPerFrame = secondsPerFrame
    self.startupSeconds = startupSeconds
  }

  /// Measures with `run`, which opens an encoder, encodes the given number of frames, finishes
  /// it and returns the processor seconds all that took. Runs a one-frame warm-up first (a
  /// process's first encoder also pays for its first touch of x264's tables; its time tells a
  /// slow encoder), then the short run and the long run sized from it, alternately, `rounds`
  /// times each for an encoder that is not slow, and estimates from the cheapest of each.
  public static func measure(
    plan: Plan = Plan(), _ run: (Int) throws(DualCamError) -> Double
  ) throws(DualCamError) -> SteadyStateCost {
    let warmUp = try run(1)
    let slow = warmUp >= plan.slowWarmUpSeconds
    let shortFrames = slow ? plan.slowShortFrames : plan.shortFrames
    var short = try run(shortFrames)
    let roughPerFrame = max(short / Double(shortFrames), 1e-6)
    let longFrames =
      shortFrames
      + min(
        plan.maximumExtraFrames,
        max(
          slow ? plan.slowMinimumExtraFrames : plan.minimumExtraFrames,
          Int(plan.extraSeconds / roughPerFrame)))
    var long = try run(longFrames)
    for _ in 1..<(slow ? 1 : max(1, plan.rounds)) {
      short = min(short, try run(shortFrames))
      long = min(long, try run(longFrames))
    }
    return estimate(
      short: (frames: shortFrames, seconds: short), long: (frames: longFrames, seconds: long))
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
