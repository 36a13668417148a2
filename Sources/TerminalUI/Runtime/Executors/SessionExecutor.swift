import Budget
import Capture
import Compositor
import DualCamCore
import Foundation
import Session

/// Carries out the commands that act on the recording session: opens it (falling back to
/// synthetic sources), starts, pauses and stops takes, and changes layout and zoom. Every
/// answer comes back as events; it never touches `AppState`.
///
/// Stopping a take (finalizing the files) runs on a thread of its own so the screen keeps
/// moving; `collectFinishedStop()` hands its result over on the interface thread.
final class SessionExecutor {
  /// The session, once one is open.
  private(set) var session: SessionController?
  /// The checks updates make against the open sources.
  private(set) var environment = AppEnvironment.permissive
  private let openSources: SourceOpener
  private let stopResult = Mailbox<Result<TakeResult, DualCamError>>()
  /// The running take's live cost, from its first tick to its end.
  private var liveCostMeter: LiveCostMeter?
  private var stopThread: Thread?
  /// The budget's calibration, started in the background when a session opens so that the
  /// record key finds it in the cache instead of freezing the screen for seconds.
  private let calibrationDone = Mailbox<Bool>()
  private var calibrationThread: Thread?
  /// The session changed while a calibration ran: calibrate its settings too when it ends.
  private var calibrateAgain = false
  /// Record was pressed during the calibration (with `overBudget` as given): start when done.
  private var recordWhenCalibrated: Bool?
  /// The calibration's stage now (from 1) and how many it measures; nil before the first.
  private let calibrationStage = Locked<(number: Int, count: Int)?>(nil)
  /// The stage last told to the interface.
  private var toldStage: (number: Int, count: Int)?
  /// The calibration has measured the take's own works, found that it fits, and goes on with
  /// what else could fit (for the menus): a take asked for now need not wait for that.
  private let takeFitsAndIsMeasured = Locked(false)
  /// Set to stop the calibration at its next stage, so that a take can start.
  private let stopCalibration = Locked(false)
  /// The calibration was stopped for a take: finish it once the take is over.
  private var calibrateAfterTake = false

  /// The calibrator budget checks use (nil: this machine's; tests stand in their own).
  private let calibrator: Calibrator?

  /// An executor opening sources with `openSources`.
  init(openSources: @escaping SourceOpener, calibrator: Calibrator? = nil) {
    self.openSources = openSources
    self.calibrator = calibrator
  }

  /// True while a take is being finished: the session must not be changed meanwhile.
  var isFinishing: Bool { stopThread != nil }

  // MARK: - Opening

  /// Opens sources and a session; when the chosen sources fail, falls back to synthetic ones
  /// and says why, so the interface always opens.
  func open(front: String?, back: String?, settings: RecordingSettings) -> [AppEvent] {
    do {
      return try start(front: front, back: back, settings: settings, soundOptional: true)
    } catch {
      var events: [AppEvent] = [
        .failed(
          ErrorReport(
            title: "Cameras could not be opened", problem: error.problem,
            fix:
              "\(error.fix.isEmpty ? "" : error.fix + "; ")synthetic test sources are shown meanwhile — choose cameras in Menu › Devices"
          ))
      ]
      // Test patterns cannot be stored as camera streams: encode their files instead.
      var fallback = settings
      if fallback.copiesCameraStreams { fallback.cameraCodec = nil }
      do {
        events += try start(
          front: "synthetic", back: "synthetic", settings: fallback, soundOptional: true)
      } catch {
        events.append(.failed(ErrorReport(title: "Nothing could be opened", error: error)))
      }
      return events
    }
  }

