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

    let probe = BudgetProbe()
    let budgetSources = [
      BudgetSources.describe(sources.front.info, position: .front, probe: probe),
      BudgetSources.describe(sources.back.info, position: .back, probe: probe),
    ]
    let folder =
      settings.outputDirectory.map { URL(fileURLWithPath: $0) } ?? OutputLocation.defaultRoot()
    var inputs = probe.inputs(
      settings: settings, sources: budgetSources, outputFolder: folder, durationSeconds: seconds)

    let calibrator = Calibrator(
      cache: CalibrationCache(machine: MachineFingerprint.read()))
    let missing = try calibrator.missing(for: inputs)
    if !missing.isEmpty {
      Console.status(
        "calibrating \(missing.count) stages on this machine (first use or new settings)…")
    }
    let outcome = try calibrator.calibrate(for: inputs)
    for problem in outcome.problems { Console.status(problem) }
    inputs.calibration = outcome.table
    return (try BudgetModel.estimate(inputs), sources.notes + outcome.problems)
  }
}

/// Describes opened sources for the budget: kind, wire format, and for V4L2 cameras where
/// they sit on USB (from sysfs) and whether they also offer MJPEG.
enum BudgetSources {
  static func describe(_ info: SourceInfo, position: CameraPosition, probe: BudgetProbe)
    -> BudgetSource
  {
    var source = BudgetSource(
      position: position, kind: info.kind == "file" ? .file : .synthetic,
      format: WireFormat(nativeFormat: info.nativeFormat), size: info.size,
      frameRate: info.frameRate)
    guard info.kind == "v4l2", let path = info.details["path"] else { return source }
    let node = URL(fileURLWithPath: path).resolvingSymlinksInPath().lastPathComponent
    source.usb = probe.usbPlacement(ofVideoNode: node)
    source.kind = source.usb == nil ? .otherCamera : .usbCamera
    let formats = (try? DeviceDiscovery().device(at: path).formats) ?? []
    source.offersMJPEG = formats.contains { format in
      format.fourCC == "MJPG"
        && (format.sizeRange != nil
          || format.sizes.contains { $0.width == info.size.width && $0.height == info.size.height })
    }
    return source
  }
}
