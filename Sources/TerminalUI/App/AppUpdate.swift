import Capture
import DualCamCore
import Foundation
import Session

/// The interface's one state transition: `update(&state, event)` changes the state and returns
/// the commands the runner must carry out. Pure: no terminal, no session, no clock.
public enum AppUpdate {
  /// How long a note stays on screen, seconds.
  static let toastSeconds = 3.0
  /// How long a problem stays on screen, seconds.
  static let problemToastSeconds = 6.0
  /// Exposure keys move an integer control by this share of its range.
  static let exposureStepShare: Int64 = 20

  /// Applies `event` to `state`; returns what the runner must do. Keys go to the overlay in
  /// front or the focused screen; every other event changes the app's state, then every open
  /// screen's.
  public static func update(
    _ state: inout AppState, _ event: AppEvent, environment: AppEnvironment
  ) -> [AppCommand] {
    if case .key(let key) = event {
      let commands = handleKey(key, &state, environment)
      return commands + budgetPredictions(&state)
    }
    let commands = updateApp(&state, event)
    return commands + state.updateScreens(with: event)
  }

  /// While a menu page with recording settings is in front: asks for the predicted cost of the
  /// settings and of the highlighted item's ← and → choices, each once.
  static func budgetPredictions(_ state: inout AppState) -> [AppCommand] {
    guard case .menu(let navigation) = state.topOverlay else { return [] }
    let wanted = MenuView.budgetSettings(navigation, state: state)
    guard !wanted.isEmpty else { return [] }
    let new = state.menuBudgets.toRequest([state.settings] + wanted.compactMap { $0 })
    return new.isEmpty ? [] : [.predictBudget(new)]
  }