  /// Replaces the session with one on new sources or settings; when the new one cannot start,
  /// says why and opens `previous` again. `opened` is true when the new one runs.
  func reopen(
    front: String, back: String, settings: RecordingSettings,
    previous: (sources: AppState.Sources, settings: RecordingSettings)
  ) -> (events: [AppEvent], opened: Bool) {
    session?.shutdown()
    session = nil
    do {
      return (try start(front: front, back: back, settings: settings), true)
    } catch {
      let failed = AppEvent.sessionFailed(
        ErrorReport(title: "Not changed", error: error), settings: previous.settings)
      let events = open(
        front: previous.sources.frontSpec, back: previous.sources.backSpec,
        settings: previous.settings)
      return ([failed] + events, false)
    }
  }

  /// Opens sources and a session with the sound `settings` ask for (`AudioSelection`, the rule
  /// `dualcam record` follows). With `soundOptional` (opening at start, or falling back), a
  /// sound input that cannot be opened leaves the session without sound and says why, so the
  /// cameras still open; otherwise (the user just chose it) it fails the whole change.
  private func start(
    front: String?, back: String?, settings: RecordingSettings, soundOptional: Bool = false
  ) throws(DualCamError) -> [AppEvent] {
    let opened = try openSources(front, back, settings)
    var soundNotes: [String] = []
    let audio: AudioSelection.Choice?
    do {
      audio = try AudioSelection.choose(
        settings.audioSettings, videoRate: settings.frameRate,
        cameras: [opened.front, opened.back])
    } catch {
      guard soundOptional else { throw error }
      audio = nil
      soundNotes.append("No sound: \(error.problem)")
    }
    // The second microphone (`[audio] input2`), only beside a first input, as `record` does.
    var audio2: AudioSelection.Choice?
    if audio?.source != nil {
      do {
        audio2 = try AudioSelection.chooseSecond(
          settings.audioSettings, videoRate: settings.frameRate)
      } catch {
        guard soundOptional else { throw error }
        soundNotes.append("No second sound: \(error.problem)")
      }
    }
    let session = SessionController(
      settings: settings, front: opened.front, back: opened.back, audio: audio?.source,
      audioRequired: (audio?.required ?? false) && !soundOptional, audio2: audio2?.source)
    try session.validate()
    try session.startPreview()
    self.session = session
    // (No note for sound the user turned off: they know.)
    if let note = audio?.note, settings.audioSettings.input != .none {
      soundNotes.append(Self.sentence(note))
    }
    if let note = audio2?.note { soundNotes.append(Self.sentence(note)) }
    if let note = session.audioNote { soundNotes.append(Self.sentence(note)) }
    startCalibration()
    let frontSize = opened.front.info.size
    let backSize = opened.back.info.size
    let cameraKinds = [opened.front.info.kind, opened.back.info.kind]
    environment = AppEnvironment(
      checkSettings: { settings in
        if settings.copiesCameraStreams, cameraKinds.contains(where: { $0 != .v4l2 }) {
          return .invalidArgument(
            "copy stores each camera's own MJPEG stream, and a synthetic or file source has none",
            fix: "choose two cameras in Devices first, or encode the camera files")
        }
        do throws(DualCamError) {
          try SessionController.check(settings, frontSize: settings.size, backSize: settings.size)
          return nil
        } catch { return error }
      },
      checkLayout: { [weak session] layout in
        do throws(DualCamError) {
          _ = try StackLayout(settings: layout, frontSize: frontSize, backSize: backSize)
          return session?.canApplyLayout(layout)
        } catch { return error }
      })
    let sources = AppState.Sources(
      front: opened.front.info, back: opened.back.info, frontSpec: opened.frontSpec,
      backSpec: opened.backSpec)
    var events: [AppEvent] = [.sessionOpened(sources, settings)]
    if opened.notes.contains(where: { $0.contains("synthetic") })
      && opened.front.info.kind == .synthetic
    {
      events.append(.notice("No camera found: showing synthetic test patterns"))
    }
    return events + soundNotes.map { .notice($0) }
  }

  /// A status line (`sound: …`) as a toast says it: capitalised.
  private static func sentence(_ line: String) -> String {
    line.prefix(1).uppercased() + line.dropFirst()
  }

  // MARK: - Takes

