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

  /// Applies `event` to `state`; returns what the runner must do.
  public static func update(
    _ state: inout AppState, _ event: AppEvent, environment: AppEnvironment
  ) -> [AppCommand] {
    switch event {
    case .key(let key):
      return handleKey(key, &state, environment)
    case .resize(let width, let height):
      state.width = width
      state.height = height
      return []
    case .tick(let uptime, let session, let system):
      return tick(&state, uptime: uptime, session: session, system: system)
    case .recordingStarted(let folder):
      toast(&state, "Recording to \(folder.deletingPathExtension().lastPathComponent)")
      return []
    case .takeFinished(let review):
      state.stopPending = false
      if state.discardAfterStop {
        state.discardAfterStop = false
        return [.discardTake(review.folder)] + (state.quitAfterStop ? [.quit] : [])
      }
      if state.quitAfterStop {
        state.quitting = true
        return [.quit]
      }
      state.overlays.append(.review(review))
      return []
    case .failed(let report):
      state.stopPending = false
      state.quitAfterStop = false
      state.discardAfterStop = false
      state.overlays.append(.error(report))
      return []
    case .notice(let text):
      toast(&state, text)
      return []
    case .controlsLoaded(let camera, let controls, let hardwareZoom):
      state.controls[camera] = controls
      state.hardwareZoom[camera] = hardwareZoom
      return []
    case .devicesFound(let devices):
      state.availableDevices = devices
      return []
    case .sourcesChanged(let sources):
      state.sources = sources
      state.controls = [:]
      state.hardwareZoom = [:]
      return [.loadControls(.front), .loadControls(.back)]
    case .playback(let status):
      state.playback = status
      if status == nil, let review = state.reviewAfterPlayback {
        state.reviewAfterPlayback = nil
        state.overlays.append(.review(review))
      }
      return []
    }
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
    state.session = session
    if let session {
      state.measuredRates.update(
        front: session.front.delivered, back: session.back.delivered, at: uptime)
      if let failure = session.failure, state.isTakeRunning, !state.stopPending {
        state.stopPending = true
        toast(&state, "Output failed: \(failure). Stopping the take.", problem: true)
        return [.stopRecording]
      }
    }
    return []
  }

  // MARK: - Keys

  private static func handleKey(_ key: Key, _ state: inout AppState, _ environment: AppEnvironment)
    -> [AppCommand]
  {
    if let overlay = state.topOverlay {
      return handleOverlayKey(key, overlay, &state, environment)
    }
    if state.playback != nil { return [.stopPlayback] }
    if key == .escape { return [] }
    if case .click(let x, let y) = key {
      let hit = CameraScreenView.regionsOnScreen(state).first { _, rect in
        x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
      }
      if let camera = hit?.key, camera != state.focused {
        return perform(.switchCamera, &state, environment)
      }
      return []
    }
    guard let action = AppAction.bound(to: key) else {
      if case .character(let character) = key, !state.isTooSmall {
        toast(&state, "'\(character)' does nothing here: ? lists the keys")
      }
      return []
    }
    return perform(action, &state, environment)
  }

  /// Does what `action`'s key does on the camera screen.
  static func perform(_ action: AppAction, _ state: inout AppState, _ environment: AppEnvironment)
    -> [AppCommand]
  {
    switch action {
    case .recordOrStop:
      if state.isTakeRunning {
        guard !state.stopPending else { return [] }
        state.stopPending = true
        toast(&state, "Stopping and saving…")
        return [.stopRecording]
      }
      guard state.sessionState != .finalizing else { return [] }
      return [.startRecording]
    case .pauseOrResume:
      guard state.isTakeRunning else {
        toast(&state, "Nothing to pause: press r to record")
        return []
      }
      return [.togglePause]
    case .discardTake:
      guard state.isTakeRunning, !state.stopPending else {
        toast(&state, "Nothing to discard: no take is being recorded")
        return []
      }
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Discard this take?",
            message: "Stops recording and deletes the take's three files for good.",
            confirmLabel: "Stop and delete", action: .stopAndDiscard)))
      return []
    case .zoomIn, .zoomOut:
      let factor = state.zoomFactor(of: state.focused)
      let steps = MenuCatalog.zoomSteps
      let index = steps.lastIndex { $0 <= factor + 0.001 } ?? 0
      let next = steps[min(max(index + (action == .zoomIn ? 1 : -1), 0), steps.count - 1)]
      return zoom(&state, camera: state.focused, to: next)
    case .zoomReset: return zoom(&state, camera: state.focused, to: 1)
    case .zoomTwo: return zoom(&state, camera: state.focused, to: 2)
    case .zoomThree: return zoom(&state, camera: state.focused, to: 3)
    case .zoomFour: return zoom(&state, camera: state.focused, to: 4)
    case .switchCamera:
      state.focused = state.focused == .front ? .back : .front
      toast(&state, "Keys act on the \(state.focused) camera")
      return []
    case .swapOrder:
      var layout = state.settings.layout
      layout.order = layout.order == .frontOnTop ? .backOnTop : .frontOnTop
      return applyLayout(layout, &state, environment)
    case .cycleSplit:
      var layout = state.settings.layout
      if layout.canvas == .fullStack {
        toast(
          &state,
          "The full-stack canvas keeps natural heights: choose portrait or landscape in Layout to split",
          problem: true)
        return []
      }
      layout.split = LayoutSettings.SplitRatio.allCases.cycled(from: layout.split, by: 1)
      return applyLayout(layout, &state, environment)
    case .exposureDown, .exposureUp:
      return stepExposure(by: action == .exposureUp ? 1 : -1, &state)
    case .toggleFocusLock:
      return toggleAuto(ControlPairs.focusAuto, what: "focus", &state)
    case .toggleWhiteBalanceLock:
      return toggleAuto(ControlPairs.whiteBalanceAuto, what: "white balance", &state)
    case .openMenu:
      state.overlays.append(.menu(MenuNavigation()))
      return []
    case .toggleDiagnostics:
      state.diagnosticsVisible.toggle()
      return []
    case .help:
      state.overlays.append(.help(scroll: 0))
      return []
    case .quit:
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
  }

  /// Zooms `camera`: the layout's digital zoom changes here unless the camera zooms itself.
  static func zoom(_ state: inout AppState, camera: CameraPosition, to factor: Double)
    -> [AppCommand]
  {
    if state.hardwareZoom[camera] == true {
      state.hardwareZoomFactor[camera] = factor
    } else {
      var layout = state.settings.layout
      let zoom = LayoutSettings.Zoom(factor: factor)
      if camera == .front { layout.frontZoom = zoom } else { layout.backZoom = zoom }
      state.settings.layout = layout
    }
    toast(&state, String(format: "%@ camera zoom %.2g×", camera.description, factor))
    return [.setZoom(camera, factor: factor)]
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

  private static func stepExposure(by direction: Int, _ state: inout AppState) -> [AppCommand] {
    let camera = state.focused
    let controls = state.controls[camera] ?? []
    let candidates = ["auto_exposure_bias", "exposure_bias", "brightness"]
    guard
      let control = candidates.lazy.compactMap({ name in
        controls.first { $0.name == name && $0.isWritable }
      }).first
    else {
      toast(&state, "The \(camera) camera has no exposure compensation", problem: true)
      return []
    }
    let value = control.value ?? control.defaultValue
    let next: Int64
    if control.kind == .menu || control.kind == .integerMenu {
      let indices = control.menu.map(\.index)
      guard let index = indices.firstIndex(of: value) else { return [] }
      next = indices[min(max(index + direction, 0), indices.count - 1)]
    } else {
      let step = max(control.step, (control.maximum - control.minimum) / exposureStepShare, 1)
      next = min(max(value + Int64(direction) * step, control.minimum), control.maximum)
    }
    toast(&state, "\(camera) \(control.label): \(control.describe(next))")
    return [.setControl(camera, name: control.name, value: next)]
  }

  private static func toggleAuto(_ id: UInt32, what: String, _ state: inout AppState)
    -> [AppCommand]
  {
    let camera = state.focused
    guard let control = state.controls[camera]?.first(where: { $0.id == id && $0.isWritable })
    else {
      toast(&state, "The \(camera) camera has no automatic \(what) to lock", problem: true)
      return []
    }
    let automatic = (control.value ?? control.defaultValue) != 0
    toast(&state, automatic ? "\(camera) \(what) locked" : "\(camera) \(what) automatic again")
    return [.setControl(camera, name: control.name, value: automatic ? 0 : 1)]
  }
}
