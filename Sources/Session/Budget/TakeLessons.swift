public import Budget
import DualCamCore

/// What a take teaches the budget: the processor time each of its encoders and its compositor
/// really took per frame, kept with this machine's calibration (`CalibrationTable.learn`) so
/// that the next prediction at the same settings uses it instead of calibration's short,
/// scattered figure.
///
/// Takes from test patterns teach nothing: their flat pictures encode several times cheaper
/// than a camera's noisy ones, and would make the next real take's prediction far too low.
public struct TakeLessons: Sendable {
  /// Where the figures are kept.
  let calibrator: Calibrator
  /// The works each output's thread runs and the take measures (its encoder; the dual view's
  /// compositor), as calibration names them, by output name.
  let works: [String: [CalibrationWork]]
  /// What the rest of the take (capture, scheduling, bookkeeping) is learned as.
  let overheadWork: CalibrationWork?
  /// False for a take from test patterns, which teaches nothing (see above).
  let teaches: Bool

  /// The fewest frames an output must have encoded for its figure to count: a shorter take is
  /// mostly its first keyframe and the encoder's warming up.
  static let minimumFrames: Int64 = 60

  /// Lessons for a take of `inputs` (as recorded, after any adaptation), kept by `calibrator`.
  public init(calibrator: Calibrator, inputs: BudgetInputs) {
    self.calibrator = calibrator
    works = (try? BudgetModel.takeWorks(for: inputs)) ?? [:]
    overheadWork = try? BudgetModel.takeOverheadWork(for: inputs)
    teaches = !inputs.sources.contains { $0.kind == .synthetic }
  }

  /// The figures `loads` (the take's outputs over its whole length, at `rate`) teach: one per
  /// work, so that two cameras encoded alike make one figure of this take, weighed by their
  /// frames together.
  func figures(_ loads: [TakeLoad.OutputLoad], rate: FrameRate) -> [CalibrationTable.TakeFigure] {
    guard teaches else { return [] }
    var figures: [CalibrationTable.TakeFigure] = []
    for load in loads {
      for work in works[load.name] ?? [] {
        let measured: (milliseconds: Double?, frames: Int64) =
          switch work.kind {
          case .encode: (load.encoderCPUMillisecondsPerFrame, load.encodedFrames)
          case .compose: (load.compositorCPUMillisecondsPerFrame, load.composedFrames)
          default: (nil, 0)
          }
        guard let milliseconds = measured.milliseconds, milliseconds > 0,
          measured.frames >= Self.minimumFrames
        else { continue }
        let seconds = milliseconds / 1000 * Double(measured.frames)
        if let same = figures.firstIndex(where: { $0.work == work }) {
          let frames = figures[same].frames + Int(measured.frames)
          figures[same].cpuSecondsPerFrame =
            (figures[same].cpuSecondsPerFrame * Double(figures[same].frames) + seconds)
            / Double(frames)
          figures[same].frames = frames
        } else {
          figures.append(
            CalibrationTable.TakeFigure(
              work: work, framesPerSecond: rate.framesPerSecond,
              cpuSecondsPerFrame: seconds / Double(measured.frames), frames: Int(measured.frames)))
        }
      }
    }
    return figures
  }

  /// What the rest of the take cost per output frame over `load`: the process's processor
  /// time less what `outputs` (its outputs over the same span) spent in their encoders and the
  /// compositor, over the frames the dual view encoded.
  func overheadFigure(_ load: TakeLoad, outputs: [TakeLoad.OutputLoad], rate: FrameRate)
    -> CalibrationTable.TakeFigure?
  {
    guard teaches, let overheadWork else { return nil }
    let stageSeconds = outputs.reduce(0.0) { total, output in
      let encoder = (output.encoderCPUMillisecondsPerFrame ?? 0) * Double(output.encodedFrames)
      let compositor =
        (output.compositorCPUMillisecondsPerFrame ?? 0) * Double(output.composedFrames)
      return total + (encoder + compositor) / 1000
    }
    let frames = outputs.first { $0.name == OutputRole.dualView.rawValue }?.encodedFrames ?? 0
    let rest = load.last.cpuSeconds - load.first.cpuSeconds - stageSeconds
    guard frames >= Self.minimumFrames, rest > 0 else { return nil }
    return CalibrationTable.TakeFigure(
      work: overheadWork, framesPerSecond: rate.framesPerSecond,
      cpuSecondsPerFrame: rest / Double(frames), frames: Int(frames))
  }

  /// Keeps what `load` (the whole take, at `rate`) teaches; a cache that cannot be written is
  /// only a cache, and the next prediction then comes from calibration as before.
  func learn(_ load: TakeLoad, rate: FrameRate) {
    let outputs = load.outputLoads(rate: rate)
    var learned = figures(outputs, rate: rate)
    if let overhead = overheadFigure(load, outputs: outputs, rate: rate) {
      learned.append(overhead)
    }
    try? calibrator.learn(learned)
  }
}
