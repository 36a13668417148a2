public import Budget
public import Capture
public import DualCamCore
import Foundation

/// How a take treats a budget of 0.95 or more.
public enum BudgetMode: String, Sendable, Codable, CaseIterable {
  /// Do not start; explain why and what would fit.
  case refuse
  /// Make the first suggested changes that fit, say which, and record.
  case adapt
  /// Record as set, with a warning.
  case ignore

  /// The default: a take is never refused and never silently records repeated frames.
  public static let `default` = BudgetMode.adapt
}

/// The budget check before a take, shared by `dualcam budget`, `dualcam record` and the
/// interface: weighs the settings against this machine (calibrating the CPU on first use) and,
/// for `adapt`, finds the changes that make them fit.
public struct BudgetCheck: Sendable {
  /// The settings weighed.
  public var settings: RecordingSettings
  /// What the model was given (with the calibration).
  public var inputs: BudgetInputs
  /// The verdict, every resource and the suggested changes.
  public var estimate: BudgetEstimate
  /// Calibration problems, in words for people.
  public var notes: [String]
  /// The calibrator the CPU was weighed with, which keeps what the take teaches; nil keeps
  /// nothing.
  public var calibrator: Calibrator? = nil

  /// Weighs `settings` with the opened sources `front` and `back`. `status` hears each stage of
  /// a calibration as it starts (seconds on first use and when the settings change), and
  /// `takeMeasured` whether the take fits once its own works are measured, before the
  /// `alternatives`. `calibrator` is this machine's (tests stand in one that measures nothing).
  public static func weigh(
    settings: RecordingSettings, front: SourceInfo, back: SourceInfo,
    durationSeconds: Double? = nil, calibrator: Calibrator? = nil,
    alternatives: Alternatives = .whenNotFitting,
    status: (String) -> Void = { _ in }, isCancelled: () -> Bool = { false },
    stage: (_ number: Int, _ count: Int) -> Void = { _, _ in },
    takeMeasured: (_ fits: Bool) -> Void = { _ in }
  ) throws(DualCamError) -> BudgetCheck {
    let probe = BudgetProbe()
    let sources = [
      BudgetSources.describe(front, position: .front, probe: probe),
      BudgetSources.describe(back, position: .back, probe: probe),
    ]
    let folder =
      settings.outputDirectory.map { URL(fileURLWithPath: $0) } ?? OutputLocation.defaultRoot()
    var inputs = probe.inputs(
      settings: settings, sources: sources, outputFolder: folder,
      durationSeconds: durationSeconds)
    let calibrator =
      calibrator ?? Calibrator(cache: CalibrationCache(machine: MachineFingerprint.read()))
    // Each stage is said as it starts: a calibration takes seconds, and a wait shows where it
    // is and how to stop it. The take's own works first: a take that fits needs no more, and
    // starts as soon as they are measured.
    func calibrate(alternatives: Bool, _ what: String) throws(DualCamError)
      -> Calibrator.Outcome
    {
      try calibrator.calibrate(
        for: inputs, alternatives: alternatives,
        progress: { number, count, work in
          stage(number, count)
          status("\(what): stage \(number) of \(count), \(work)… (Ctrl-C stops)")
        }, isCancelled: isCancelled)
    }
    var outcome = try calibrate(
      alternatives: false, "calibrating this machine (first use or new settings)")
    inputs.calibration = outcome.table
    var estimate = try BudgetModel.estimate(inputs)
    if !outcome.cancelled { takeMeasured(estimate.verdict == .fits) }
    let wanted =
      switch alternatives {
      case .always: true
      case .whenNotFitting: estimate.verdict != .fits
      case .never: false
      }
    if wanted && !outcome.cancelled {
      // What the planner may suggest instead (faster presets, MJPEG from the cameras).
      let before = outcome.problems
      outcome = try calibrate(alternatives: true, "calibrating what could fit instead")
      outcome.problems = before + outcome.problems.filter { !before.contains($0) }
      inputs.calibration = outcome.table
      estimate = try BudgetModel.estimate(inputs)
    }
    var notes = outcome.problems
    if outcome.cancelled {
      notes.append("the calibration was stopped: what it had not measured is not weighed")
    }
    return BudgetCheck(
      settings: settings, inputs: inputs, estimate: estimate, notes: notes,
      calibrator: calibrator)
  }

  /// When a check calibrates the works the planner may suggest instead of the settings
  /// (other presets, MJPEG from the cameras), beyond the take's own.
  public enum Alternatives: Sendable {
    /// Only when the settings do not fit: a take that fits waits for nothing more.
    case whenNotFitting
    /// Always (in the background, so that the menus can show what each choice costs).
    case always
    /// Never.
    case never
  }

  /// Whether a take may start without asking: the cost is under 0.95.
  public var fits: Bool { estimate.verdict == .fits }

  /// Why the settings do not fit, for a refusal or a dialog: the verdict, the limiting
  /// resource and the changes that would bring the cost under 0.95.
  public var explanation: [String] {
    var lines = [estimate.headline]
    if let limiting = estimate.resources.first(where: { $0.name == estimate.limitingResource }) {
      lines.append("\(limiting.name): \(limiting.explanation)")
    }
    return lines + estimate.changeLines
  }

  /// The take's budget for `SessionController.takeBudget`: this prediction and the decision.
  public func takeBudget(mode: BudgetMode, adaptation: BudgetAdaptation? = nil) -> TakeBudget {
    let recorded = recordedInputs(adaptation: adaptation)
    return TakeBudget(
      decided: record(mode: mode, adaptation: adaptation), cores: inputs.cpu.cores,
      advice: advice(adaptation: adaptation), usbBuses: USBBusLoad.buses(recorded),
      lessons: calibrator.map { TakeLessons(calibrator: $0, inputs: recorded) })
  }

