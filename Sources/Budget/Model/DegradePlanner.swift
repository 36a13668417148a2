import DualCamCore

/// Finds the changes that bring a budget under 0.95, in the design's fixed order: camera
/// format, encoder preset, frame rate, resolution.
///
/// Each step re-runs the model: of its candidates (mildest first) it takes the first that makes
/// the settings fit, else the one that leaves the least overshoot, and the next step starts
/// from there. The overshoot is the sum over resources of how far each is above 0.95, so a
/// change that cures the USB bus counts even while the CPU still limits (MJPEG then costs some
/// CPU, which later steps win back). Steps that would not lower the overshoot are left out,
/// and planning stops as soon as the settings fit, so the user gives up no more than needed.
/// Kinds of change left out (`leaving`) are the settings the user chose: adapting never
/// overrides them.
enum DegradePlanner {
  /// x264's presets, fastest first (the same for x265).
  static let presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]
  /// Frame rates offered when lowering it, highest first.
  static let frameRates = [60, 50, 30, 25, 24, 20, 15, 10]
  /// Sizes offered when lowering the resolution, largest first.
  static let sizes = [
    ImageSize(width: 3840, height: 2160), ImageSize(width: 2560, height: 1440),
    ImageSize(width: 1920, height: 1080), ImageSize(width: 1280, height: 720),
    ImageSize(width: 960, height: 540), ImageSize(width: 640, height: 480),
    ImageSize(width: 640, height: 360),
  ]

  static func suggestions(
    for inputs: BudgetInputs, from start: BudgetEstimate,
    leaving fixed: Set<BudgetChange.Kind> = []
  ) throws(DualCamError) -> [BudgetSuggestion] {
    var current = inputs
    var estimate = start
    var suggestions: [BudgetSuggestion] = []
    let steps: [(kind: BudgetChange.Kind, changes: (BudgetInputs) -> [BudgetChange])] = [
      (.cameraFormat, formatChanges), (.preset, presetChanges), (.frameRate, frameRateChanges),
      (.size, sizeChanges),
    ]
    for (kind, step) in steps where !fixed.contains(kind) {
      guard estimate.verdict != .fits else { break }
      var best: (change: BudgetChange, inputs: BudgetInputs, estimate: BudgetEstimate)?
      for change in step(current) {
        let trial = try change.applied(to: current)
        let trialEstimate = try BudgetModel.costs(trial)
        guard Self.isComparable(trialEstimate, to: estimate),
          overshoot(trialEstimate) < overshoot(best?.estimate ?? estimate)
        else { continue }
        best = (change, trial, trialEstimate)
        if trialEstimate.verdict == .fits { break }
      }
      guard let best else { continue }
      current = best.inputs
      estimate = best.estimate
      suggestions.append(
        BudgetSuggestion(
          change: best.change, cost: estimate.cost, verdict: estimate.verdict,
          limitingResource: estimate.limitingResource))
    }
    return suggestions
  }

  /// How far the resources are above the fit limit, together.
  static func overshoot(_ estimate: BudgetEstimate) -> Double {
    estimate.resources.reduce(0) { total, resource in
      total + max(0, (resource.cost ?? 0) - BudgetVerdict.fitLimit)
    }
  }

  /// A trial counts only if it weighs at least what the start weighed: a preset that was never
  /// calibrated leaves the CPU unweighed, which must not pass for "fits".
  private static func isComparable(_ trial: BudgetEstimate, to start: BudgetEstimate) -> Bool {
    Set(trial.unweighed).isSubset(of: Set(start.unweighed))
  }

  // MARK: - Candidates, mildest first

  static func formatChanges(_ inputs: BudgetInputs) -> [BudgetChange] {
    let switchable = inputs.sources.filter {
      ($0.format == .yuyv || $0.format == .nv12) && $0.offersMJPEG
    }
    let formats = Set(switchable.map(\.format)).sorted { $0.rawValue < $1.rawValue }
    return formats.map { BudgetChange(kind: .cameraFormat, from: $0.rawValue, to: "mjpeg") }
  }

  static func presetChanges(_ inputs: BudgetInputs) -> [BudgetChange] {
    let settings = inputs.settings
    let camera = settings.effectiveCameraCodec
    let takesPreset =
      settings.codec.takesPreset || (camera != .copy && camera.streamCodec.takesPreset)
    guard takesPreset else { return [] }
    let current = settings.preset ?? RecordingSettings.defaultPreset
    guard let index = presets.firstIndex(of: current), index > 0 else { return [] }
    return presets[..<index].reversed().map {
      BudgetChange(kind: .preset, from: current, to: $0)
    }
  }

  static func frameRateChanges(_ inputs: BudgetInputs) -> [BudgetChange] {
    let current = inputs.settings.frameRate
    return frameRates.filter { Double($0) < current.framesPerSecond.rounded(.down) }.map {
      BudgetChange(kind: .frameRate, from: current.description, to: "\($0)")
    }
  }

  static func sizeChanges(_ inputs: BudgetInputs) -> [BudgetChange] {
    let current = inputs.settings.size
    return sizes.filter { $0.area < current.area && $0.width <= current.width }.map {
      BudgetChange(kind: .size, from: current.description, to: $0.description)
    }
  }
}
