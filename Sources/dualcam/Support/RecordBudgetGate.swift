public import ArgumentParser
import Budget
import Capture
import DualCamCore
import Session

extension BudgetMode: ExpressibleByArgument {}

/// `record`'s budget check, after the sources are opened and before the take: refuses,
/// adapts or warns as `--budget` asks, and says why in the budget's own words.
enum RecordBudgetGate {
  /// Exit status of a take refused because the budget is tight (0.95–1.0), as `dualcam budget`.
  static let tightStatus: Int32 = BudgetCommand.tightStatus
  /// Exit status of a take refused because the budget is over (above 1.0).
  static let overStatus: Int32 = BudgetCommand.overStatus

  /// What to do next.
  enum Outcome {
    /// Record with these settings; the budget goes into the take's metadata. With
    /// `reopenSources` the cameras are opened again, those in `formats` in that format.
    case record(
      RecordingSettings, TakeBudget?, reopenSources: Bool,
      formats: [CameraPosition: CameraFormatRequest] = [:])
    /// Do not record; exit with this status (the explanation is already printed).
    case refused(Int32)
  }

  /// Weighs the take; `chosen` are the settings the user chose (flags, menus, the settings
  /// file away from the defaults), which adapting leaves alone.
  static func check(
    settings: RecordingSettings, sources: SourceSelection.Choice, mode: BudgetMode,
    durationSeconds: Double?, chosen: Set<BudgetChange.Kind> = []
  ) -> Outcome {
    let check: BudgetCheck
    do {
      check = try BudgetCheck.weigh(
        settings: settings, front: sources.front.info, back: sources.back.info,
        durationSeconds: durationSeconds, status: Console.status,
        isCancelled: { SignalMonitor.isStopRequested })
    } catch {
      // A budget that cannot be weighed never stops a take; `record` checks the settings.
      Console.status("budget: not weighed (\(error.problem)); recording without a check")
      return .record(settings, nil, reopenSources: false)
    }
    for note in check.notes { Console.status("budget: \(note)") }
    if check.fits {
      Console.status("budget: \(check.estimate.headline)")
      return .record(
        settings, check.takeBudget(mode: mode),
        reopenSources: false)
    }
    switch mode {
    case .refuse:
      for line in check.explanation { Console.status(line) }
      Console.writeError(
        "error: the take does not fit this machine's budget; nothing was recorded\n"
          + "hint: make the changes above, or record with --budget=adapt (makes them) or "
          + "--budget=ignore (records as set, frames may repeat)\n")
      return .refused(check.estimate.verdict == .over ? overStatus : tightStatus)
    case .ignore:
      Console.status(
        "warning: \(check.estimate.headline); recording anyway (--budget=ignore): frames "
          + "may repeat or the take may stop early")
      return .record(
        settings, check.takeBudget(mode: mode),
        reopenSources: false)
    case .adapt:
      let adaptation: BudgetAdaptation
      do {
        adaptation = try check.adaptation(leaving: chosen)
      } catch {
        Console.status("budget: could not adapt (\(error.problem)); recording as set")
        return .record(
          settings, check.takeBudget(mode: mode),
          reopenSources: false)
      }
      Console.status("budget: \(check.estimate.headline)")
      for line in adaptation.lines { Console.status(line) }
      if adaptation.needsAChosenSetting {
        Console.writeError(
          "error: the take fits this machine only with changes to settings you chose; "
            + "nothing was recorded\n"
            + "hint: record with \(adaptation.kept.map(\.summary).joined(separator: ", ")), "
            + "or leave those settings out so that --budget=adapt may change them, or record "
            + "as set with --budget=ignore (frames may repeat)\n")
        return .refused(adaptation.estimate.verdict == .over ? overStatus : tightStatus)
      }
      if adaptation.estimate.verdict != .fits {
        Console.status("warning: even adapted it does not fit; recording anyway")
      }
      return .record(
        adaptation.settings,
        check.takeBudget(mode: mode, adaptation: adaptation),
        reopenSources: adaptation.reopensSources, formats: adaptation.cameraFormats)
    }
  }
}