  private static func updateApp(_ state: inout AppState, _ event: AppEvent) -> [AppCommand] {
    switch event {
    case .key:
      return []
    case .resize(let width, let height):
      state.width = width
      state.height = height
      return []
    case .tick(let uptime, let session, let system):
      return tick(&state, uptime: uptime, session: session, system: system)
    case .picturesInPixels(let on):
      state.picturesInPixels = on
      return []
    case .preferencesLoaded(let preferences):
      state.fpsCounterVisible = preferences.fpsCounter
      state.logLevel = preferences.logLevel
      state.colorPreference = preferences.colors
      state.picturePreference = preferences.pictures
      state.overBudgetAnswer = preferences.overBudget
      return [.setLogLevel(preferences.logLevel)]
    case .stopRequested:
      guard !state.quitAfterStop else { return [] }
      state.overlays.removeAll()
      return quitAfterSaving(&state)
    case .sessionOpened(let sources, let settings):
      if sources != state.sources { state.menuBudgets = MenuBudgets() }
      state.settings = settings
      state.sources = sources
      state.controls = [:]
      state.hardwareZoom = [:]
      state.soundGain = .unknown
      return [.loadControls(.front), .loadControls(.back), .readSoundGain]
    case .sessionFailed(let report, let settings):
      state.settings = settings
      return fail(report, &state)
    case .recordingStarted(let folder):
      state.liveCost = nil
      toast(&state, "Recording to \(folder.deletingPathExtension().lastPathComponent)")
      return []
    case .overBudget(let explanation):
      return answerOverBudget(explanation, &state)
    case .recordingAdapted(let settings, let lines):
      // Kept for the next takes, as a change in the menus is.
      state.settings = settings
      toast(&state, lines.joined(separator: "; "))
      return [.saveSettings]
    case .budgetPredicted(let answers):
      state.menuBudgets.keep(answers)
      return budgetPredictions(&state)
    case .liveCost(let reading):
      state.liveCost = reading
      for warning in reading.newWarnings {
        toast(&state, LiveResourceCost.line(warning), problem: true)
      }
      return []
    case .pauseToggled(let paused):
      toast(&state, paused ? "Paused" : "Recording again")
      return []
    case .takeFinished(let review):
      state.stopPending = false
      state.liveCost = nil
      state.savedTakes.append(review.folder)
      // The take is over now, not at the next snapshot: nothing may offer it keys meanwhile.
      state.session?.state = .previewing
      if state.discardAfterStop {
        state.discardAfterStop = false
        return [.discardTake(review.folder)] + (state.quitAfterStop ? [.quit] : [])
      }
      if state.quitAfterStop {
        state.quitting = true
        return [.quit]
      }
      if review.stoppedForFullDisk {
        toast(
          &state,
          "Disk full: \(review.frames) frames (\(Formatting.clock(seconds: review.duration))) "
            + "saved in \(review.folder.path)", problem: true)
      }
      state.overlays.append(.review(review))
      return []
    case .layoutRefused(let current, let reason):
      if let current { state.settings.layout = current }
      toast(&state, reason)
      return []
    case .hardwareZoomRefused(let camera, let factor):
      state.hardwareZoom[camera] = false
      toast(&state, "The \(camera) camera did not zoom: using digital zoom")
      return zoom(&state, camera: camera, to: factor, announce: false)
    case .controlsLoaded(let camera, let controls, let hardwareZoom):
      state.controls[camera] = controls
      state.hardwareZoom[camera] = hardwareZoom
      return []
    case .devicesFound(let devices):
      state.availableDevices = devices
      return []
    case .soundInputsFound(let inputs):
      state.soundInputs = inputs
      return []
    case .soundGainRead(let volume):
      state.soundGain = volume.map { .volume($0) } ?? .noControl
      return []
    case .folderDeleted(let folder):
      toast(&state, "Discarded \(folder.lastPathComponent)")
      return []
    case .settingsNotSaved(let reason):
      toast(&state, reason)
      return []
    case .previewDrawn, .previewPresented:
      return []  // the camera screen's
    case .recordingWaitsForCalibration:
      state.recordingWaitsForCalibration = true
      return []
    case .calibrationStage(let number, let count):
      state.calibration = (number, count)
      return []
    case .calibrationEnded:
      state.calibration = nil
      state.recordingWaitsForCalibration = false
      return []
    case .playerOpened(let take):
      // One take plays at a time: a player already on top gives way to the new one.
      while state.screens.focused is PlayerScreen { state.screens.pop() }
      state.screens.push(PlayerScreen(take: take))
      return []
    case .playerFrame:
      return []  // the player screen's
    case .gallery:
      return []  // the gallery screen's
    case .failed(let report):
      return fail(report, &state)
    case .notice(let text):
      toast(&state, text)
      return []
    }
  }

  private static func fail(_ report: ErrorReport, _ state: inout AppState) -> [AppCommand] {
    state.stopPending = false
    state.quitAfterStop = false
    state.discardAfterStop = false
    // A take the player could not open: its review waits under the error.
    reviewAgainAfterPlayer(&state)
    state.overlays.append(.error(report))
    return []
  }

  /// Adds a short message.
  static func toast(_ state: inout AppState, _ text: String, problem: Bool = false) {
    let lifetime = problem ? problemToastSeconds : toastSeconds
    state.toasts.append(.init(text: text, isProblem: problem, expires: state.uptime + lifetime))
    if state.toasts.count > 3 { state.toasts.removeFirst(state.toasts.count - 3) }
  }

  // MARK: - Time

