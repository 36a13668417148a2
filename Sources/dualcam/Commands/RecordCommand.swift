import ArgumentParser
import Budget
import Capture
import DualCamCore
import Foundation
import Session

/// `dualcam record`: a take from the command line, for scripts and headless rigs.
struct RecordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a take: two sources into dualview, front and back files.",
    discussion: """
      Sources: synthetic[:options], file:PATH[?loop&fps=N&size=WxH&format=i420|nv12|yuyv] \
      (size and format for raw .yuv files), or a V4L2 device (/dev/video0 or a /dev/v4l link) \
      with ?format=mjpeg|yuyv|nv12|auto to choose the camera's format (default auto).

      Synthetic options: size=WxH, fps=N, phase=5ms, jitter=2ms, drop=0.01, drop-every=N, \
      seed=N, label=TEXT — e.g. --back synthetic:fps=29.97,jitter=2ms.

      Ctrl-C, SIGTERM or SIGHUP stops and finalizes the take (saving says what is left; \
      Ctrl-C again leaves the take to `dualcam recover`); SIGUSR1 pauses and resumes it. \
      Interrupted takes found in the output folder are recovered before recording starts.

      Before the take the budget is checked (as `dualcam budget`). At a cost of 0.95 or more, \
      --budget=adapt (the default) makes the first suggested changes that fit and says which, \
      refuse stops with the explanation and exit status 3 (tight) or 4 (over), ignore records \
      as set with a warning. The prediction, the decision and the measured cost go into \
      metadata.json.
      """)

  @Option(name: .long, help: "Front camera: device path, synthetic[:options] or file:PATH.")
  var front: String?

  @Option(name: .long, help: "Back camera: device path, synthetic[:options] or file:PATH.")
  var back: String?

  @OptionGroup var recording: RecordingOptions

  @OptionGroup var layout: LayoutOptions

  @Option(
    name: .long, help: "Stop after this much recorded time (10s, 1m30s, 90). Default: until Ctrl-C."
  )
  var duration: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "At a budget cost of 0.95 or more: adapt (make the suggested changes that fit), "
        + "refuse (exit 3/4 with the explanation) or ignore (record with a warning)."))
  var budget: BudgetMode = .default

  @Flag(name: .long, help: "Print no progress line, only the result.")
  var quiet = false

  @Flag(name: .long, help: "Print the take's metadata as JSON when done.")
  var json = false

  func run() throws {
    var refusal: Int32?
    do {
      refusal = try record()
    } catch {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
    if let refusal { throw ExitCode(refusal) }
  }

  /// Exit status when Ctrl-C (or SIGTERM, SIGHUP) came before the take started: 128 + SIGINT,
  /// as a shell reports a command interrupted.
  static let stoppedBeforeTheTakeStatus: Int32 = 130

  /// Records a take; returns the exit status when the budget refused it or a stop came before
  /// the take, nil when recorded.
  private func record() throws(DualCamError) -> Int32? {
    // From the start, so that Ctrl-C during the budget's calibration stops it and records
    // nothing, rather than ending the process or being lost until the take runs.
    let signals = SignalMonitor()
    let file = try SettingsFile.load(from: SettingsFile.defaultURL())
    var settings = try recording.settings(over: file.recording)
    settings.layout = try layout.settings(over: file.recording.layout)
    if case .fullStack = settings.layout.canvas, layout.split != nil {
      Console.status(
        "note: --split has no effect on the full-stack canvas, which keeps both cameras at "
          + "their own height; choose --canvas portrait, landscape or WxH to split")
    }
    let seconds = try duration.map { text throws(DualCamError) in
      try DurationParser.seconds(in: text)
    }
    var opened: SourceSelection.Choice? = try SourceSelection.choose(
      front: front ?? file.frontSource, back: back ?? file.backSource, settings: settings)
    for note in opened?.notes ?? [] { Console.status(note) }

    let takeBudget: TakeBudget?
    let specs = (front: opened?.frontSpec ?? "", back: opened?.backSpec ?? "")
    // The check borrows the sources only for its duration: they may have to be closed below.
    let chosen = BudgetChange.Kind.chosen(
      in: settings, sources: [specs.front, specs.back], flags: recording.budgetKindsGiven)
    let outcome = opened.map {
      RecordBudgetGate.check(
        settings: settings, sources: $0, mode: budget, durationSeconds: seconds,
        chosen: chosen)
    }
    if signals.stopRequested {
      Console.status("stopped before the take started: nothing was recorded")
      return Self.stoppedBeforeTheTakeStatus
    }
    switch outcome {
    case nil: return nil
    case .refused(let status): return status
    case .record(let checked, let decided, let reopen, let formats):
      takeBudget = decided
      settings = checked
      if reopen {
        // A new size or rate reaches the cameras only when they are opened again; the old
        // ones are closed first (a device may be opened by one user at a time).
        // A camera-format change reopens that camera as `PATH?format=mjpeg`.
        opened = nil
        opened = try SourceSelection.choose(
          front: formats[.front].map { SourceSpec.spec(specs.front, withFormat: $0) }
            ?? specs.front,
          back: formats[.back].map { SourceSpec.spec(specs.back, withFormat: $0) } ?? specs.back,
          settings: settings)
        for note in opened?.notes ?? [] { Console.status(note) }
      }
    }
    guard let sources = opened else { return nil }
    let limit = try duration.map { text throws(DualCamError) in
      try DurationParser.frames(in: text, at: settings.frameRate)
    }

    let audio = try AudioSelection.choose(
      settings.audioSettings, videoRate: settings.frameRate,
      cameras: [sources.front, sources.back])
    Console.status(audio.note)
    let audio2 =
      audio.source == nil
      ? nil
      : try AudioSelection.chooseSecond(settings.audioSettings, videoRate: settings.frameRate)
    if let audio2 { Console.status(audio2.note) }
    if audio.source == nil, settings.audioSettings.input2 != nil {
      Console.status("note: --audio2 is not recorded without a first sound input (see --audio)")
    }
    let session = SessionController(
      settings: settings, front: sources.front, back: sources.back, audio: audio.source,
      audioRequired: audio.required, audio2: audio2?.source)
    session.takeBudget = takeBudget
    try session.validate()
    recoverInterruptedTakes(in: try OutputLocation.prepare(explicit: settings.outputDirectory))
    try session.startPreview()
    defer { session.shutdown() }
    if let note = session.audioNote { Console.status(note) }
    for (position, source) in [("front", session.front), ("back", session.back)] {
      // A camera that had to change format to start streaming says which it uses now.
      if let change = source.info.details["format_switch"] {
        Console.status("\(position): \(change)")
      }
    }
    let folder = try session.startRecording(frameLimit: limit)
    Console.status("recording to \(folder.path)")

    let progress = ProgressLine(enabled: !quiet)
    let meter = LiveCostMeter(
      budget: takeBudget, cores: Double(ProcessInfo.processInfo.activeProcessorCount),
      frameRate: session.settings.frameRate)
    while true {
      let snapshot = session.snapshot()
      if snapshot.takeEnded || snapshot.failure != nil || signals.stopRequested { break }
      if signals.takePauseToggle() {
        session.togglePause()
        Console.status(session.state == .paused ? "paused (SIGUSR1 resumes)" : "resumed")
      }
      let live = meter.sample(snapshot)
      progress.update(snapshot, estimate: session.diskTimeEstimate(for: snapshot), live: live)
      // Said once each time a resource goes over (kept in metadata.json), not on every poll.
      for warning in live.newWarnings {
        progress.note("warning: \(LiveResourceCost.line(warning))")
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    progress.finish()
    Console.status("saving the take…")
    let watch = SavingWatch(
      session: session, folder: session.snapshot().takeFolder, reports: !quiet,
      inPlace: Console.isInteractive)
    let result: TakeResult
    do {
      result = try session.stopRecording()
      watch.finish()
    } catch {
      watch.finish()
      throw error
    }
    ResultPrinter.print(result, json: json)
    // Saved whole but cut short (the disk filled up): say so, and fail the command.
    if let problem = result.problem { throw problem }
    return nil
  }

  /// Finishes takes an earlier crash left behind before a new one starts; a failure here is
  /// reported but never stops the new recording.
  private func recoverInterruptedTakes(in root: URL) {
    let report = TakeRecovery.recoverAll(in: root)
    for outcome in report.recovered {
      var lines = outcome.lines
      lines[0] = "recovered interrupted take " + lines[0].dropFirst("recovered ".count)
      for line in lines { Console.status(line) }
    }
    for failure in report.failures {
      Console.status(
        "could not recover \(failure.folder.lastPathComponent): \(failure.error.problem)")
    }
  }
}
