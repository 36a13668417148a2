import ArgumentParser
import Capture
import DualCamCore
import Foundation
import Session
import TerminalUI

/// `dualcam` with no subcommand: the terminal interface, on the same engine as `record`.
struct InterfaceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui",
    abstract: "Open the terminal interface (the default): live preview, recording, menus.",
    discussion: """
      Keys: r record/stop, Space pause, Tab camera, +/- zoom, s swap, m menus, ? help, q quit.
      Settings are kept in $XDG_CONFIG_HOME/dualcam/settings.toml (or $DUALCAM_SETTINGS); \
      flags given here override them. FFmpeg's messages go to \
      $XDG_STATE_HOME/dualcam/dualcam.log while the interface is open.
      """)

  @Option(name: .long, help: "Front camera: device path, synthetic[:options] or file:PATH.")
  var front: String?

  @Option(name: .long, help: "Back camera: device path, synthetic[:options] or file:PATH.")
  var back: String?

  @OptionGroup var recording: RecordingOptions

  @OptionGroup var layout: LayoutOptions

  @Option(name: .long, help: "Preview colours: auto, truecolor, 256, 16 or none.")
  var colors: String?

  func run() throws {
    do {
      try open()
    } catch {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }

  private func open() throws(DualCamError) {
    // Checked before anything else, so that a run without a terminal changes nothing (a broken
    // settings file is only set aside when the interface can tell the user so).
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw .invalidArgument(
        "the interface needs a terminal on standard input and output",
        fix: "run it in a terminal, or use `dualcam record` in scripts")
    }
    let url = SettingsFile.defaultURL()
    let loaded = SettingsFile.loadOrSetAside(from: url)
    var settings = try recording.settings(over: loaded.settings.recording)
    settings.layout = try layout.settings(over: loaded.settings.recording.layout)
    let file = loaded.settings
    if let colors {
      guard TerminalCapabilities.ColorDepth(rawValue: colors) != nil || colors == "auto" else {
        throw .invalidArgument(
          "--colors \(colors) is not a colour mode", fix: "use auto, truecolor, 256, 16 or none")
      }
    }
    try SessionController.check(settings, frontSize: settings.size, backSize: settings.size)
    let root = try OutputLocation.prepare(explicit: settings.outputDirectory)
    var problems: [ErrorReport] = []
    if let problem = loaded.problem {
      problems.append(ErrorReport(title: "Settings file set aside", problem: problem, fix: nil))
    }
    var notices: [String] = []
    let recovery = TakeRecovery.recoverAll(in: root)
    for outcome in recovery.recovered {
      let scope =
        outcome.playableFiles.count == outcome.files.count
        ? "" : ", \(outcome.playableFiles.count) of \(outcome.files.count) files play"
      notices.append(
        "Recovered interrupted take \(outcome.folder.lastPathComponent) "
          + "(\(outcome.frames) frames\(scope))")
    }
    for failure in recovery.failures {
      problems.append(
        ErrorReport(
          title: "An interrupted take could not be recovered", problem: failure.error.problem,
          fix: "run `dualcam recover` for details"))
    }

    let terminal: NcursesTerminal
    do throws(DualCamTerminalError) {
      terminal = try NcursesTerminal(
        colorLimit: TerminalCapabilities.ColorDepth(rawValue: colors ?? file.interface.colors))
    } catch {
      switch error {
      case .notATerminal:
        throw .invalidArgument(
          "the interface needs a terminal on standard input and output",
          fix: "run it in a terminal, or use `dualcam record` in scripts")
      case .unknownTerminal(let name):
        throw .invalidArgument(
          "the terminal type '\(name)' is unknown to terminfo",
          fix: "set TERM to xterm-256color, or install ncurses-term")
      }
    }
    _ = SignalMonitor()
    let log = FFmpegLogRedirect()
    var configuration = AppRunner.Configuration(
      settings: settings, settingsFile: file, settingsURL: url,
      frontSpec: front ?? file.frontSource, backSpec: back ?? file.backSource,
      startupProblems: problems,
      openSources: { front, back, settings throws(DualCamError) in
        let choice = try SourceSelection.choose(front: front, back: back, settings: settings)
        return OpenedSources(
          front: choice.front, back: choice.back, frontSpec: choice.frontSpec,
          backSpec: choice.backSpec, notes: choice.notes)
      },
      listDevices: {
        let cameras = DeviceDiscovery().discover().devices.map { device in
          AppState.DeviceChoice(spec: device.node, label: "\(device.name) (\(device.node))")
        }
        return cameras + [
          AppState.DeviceChoice(spec: "synthetic", label: "synthetic test pattern")
        ]
      },
      stopRequested: { SignalMonitor.isStopRequested })
    configuration.startupNotices = notices
    configuration.colors = colors
    configuration.budgetKindsChosen = recording.budgetKindsGiven
    let runner = AppRunner(terminal: terminal, configuration: configuration)
    runner.run()
    log.restore()
    for take in runner.savedTakes { Console.status("saved \(take.path)") }
    if let left = runner.takeLeftUnsaved {
      Console.status("quit while saving: " + TakeLeftToRecover.advice(for: left))
      // The thread still saving it must not run on into the process's teardown.
      _exit(0)
    }
  }
}

/// Sends standard error to a log file while the interface owns the terminal, so FFmpeg's and
/// the system's messages never scribble over the screen.
struct FFmpegLogRedirect {
  private let savedDescriptor: Int32

  init() {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
    let folder = base.appendingPathComponent("dualcam")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("dualcam.log").path
    savedDescriptor = dup(STDERR_FILENO)
    let log = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    if log >= 0 {
      dup2(log, STDERR_FILENO)
      Foundation.close(log)
    }
  }

  /// Gives standard error back to the terminal.
  func restore() {
    guard savedDescriptor >= 0 else { return }
    dup2(savedDescriptor, STDERR_FILENO)
    close(savedDescriptor)
  }
}
