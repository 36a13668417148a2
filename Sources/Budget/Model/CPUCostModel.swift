import DualCamCore

/// The CPU resource: every stage's processor time per frame (from calibration) times its rate,
/// in cores, against the cores this process may use.
enum CPUCostModel {
  /// One stage of the take and how often it runs.
  struct Stage {
    var label: String
    var work: CalibrationWork
    var perSecond: Double
    /// For an encoder or the compositor, the output whose thread runs it (`dualview`,
    /// `front`, `back`), where a take measures it.
    var output: String? = nil
  }

  /// The stages a take with `inputs` runs: capture conversion per camera, compositing, and one
  /// encoder per file (none for stream-copied camera files).
  static func stages(_ inputs: BudgetInputs, canvas: ImageSize) -> [Stage] {
    let settings = inputs.settings
    let outputRate = settings.frameRate.framesPerSecond
    var stages: [Stage] = []
    for source in inputs.sources {
      let kind: CalibrationWork.Kind? =
        switch source.format {
        case .yuyv: .convertYUYV
        case .nv12: .convertNV12
        case .mjpeg: .decodeMJPEG
        case .i420: nil
        }
      if let kind {
        stages.append(
          Stage(
            label: "\(source.position) \(source.format.rawValue.uppercased()) → I420",
            work: CalibrationWork(kind: kind, size: source.size),
            perSecond: source.frameRate.framesPerSecond))
      }
      if source.kind == .file {
        stages.append(
          Stage(
            label: "\(source.position) file reads",
            work: CalibrationWork(kind: .readFrame, size: source.size),
            perSecond: source.frameRate.framesPerSecond))
      }
    }
    stages.append(
      Stage(
        label: "thread wake-ups", work: wakeUpWork,
        perSecond: Double(wakeUpsPerCameraFrame)
          * inputs.sources.reduce(0) { $0 + $1.frameRate.framesPerSecond }
          + Double(wakeUpsPerOutputFrame) * outputRate))
    stages.append(
      Stage(
        label: "compositing", work: composeWork(inputs, canvas: canvas), perSecond: outputRate,
        output: "dualview"))
    let threads = encoderThreads(inputs, canvas: canvas)
    stages.append(
      Stage(
        label: "dualview encoder",
        work: encodeWork(
          settings.codec, settings: settings, size: canvas, threads: threads.dualView),
        perSecond: outputRate, output: "dualview"))
    if case .encode(let codec) = settings.effectiveCameraCodec {
      for source in inputs.sources {
        stages.append(
          Stage(
            label: "\(source.position) encoder",
            work: encodeWork(
              codec, settings: settings, size: source.size,
              threads: source.position == .front ? threads.front : threads.back),
            perSecond: outputRate, output: source.position.description))
      }
    }
    stages.append(
      Stage(
        label: "the rest of the take", work: overheadWork(inputs, canvas: canvas),
        perSecond: outputRate))
    stages.append(
      Stage(
        label: "encoders resuming after pauses",
        work: resumeWork(encoders: stages.filter { $0.work.kind == .encode }.count),
        perSecond: pausedFramesPerSecond(stages, inputs)))
    return stages
  }

  /// A camera frame wakes its capture thread (the frame's time, or the driver's poll) and then
  /// the scheduler (`SessionFrameSink`'s inbox).
  static let wakeUpsPerCameraFrame = 2
  /// An output frame wakes the scheduler at the slot's time and each of the three outputs'
  /// workers (`OutputWorker`); an encoder's own slice threads are in its calibration.
  static let wakeUpsPerOutputFrame = 4

  static let wakeUpWork = CalibrationWork(kind: .wakeUp, size: ImageSize(width: 0, height: 0))

  /// The rest of a take (`CalibrationWork.Kind.takeOverhead`), by its canvas and its cameras
  /// (and whether their pictures are stored as sent, whose writing the rest then includes).
  static func overheadWork(_ inputs: BudgetInputs, canvas: ImageSize) -> CalibrationWork {
    let cameras = inputs.sources.map { "\($0.kind.rawValue) \($0.format.rawValue) \($0.size)" }
    var detail = cameras.joined(separator: " + ")
    if inputs.settings.effectiveCameraCodec == .copy { detail += ", stream copy" }
    return CalibrationWork(kind: .takeOverhead, size: canvas, detail: detail)
  }

  /// The stages the rest of a take, once learned, stands for: they run on the capture threads
  /// and between the threads, where a take measures them only all together.
  static let coveredByOverhead: Set<CalibrationWork.Kind> = [
    .convertYUYV, .convertNV12, .decodeMJPEG, .readFrame, .wakeUp,
  ]

  /// One figure per machine and number of encoders, measured on that many small encoders
  /// running at once, paused for a frame interval at 30 fps (`resumePause`), and charged to each
  /// encoder's frame in proportion to the pause it really gets: what a pause costs grows with
  /// its length (ffmpeg's libx264 at 640×480 lost 0.37 ms a frame to pauses at 60 fps, 0.8 at
  /// 30, 1.0 at 15), and an encoder busy for most of a frame's interval hardly pauses at all.
  static func resumeWork(encoders: Int) -> CalibrationWork {
    CalibrationWork(
      kind: .resumeAfterIdle, size: ImageSize(width: 0, height: 0), encoders: max(1, encoders))
  }

  /// The pause of calibration's paced frames: a 30 fps interval less a 640×480 frame's work.
  static let resumePause = 0.032