  /// Starts a take once its budget fits (the same check as `dualcam record`); one that does
  /// not is started only `overBudget`, when the user has seen why and said so.
  func startRecording(overBudget: Bool = false) -> [AppEvent] {
    guard let session else {
      return [
        .failed(
          ErrorReport(
            title: "Cannot record", problem: "no cameras are open",
            fix: "choose cameras in Menu › Devices"))
      ]
    }
    if calibrationThread != nil {
      recordWhenCalibrated = overBudget
      if takeFitsAndIsMeasured.withLock({ $0 }) {
        // Only the alternatives are left: stop at the next stage and record.
        stopCalibration.withLock { $0 = true }
        calibrateAfterTake = true
      }
      return [.recordingWaitsForCalibration]
    }
    if let question = checkBudget(session, overBudget: overBudget) { return [question] }
    do {
      return [.recordingStarted(try session.startRecording())]
    } catch {
      return [.failed(ErrorReport(title: "Recording did not start", error: error))]
    }
  }

  /// Starts a take over budget after making the budget's changes that fit, as
  /// `record --budget=adapt` does: the session is opened again on `sources` with the adapted
  /// settings when they differ, and the take's metadata records `mode: adapt` and the changes.
  ///
  /// Settings the user chose (`chosenOnCommandLine`, and those away from the defaults: see
  /// `BudgetChange.Kind.chosen`) are left alone; when only changing them would make the take
  /// fit, nothing is recorded and the dialog says which changes would.
  func startRecordingAdapted(
    sources: AppState.Sources, chosenOnCommandLine: Set<BudgetChange.Kind> = []
  ) -> [AppEvent] {
    guard let current = session,
      let check = try? BudgetCheck.weigh(
        settings: current.settings, front: current.front.info, back: current.back.info,
        calibrator: calibrator),
      !check.fits
    else { return startRecording() }
    let chosen = BudgetChange.Kind.chosen(
      in: current.settings, sources: [sources.frontSpec, sources.backSpec],
      flags: chosenOnCommandLine)
    let adaptation: BudgetAdaptation
    do {
      adaptation = try check.adaptation(leaving: chosen)
    } catch {
      return [.failed(ErrorReport(title: "The settings could not be adapted", error: error))]
    }
    if adaptation.needsAChosenSetting {
      return [
        .failed(
          ErrorReport(
            title: "Not recorded: it fits only by changing your settings",
            problem:
              "\(check.estimate.headline); adapting leaves the settings you chose as they are, "
              + "and what it may change is not enough (\(adaptation.estimate.headline))",
            fix:
              "make these changes in the menus: "
              + adaptation.kept.map(\.summary).joined(separator: ", ")
              + "; or record anyway"))
      ]
    }
    var events: [AppEvent] = []
    if adaptation.settings != current.settings || !adaptation.cameraFormats.isEmpty {
      // A camera-format change opens that camera again as `PATH?format=mjpeg`.
      let outcome = reopen(
        front: adaptation.spec(sources.frontSpec, for: .front),
        back: adaptation.spec(sources.backSpec, for: .back), settings: adaptation.settings,
        previous: (sources, current.settings))
      events += outcome.events
      guard outcome.opened else { return events }
    }
    guard let session else { return events }
    events.append(.recordingAdapted(adaptation.settings, lines: adaptation.lines))
    session.takeBudget = check.takeBudget(mode: .adapt, adaptation: adaptation)
    do {
      events.append(.recordingStarted(try session.startRecording()))
    } catch {
      events.append(.failed(ErrorReport(title: "Recording did not start", error: error)))
    }
    return events
  }

  /// Gives the session the take's budget; returns the question to ask when it is 0.95 or more
  /// and the user has not said to record anyway. A budget that cannot be weighed never stops
  /// a take (the take then has none in its metadata).
  private func checkBudget(_ session: SessionController, overBudget: Bool) -> AppEvent? {
    session.takeBudget = nil
    guard
      let check = try? BudgetCheck.weigh(
        settings: session.settings, front: session.front.info, back: session.back.info,
        calibrator: calibrator)
    else { return nil }
    if !check.fits && !overBudget {
      return .overBudget(check.estimate.reportLines.joined(separator: "\n"))
    }
    // The interface asks instead of adapting: refuse when it fits, ignore when recorded anyway.
    session.takeBudget = check.takeBudget(mode: check.fits ? .refuse : .ignore)
    return nil
  }