  /// The inputs as the take records them: these, with `adaptation`'s changes applied.
  private func recordedInputs(adaptation: BudgetAdaptation?) -> BudgetInputs {
    var recorded = inputs
    for change in adaptation?.applied ?? [] {
      guard let changed = try? change.applied(to: recorded) else { break }
      recorded = changed
    }
    return recorded
  }

  /// For each resource, the degrade order's first change that lowers it from the settings
  /// recorded (after `adaptation`), in words: the advice when it goes over during the take.
  public func advice(adaptation: BudgetAdaptation? = nil) -> [String: String] {
    var advice: [String: String] = [:]
    for (kind, change) in DegradeOrder.advice(for: recordedInputs(adaptation: adaptation)) {
      advice[kind.rawValue] = change.summary
    }
    return advice
  }

  /// The settings with the first suggested changes that make them fit (all of them when none
  /// does), leaving the settings the user chose (`fixed`, see `BudgetChange.Kind.chosen`)
  /// as they are. A camera-format change (MJPEG instead of YUYV) names the cameras to open
  /// again with `?format=mjpeg` (`BudgetAdaptation.cameraFormats`).
  ///
  /// When the adapted settings still do not fit, the changes the full plan would have made to
  /// the chosen settings are `kept`: only the user can make them, and a take is not started
  /// over budget behind their back (`BudgetAdaptation.needsAChosenSetting`).
  public func adaptation(leaving fixed: Set<BudgetChange.Kind> = []) throws(DualCamError)
    -> BudgetAdaptation
  {
    let plan =
      fixed.isEmpty
      ? estimate.suggestions
      : try BudgetModel.suggestions(for: inputs, from: estimate, leaving: fixed)
    var current = inputs
    var after = estimate
    var applied: [BudgetChange] = []
    for suggestion in plan {
      guard after.verdict != .fits else { break }
      current = try suggestion.change.applied(to: current)
      after = try BudgetModel.costs(current)
      applied.append(suggestion.change)
    }
    var formats: [CameraPosition: CameraFormatRequest] = [:]
    for (before, now) in zip(inputs.sources, current.sources) where before.format != now.format {
      formats[now.position] = CameraFormatRequest(rawValue: now.format.rawValue)
    }
    let kept =
      after.verdict == .fits
      ? [] : estimate.suggestions.map(\.change).filter { fixed.contains($0.kind) }
    return BudgetAdaptation(
      settings: current.settings, applied: applied,
      skipped: kept.map { "not made, you chose the \($0.kind.label): \($0.summary)" },
      estimate: after, cameraFormats: formats, kept: kept)
  }

  /// The record for `metadata.json` of a take recorded with `mode`, after `adaptation` (if
  /// one was made).
  public func record(mode: BudgetMode, adaptation: BudgetAdaptation? = nil) -> TakeBudgetRecord {
    let final = adaptation?.estimate ?? estimate
    return TakeBudgetRecord(
      mode: mode.rawValue, verdict: final.verdict.rawValue, cost: Self.finite(final.cost),
      limitingResource: final.limitingResource, verdictBefore: estimate.verdict.rawValue,
      costBefore: Self.finite(estimate.cost),
      changesApplied: (adaptation?.applied ?? []).map {
        TakeBudgetRecord.Change(kind: $0.kind.rawValue, from: $0.from, to: $0.to)
      },
      changesSkipped: adaptation?.skipped ?? [],
      predicted: final.resources.map { resource in
        TakeBudgetRecord.Resource(
          kind: resource.kind.rawValue, name: resource.name, demand: resource.demand,
          capacity: resource.capacity, unit: resource.unit, cost: Self.finite(resource.cost),
          explanation: resource.explanation)
      })
  }

  /// JSON has no number for infinity (a resource with no capacity at all): left out.
  private static func finite(_ value: Double?) -> Double? {
    value.flatMap { $0.isFinite ? $0 : nil }
  }
}

/// What `adapt` changed.
public struct BudgetAdaptation: Sendable {
  /// The settings to record with.
  public var settings: RecordingSettings
  /// The changes made, in order.
  public var applied: [BudgetChange]
  /// Suggested changes that were not made, each with the reason.
  public var skipped: [String]
  /// The budget of the adapted settings.
  public var estimate: BudgetEstimate
  /// The cameras to open again in another format (`?format=mjpeg`), by position.
  public var cameraFormats: [CameraPosition: CameraFormatRequest] = [:]
  /// Changes that would make the settings fit but touch a setting the user chose, which
  /// adapting leaves alone (empty when the adapted settings fit).
  public var kept: [BudgetChange] = []

  /// The adapted settings still do not fit, and only changes to settings the user chose
  /// would help: the take is refused with those changes as the advice, never recorded over
  /// budget behind the user's back.
  public var needsAChosenSetting: Bool { estimate.verdict != .fits && !kept.isEmpty }

  /// Whether the cameras must be opened again (their format, size or rate changed).
  public var reopensSources: Bool {
    applied.contains { $0.kind == .size || $0.kind == .frameRate || $0.kind == .cameraFormat }
  }

  /// The source texts to open the cameras again with: `spec` with `?format=` where the
  /// adaptation changed that camera's format, else as it was.
  public func spec(_ spec: String, for position: CameraPosition) -> String {
    guard let format = cameraFormats[position] else { return spec }
    return SourceSpec.spec(spec, withFormat: format)
  }

  /// Lines for the user: each change made or skipped, and the cost it leads to.
  public var lines: [String] {
    var lines = applied.map { "budget: adapted: \($0.summary)" }
    lines += skipped.map { "budget: \($0)" }
    lines.append("budget: now \(estimate.headline)")
    return lines
  }
}