  private static func tick(
    _ state: inout AppState, uptime: Double, session: SessionSnapshot?,
    system: AppState.SystemStatus
  ) -> [AppCommand] {
    state.uptime = uptime
    state.system = system
    state.toasts.removeAll { $0.expires <= uptime }
    let wasLost = state.session?.soundInput?.signalLost ?? false
    state.session = session
    if let sound = session?.soundInput, sound.signalLost != wasLost {
      // Said in full once: the status bar may only have room for the short form.
      toast(
        &state,
        sound.signalLost
          ? "SOUND LOST: \(sound.label) stopped; takes record silence until it returns"
          : "Sound is back: \(sound.label)", problem: sound.signalLost)
    }
    if let session {
      // While a take is saved the snapshot is the last one taken before, its counters frozen:
      // folded in, they would make the first real counters after the save look like thousands
      // of frames a second.
      if session.state != .finalizing {
        state.measuredRates.update(
          front: session.front.delivered, back: session.back.delivered, at: uptime)
      }
      if let failure = session.failure, state.isTakeRunning, !state.stopPending {
        state.stopPending = true
        toast(
          &state,
          session.diskFull
            ? "Disk full: stopping the take and saving what was recorded"
            : "Output failed: \(failure). Stopping the take.", problem: true)
        return [.stopRecording]
      }
    }
    return []
  }

  // MARK: - Keys and screens

  /// Keys go to the overlay in front, else to the focused screen; what the screen leaves is
  /// the stack's: ? opens help, Esc and q go back, other characters get a note.
  private static func handleKey(_ key: Key, _ state: inout AppState, _ environment: AppEnvironment)
    -> [AppCommand]
  {
    if let overlay = state.topOverlay {
      return handleOverlayKey(key, overlay, &state, environment)
    }
    let handled = state.updateFocusedScreen { screen, app in
      screen.handleKey(key, app: &app, environment: environment)
    }
    if let handled { return handled }
    switch key {
    case .character("?"), .function(1):
      state.overlays.append(.help(scroll: 0))
    case .escape, .character("q"):
      if state.screens.pop() {
        reviewAgainAfterPlayer(&state)
        return []
      }
      if key == .escape { return [] }
      return requestQuit(&state)
    case .character(let character) where !state.isTooSmall:
      toast(&state, "'\(character)' does nothing here: ? lists the keys")
    default: break
    }
    return []
  }

  /// The review the player was opened from comes back once the camera screen is on top again
  /// (the player closed, or never opened).
  static func reviewAgainAfterPlayer(_ state: inout AppState) {
    guard state.screens.isAtRoot, let review = state.camera.reviewAfterPlayback else { return }
    state.camera.reviewAfterPlayback = nil
    state.overlays.insert(.review(review), at: 0)
  }