  // MARK: - Calibration

  /// Weighs the open session's settings on a thread of its own, which calibrates what this
  /// machine's cache lacks (1–5 s on first use and for new settings).
  private func startCalibration() {
    guard let session else { return }
    guard calibrationThread == nil else {
      calibrateAgain = true
      return
    }
    let (settings, front, back) = (session.settings, session.front.info, session.back.info)
    let (done, calibrator, stage) = (calibrationDone, calibrator, calibrationStage)
    let (measured, stop) = (takeFitsAndIsMeasured, stopCalibration)
    stage.withLock { $0 = nil }
    measured.withLock { $0 = false }
    stop.withLock { $0 = false }
    let thread = Thread {
      // The alternatives too, in the background: the menus show what each choice costs.
      _ = try? BudgetCheck.weigh(
        settings: settings, front: front, back: back, calibrator: calibrator,
        alternatives: .always, isCancelled: { stop.withLock { $0 } },
        stage: { number, count in stage.withLock { $0 = (number, count) } },
        takeMeasured: { fits in measured.withLock { $0 = fits } })
      done.put(true)
    }
    thread.name = "budget-calibration"
    calibrationThread = thread
    thread.start()
  }

  /// True while the background calibration runs.
  var isCalibrating: Bool { calibrationThread != nil }

  /// The calibration's progress while it runs (a stage begun), and once it has ended:
  /// calibrates the session's newer settings, or starts the take that record asked for
  /// meanwhile.
  func collectCalibration() -> [AppEvent] {
    guard calibrationThread != nil else { return [] }
    guard calibrationDone.take() != nil else {
      let now = calibrationStage.withLock { $0 }
      guard let now, now.number != toldStage?.number || now.count != toldStage?.count else {
        return []
      }
      toldStage = now
      return [.calibrationStage(number: now.number, count: now.count)]
    }
    calibrationThread = nil
    toldStage = nil
    if calibrateAgain {
      calibrateAgain = false
      startCalibration()
      return []
    }
    guard let overBudget = recordWhenCalibrated else { return [.calibrationEnded] }
    recordWhenCalibrated = nil
    return [.calibrationEnded] + startRecording(overBudget: overBudget)
  }

  /// Forgets the take that record asked for during the calibration (which goes on: its
  /// figures serve the next press of record).
  func cancelRecordingWhenCalibrated() -> [AppEvent] {
    guard recordWhenCalibrated != nil else { return [] }
    recordWhenCalibrated = nil
    return [.notice("Not recording: the take waiting for the calibration was cancelled")]
  }

  /// Pauses or resumes the take.
  func togglePause() -> [AppEvent] {
    session?.togglePause()
    return [.pauseToggled(paused: session?.state == .paused)]
  }

  /// Starts finishing the take on its own thread; `collectFinishedStop()` tells the result.
  func startStop() {
    guard let session, stopThread == nil else { return }
    let box = stopResult
    let thread = Thread {
      let result: Result<TakeResult, DualCamError>
      do throws(DualCamError) {
        result = .success(try session.stopRecording())
      } catch {
        result = .failure(error)
      }
      box.put(result)
    }
    thread.name = "take-finalize"
    stopThread = thread
    thread.start()
  }

  /// The result of a stop that has finished, if one has.
  func collectFinishedStop() -> AppEvent? {
    guard stopThread != nil, let result = stopResult.take() else { return nil }
    stopThread = nil
    if calibrateAfterTake {
      // The calibration stopped for the take; what the menus lack is measured now.
      calibrateAfterTake = false
      startCalibration()
    }
    switch result {
    case .success(let take):
      return .takeFinished(Self.review(of: take))
    case .failure(let error):
      // A full disk beyond the take's reserve: the message says what was saved and where.
      let diskFull = error.problem.hasPrefix("the disk is full")
      return .failed(
        ErrorReport(
          title: diskFull ? "Disk full" : "The take could not be finished", error: error))
    }
  }

