import ArgumentParser
import Budget
import Capture
import DualCamCore
import Foundation
import Session

/// `dualcam budget`: whether a take with these settings fits this machine, and why not.
struct BudgetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "budget",
    abstract: "Say whether a take with these settings fits this machine, before recording.",
    discussion: """
      Takes the same options as record. Weighs each resource — the USB bus of each camera \
      (periodic bandwidth), the CPU (calibrated on this machine on first use and when settings \
      change, cached under $XDG_CACHE_HOME/dualcam/calibration), disk space and memory — and \
      prints its demand, capacity and cost (demand / capacity). The budget's cost is the largest. \
      It fits below 0.95, is tight up to 1.0 and over above. When it does not fit, the changes \
      that would bring it under are listed in this order: camera format (MJPEG instead of \
      YUYV), encoder preset, frame rate, resolution.

      Exit status: 0 fits, 3 tight, 4 over; 64 bad flag or setting, 66 source unavailable, \
      as for record.
      """)

  /// Exit status when the budget is tight (0.95–1.0).
  static let tightStatus: Int32 = 3
  /// Exit status when the budget is over (above 1.0).
  static let overStatus: Int32 = 4

  @Option(name: .long, help: "Front camera: device path, synthetic[:options] or file:PATH.")
  var front: String?

  @Option(name: .long, help: "Back camera: device path, synthetic[:options] or file:PATH.")
  var back: String?

  @OptionGroup var recording: RecordingOptions

  @OptionGroup var layout: LayoutOptions

  @Option(
    name: .long, help: "Planned length of the take (10s, 1m30s, 90): checks it fits the disk.")
  var duration: String?

  @Flag(name: .long, help: "Print the budget as JSON, for scripts.")
  var json = false

  func run() throws {
    let estimate: BudgetEstimate
    var notes: [String] = []
    do {
      (estimate, notes) = try evaluate()
    } catch {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
    if json {
      print(try BudgetReport.json(estimate, notes: notes))
    } else {
      print(BudgetReport.text(estimate))
    }
    switch estimate.verdict {
    case .fits: return
    case .tight: throw ExitCode(Self.tightStatus)
    case .over: throw ExitCode(Self.overStatus)
    }
  }

  private func evaluate() throws(DualCamError) -> (BudgetEstimate, [String]) {
    let file = try SettingsFile.load(from: SettingsFile.defaultURL())
    var settings = try recording.settings(over: file.recording)
    settings.layout = try layout.settings(over: file.recording.layout)
    let seconds = try duration.map { text throws(DualCamError) in
      try DurationParser.seconds(in: text)
    }
    let sources = try SourceSelection.choose(
      front: front ?? file.frontSource, back: back ?? file.backSource, settings: settings)
    for note in sources.notes { Console.status(note) }

    let check = try BudgetCheck.weigh(
      settings: settings, front: sources.front.info, back: sources.back.info,
      durationSeconds: seconds, status: Console.status)
    for problem in check.notes { Console.status(problem) }
    return (check.estimate, sources.notes + check.notes)
  }
}