  /// The record key found a take over budget: answers as Menu › Recording › Over budget says.
  static func answerOverBudget(_ explanation: String, _ state: inout AppState) -> [AppCommand] {
    switch state.overBudgetAnswer {
    case .ask:
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Over budget",
            message: explanation
              + "\n\nRecording anyway may repeat frames or hold them; adapting makes the "
              + "changes that leave the settings you chose alone.",
            confirmLabel: "Record anyway", action: .recordOverBudget,
            alternative: (key: "a", label: "Adapt and record", action: .recordAdapted))))
      return []
    case .adapt:
      return [.startRecordingAdapted]
    case .refuse:
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Not recorded: over budget",
            message: explanation
              + "\n\nMenu › Recording › Over budget is set to refuse: change the settings, or "
              + "set it to ask to be given the choice.",
            confirmLabel: "Close", action: .dismiss)))
      return []
    case .ignore:
      toast(
        &state, "Over budget, recording anyway (Menu › Recording › Over budget: ignore)",
        problem: true)
      return [.startRecordingOverBudget]
    }
  }

  /// Quitting from the root screen: while a take runs, asks first (it is then stopped and
  /// saved); otherwise quits at once.
  static func requestQuit(_ state: inout AppState) -> [AppCommand] {
    if state.sessionState == .finalizing {
      // Saving is bounded, but may still take a while on a slow machine: the user may leave,
      // knowing what becomes of the take.
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Quit while saving?",
            message: "The take is still being saved. Quitting now leaves it in its folder as "
              + "it is; `dualcam recover` (or the next `dualcam record` into that folder) "
              + "finishes it from its files.",
            confirmLabel: "Quit now", action: .quitLeavingTake)))
      return []
    }
    if state.isTakeRunning {
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Quit while recording?",
            message: "The take is stopped and saved first, then DualCam quits.",
            confirmLabel: "Stop, save and quit", action: .stopAndQuit)))
      return []
    }
    state.quitting = true
    return [.quit]
  }

  /// Quits once the running take is saved (at once when none runs): the one place of the rule
  /// that a take is never lost to quitting, used on "yes" and on SIGTERM/SIGHUP.
  static func quitAfterSaving(_ state: inout AppState) -> [AppCommand] {
    state.quitAfterStop = true
    if state.isTakeRunning {
      guard !state.stopPending else { return [] }
      state.stopPending = true
      return [.stopRecording]
    }
    state.quitting = true
    return [.quit]
  }

  /// Zooms `camera`: the layout's digital zoom changes here unless the camera zooms itself. The
  /// one place zoom is decided; the runner then moves the camera's own zoom, or hands the
  /// layout in the state to the session.
  static func zoom(
    _ state: inout AppState, camera: CameraPosition, to factor: Double, announce: Bool = true
  ) -> [AppCommand] {
    if state.hardwareZoom[camera] == true {
      state.hardwareZoomFactor[camera] = factor
    } else {
      var layout = state.settings.layout
      let zoom = LayoutSettings.Zoom(factor: factor)
      if camera == .front { layout.frontZoom = zoom } else { layout.backZoom = zoom }
      state.settings.layout = layout
    }
    if announce {
      toast(&state, String(format: "%@ camera zoom %.2g×", camera.description, factor))
    }
    return [.setZoom(camera, factor: factor)]
  }

  /// Mutes or unmutes the sound: at once in the session (takes included), and in the settings
  /// so the next session and the settings file keep it.
  static func setMuted(_ muted: Bool, _ state: inout AppState) -> [AppCommand] {
    guard state.session?.soundInput != nil else {
      toast(&state, "No sound input to mute: choose one in the sound menu (a)", problem: true)
      return []
    }
    var audio = state.settings.audioSettings
    audio.muted = muted
    state.settings.audio = audio
    state.session?.soundInput?.muted = muted
    toast(&state, muted ? "Sound muted: takes record silence" : "Sound on")
    return [.setMuted(muted), .saveSettings]
  }

  /// Sets the sound input's capture volume and keeps it in the settings.
  static func setGain(_ percent: Int, _ state: inout AppState) -> [AppCommand] {
    let range = AudioSettings.gainRange
    let clamped = min(max(percent, range.lowerBound), range.upperBound)
    var audio = state.settings.audioSettings
    audio.gain = clamped
    state.settings.audio = audio
    if case .volume(var volume) = state.soundGain {
      volume.percent = clamped
      state.soundGain = .volume(volume)
    }
    return [.setSoundGain(clamped), .saveSettings]
  }

  static func applyLayout(
    _ layout: LayoutSettings, _ state: inout AppState, _ environment: AppEnvironment
  ) -> [AppCommand] {
    if let problem = environment.checkLayout(layout) {
      toast(&state, "Not applied: \(problem.problem)", problem: true)
      return []
    }
    state.settings.layout = layout
    return [.applyLayout(layout), .saveSettings]
  }

  static func applySettings(
    _ settings: RecordingSettings, _ state: inout AppState, _ environment: AppEnvironment
  ) -> [AppCommand] {
    if state.isTakeRunning {
      toast(&state, "Recording settings change between takes: stop the take first", problem: true)
      return []
    }
    if let problem = environment.checkSettings(settings) {
      let fix = problem.fix.isEmpty ? "" : " — \(problem.fix)"
      toast(&state, "Not applied: \(problem.problem)\(fix)", problem: true)
      return []
    }
    state.settings = settings
    return [.applySettings(settings), .saveSettings]
  }
}