  /// Waits for a running stop to finish (when quitting) and returns its result, if one ran.
  func waitForStop() -> AppEvent? {
    calibrateAfterTake = false  // quitting: nothing more to measure
    while stopThread != nil {
      Thread.sleep(forTimeInterval: 0.02)
      if let finished = collectFinishedStop() { return finished }
    }
    return nil
  }

  /// The newest counters; while a take is being finished, `previous` marked as finalizing.
  func snapshot(previous: SessionSnapshot?) -> SessionSnapshot? {
    guard stopThread == nil else {
      return previous.map { previous in
        var finalizing = previous
        finalizing.state = .finalizing
        // The counters stay as the take ended; what the stop still waits for is live.
        finalizing.saving = session?.snapshot().saving
        return finalizing
      }
    }
    return session?.snapshot()
  }

  /// The running take's live cost after `snapshot` (nil between takes); a new meter for each
  /// take, which keeps the take's warnings in its budget.
  func liveCost(after snapshot: SessionSnapshot?) -> AppEvent? {
    guard let snapshot, snapshot.state == .recording || snapshot.state == .paused else {
      liveCostMeter = nil
      return nil
    }
    let meter =
      liveCostMeter
      ?? LiveCostMeter(
        budget: session?.takeBudget, cores: Double(ProcessInfo.processInfo.activeProcessorCount),
        frameRate: session?.settings.frameRate)
    liveCostMeter = meter
    return .liveCost(meter.sample(snapshot))
  }

  /// Saves the running take (if `takeRunning`) and closes the session; call `waitForStop()`
  /// first.
  /// Returns the folder of the take it saved, if it saved one.
  @discardableResult
  func shutdown(takeRunning: Bool) -> URL? {
    var saved: URL?
    if takeRunning, let session {
      saved = (try? session.stopRecording())?.folder
    }
    session?.shutdown()
    session = nil
    return saved
  }

  static func review(of take: TakeResult) -> TakeReview {
    let metadata = take.metadata
    let sync = metadata.sync
    return TakeReview(
      folder: take.folder, duration: sync.durationSeconds, frames: sync.frames,
      pauses: metadata.pauses.count,
      front: .init(dropped: sync.front.droppedTotal, repeatsInFile: sync.frontRepeatsWritten),
      back: .init(dropped: sync.back.droppedTotal, repeatsInFile: sync.backRepeatsWritten),
      encoderLagRepeats: sync.repeatedForEncoderLag, encoderLagHeld: sync.held,
      files: ["dualview", "front", "back"].compactMap { name in
        metadata.outputs[name].map { ($0.file, $0.bytes) }
      }, stoppedForFullDisk: metadata.stopReason == .diskFull)
  }

  // MARK: - Layout and zoom

  /// Uses `layout` for the preview and the dual view (live during a take).
  func updateLayout(_ layout: LayoutSettings) -> [AppEvent] {
    do {
      try session?.updateLayout(layout)
      return []
    } catch {
      return [
        .layoutRefused(current: session?.settings.layout, reason: "Not applied: \(error.problem)")
      ]
    }
  }

  /// Zooms with the camera's own zoom when `hardware` (a refusal comes back as an event, and
  /// the update decides again); otherwise applies `layout`, which holds the digital zoom.
  func zoom(
    _ camera: CameraPosition, to factor: Double, hardware: Bool, layout: LayoutSettings
  ) -> [AppEvent] {
    guard let session else { return [] }
    if hardware {
      if case .hardware = session.setZoom(factor, for: camera) { return [] }
      return [.hardwareZoomRefused(camera, factor: factor)]
    }
    return updateLayout(layout)
  }
}