  /// The threads the take will give each encoder: the session's own split of the processors.
  static func encoderThreads(_ inputs: BudgetInputs, canvas: ImageSize) -> OutputSet<Int> {
    let encodesCameras = inputs.settings.effectiveCameraCodec != .copy
    let size = inputs.settings.size
    func cameraArea(_ position: CameraPosition) -> Int? {
      guard encodesCameras else { return nil }
      return (inputs.sources.first { $0.position == position }?.size ?? size).area
    }
    return EncoderThreads.split(
      cores: inputs.cpu.processors,
      pixels: OutputSet(
        dualView: canvas.area, front: cameraArea(.front), back: cameraArea(.back)))
  }

  static func encodeWork(
    _ codec: VideoCodec, settings: RecordingSettings, size: ImageSize, threads: Int
  ) -> CalibrationWork {
    CalibrationWork(
      kind: .encode, size: size, codec: codec, preset: settings.preset(for: codec),
      threads: max(1, threads))
  }

  /// Compositing depends on the canvas and on how each camera is scaled into it.
  static func composeWork(_ inputs: BudgetInputs, canvas: ImageSize) -> CalibrationWork {
    let layout = inputs.settings.layout
    let sizes = inputs.sources.map(\.size.description).joined(separator: "+")
    var detail = "\(sizes) \(layout.canvas) \(layout.frontScaling.rawValue)"
    if layout.backScaling != layout.frontScaling { detail += "/\(layout.backScaling.rawValue)" }
    if layout.frontZoom != .none || layout.backZoom != .none {
      detail += " zoom \(layout.frontZoom.factor)/\(layout.backZoom.factor)"
    }
    return CalibrationWork(kind: .compose, size: canvas, detail: detail)
  }

  static func cost(_ inputs: BudgetInputs, canvas: ImageSize) -> ResourceCost {
    var demand = 0.0
    var missing: [String] = []
    var scaled = false
    var parts: [String] = []
    let takeStages = stages(inputs, canvas: canvas)
    let overheadLearned = takeStages.contains {
      $0.work.kind == .takeOverhead && learned($0, inputs) != nil
    }
    for stage in takeStages {
      if overheadLearned && coveredByOverhead.contains(stage.work.kind) { continue }
      if let learned = learned(stage, inputs) {
        let cores = learned.cpuSecondsPerFrame * stage.perSecond
        demand += cores
        let takes = learned.takes == 1 ? "the last take" : "the last \(learned.takes) takes"
        parts.append("\(stage.label) \(Self.format(cores)) (as in \(takes))")
        continue
      }
      // Never calibrated: until a take teaches it, the stages it covers stand in for it.
      if stage.work.kind == .takeOverhead { continue }
      guard let found = inputs.calibration.lookup(stage.work) else {
        missing.append(stage.work.description)
        continue
      }
      scaled = scaled || found.isScaled
      let cores = found.cpuSecondsPerFrame * stage.perSecond
      demand += cores
      parts.append("\(stage.label) \(Self.format(cores))")
    }
    guard missing.isEmpty else {
      return .notWeighed(
        .cpu, name: "CPU",
        reason: "not calibrated on this machine: " + missing.joined(separator: ", "))
    }
    if inputs.sources.contains(where: { $0.kind == .synthetic }) {
      parts.append("test-pattern rendering not counted")
    }
    if inputs.sources.contains(where: { $0.kind == .file }) {
      parts.append("files read as raw frames (decoding a compressed one not counted)")
    }
    return ResourceCost(
      kind: .cpu, name: "CPU", demand: demand, capacity: inputs.cpu.cores, unit: "cores",
      basis: scaled ? .scaled : .measured,
      explanation: parts.joined(separator: ", ") + "; capacity: \(inputs.cpu.source)")
  }

  /// What earlier takes at the same rate measured an encoder's or the compositor's frame to
  /// cost (`CalibrationTable.learned`), which then stands in for its calibration (and an
  /// encoder's pauses): a take's figure comes from hundreds of frames at the cameras' pace,
  /// from pictures fresh from the cameras, beside the take's other threads, where
  /// calibration's comes from a second or two of frames back to back and scatters by ±25% on
  /// a busy machine (`PERFORMANCE.md` §8).
  private static func learned(_ stage: Stage, _ inputs: BudgetInputs)
    -> (cpuSecondsPerFrame: Double, takes: Int)?
  {
    guard stage.output != nil || stage.work.kind == .takeOverhead else { return nil }
    return inputs.calibration.learned(
      stage.work, framesPerSecond: inputs.settings.frameRate.framesPerSecond)
  }

  /// Encoders' frames a second, each weighed by the share of a full pause (`resumePause`) its
  /// encoder gets between frames: the frame interval less its work (processor time spread over
  /// its threads). An encoder not calibrated yet adds nothing here; the model then reports the
  /// CPU as not calibrated anyway. An encoder whose cost was learned from takes has its pauses
  /// in that figure already.
  private static func pausedFramesPerSecond(_ stages: [Stage], _ inputs: BudgetInputs) -> Double {
    let rate = inputs.settings.frameRate.framesPerSecond
    guard rate > 0 else { return 0 }
    return stages.filter { $0.work.kind == .encode }.reduce(0) { total, stage in
      guard learned(stage, inputs) == nil else { return total }
      guard let found = inputs.calibration.lookup(stage.work) else { return total }
      let busy = found.cpuSecondsPerFrame / Double(max(1, stage.work.threads ?? 1))
      let pause = max(0, 1 / rate - busy)
      return total + stage.perSecond * min(1, pause / resumePause)
    }
  }

  private static func format(_ cores: Double) -> String {
    let rounded = (cores * 100).rounded() / 100
    return "\(rounded)"
  }
}
