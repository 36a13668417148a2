import Capture
public import DualCamCore
import Foundation

/// The camera screen, the root of the screen stack: the live dual view (or a take playing in
/// its place), the take's state and counters, and the keys that record, zoom and lay out.
public struct CameraScreen: AppScreen {
  public typealias Action = CameraAction

  /// The camera that zoom, exposure, focus and white-balance keys act on.
  public var focused: CameraPosition = .front
  /// The preview picture, drawn by the runner for the preview area of this size.
  public var preview: CellBuffer?
  /// Where each camera's picture sits inside `preview`.
  public var previewRegions: [CameraPosition: ScreenRect] = [:]
  /// How the preview was drawn, for diagnostics.
  public var previewMethod: PreviewRenderer.Method = .characters
  /// Preview frames drawn per second.
  public var previewRate: Double = 0
  /// Milliseconds from a camera frame's capture to the screen that shows it (the older of the
  /// two cameras' frames, smoothed), once measured.
  public var previewLatency: Double?
  /// The review to show again when the player opened from it closes.
  public var reviewAfterPlayback: TakeReview?

  /// A camera screen before the first frame.
  public init() {}

  // MARK: - Keys

  public mutating func handleKey(_ key: Key, app: inout AppState, environment: AppEnvironment)
    -> [AppCommand]?
  {
    if key == .escape {
      guard app.recordingWaitsForCalibration else { return [] }
      app.recordingWaitsForCalibration = false
      return [.cancelRecordingWhenCalibrated]
    }
    if case .click(let x, let y) = key {
      let hit = CameraScreenView.regionsOnScreen(app, screen: self).first { _, rect in
        rect.contains(x: x, y: y)
      }
      if let camera = hit?.key, camera != focused {
        return perform(.switchCamera, app: &app, environment: environment)
      }
      return []
    }
    guard let action = CameraAction.bound(to: key) else { return nil }
    return perform(action, app: &app, environment: environment)
  }

  public mutating func perform(
    _ action: CameraAction, app state: inout AppState, environment: AppEnvironment
  ) -> [AppCommand] {
    switch action {
    case .recordOrStop:
      if state.isTakeRunning {
        guard !state.stopPending else { return [] }
        state.stopPending = true
        AppUpdate.toast(&state, "Stopping and saving…")
        return [.stopRecording]
      }
      guard state.sessionState != .finalizing else { return [] }
      return [.startRecording]
    case .pauseOrResume:
      guard state.isTakeRunning else {
        AppUpdate.toast(&state, "Nothing to pause: press r to record")
        return []
      }
      return [.togglePause]
    case .discardTake:
      guard state.isTakeRunning, !state.stopPending else {
        AppUpdate.toast(&state, "Nothing to discard: no take is being recorded")
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
      let factor = state.zoomFactor(of: focused)
      let steps = MenuCatalog.zoomSteps
      let index = steps.lastIndex { $0 <= factor + 0.001 } ?? 0
      let next = steps[min(max(index + (action == .zoomIn ? 1 : -1), 0), steps.count - 1)]
      return AppUpdate.zoom(&state, camera: focused, to: next)
    case .zoomReset: return AppUpdate.zoom(&state, camera: focused, to: 1)
    case .zoomTwo: return AppUpdate.zoom(&state, camera: focused, to: 2)
    case .zoomThree: return AppUpdate.zoom(&state, camera: focused, to: 3)
    case .zoomFour: return AppUpdate.zoom(&state, camera: focused, to: 4)
    case .switchCamera:
      focused = focused == .front ? .back : .front
      AppUpdate.toast(&state, "Keys act on the \(focused) camera")
      return []
    case .swapOrder:
      var layout = state.settings.layout
      layout.order = layout.order == .frontOnTop ? .backOnTop : .frontOnTop
      return AppUpdate.applyLayout(layout, &state, environment)
    case .cycleSplit:
      var layout = state.settings.layout
      if layout.canvas == .fullStack {
        AppUpdate.toast(
          &state,
          "The full-stack canvas keeps natural heights: choose portrait or landscape in Layout to split",
          problem: true)
        return []
      }
      layout.split = LayoutSettings.SplitRatio.allCases.cycled(from: layout.split, by: 1)
      return AppUpdate.applyLayout(layout, &state, environment)
    case .exposureDown, .exposureUp:
      return Self.stepExposure(of: focused, by: action == .exposureUp ? 1 : -1, &state)
    case .toggleFocusLock:
      return Self.toggleAuto(ControlPairs.focusAuto, of: focused, what: "focus", &state)
    case .toggleWhiteBalanceLock:
      return Self.toggleAuto(
        ControlPairs.whiteBalanceAuto, of: focused, what: "white balance", &state)
    case .soundMenu:
      var navigation = MenuNavigation()
      navigation.path.append((.sound, 0))
      state.overlays.append(.menu(navigation))
      return [.refreshSoundInputs, .readSoundGain]
    case .toggleMute:
      return AppUpdate.setMuted(!state.isMuted, &state)
    case .openGallery:
      state.screens.push(GalleryScreen())
      return [.gallery(.list)]
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
      return AppUpdate.requestQuit(&state)
    }
  }

  // MARK: - Events

  public mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand] {
    switch event {
    case .preferencesLoaded:
      previewMethod = PreviewRenderer.Method(for: app.previewCapabilities)
    case .previewDrawn(let picture, let method, let rate):
      previewMethod = method
      preview = picture?.cells
      if let picture { previewRegions = picture.regions }
      if let rate { previewRate = rate }
    case .previewPresented(let latency):
      previewLatency = previewLatency.map { 0.8 * $0 + 0.2 * latency } ?? latency
    default: break
    }
    return []
  }

  /// Plays a finished take in the player, the gallery's; its review comes back when the
  /// player closes (`AppUpdate.reviewAgainAfterPlayer`).
  mutating func play(_ review: TakeReview) -> [AppCommand] {
    reviewAfterPlayback = review
    return [.playTake(review.folder)]
  }

  // MARK: - Drawing, hints, help and menus

  public func draw(
    _ app: AppState, layout: ScreenLayout, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    CameraScreenView.draw(app, screen: self, layout: layout, into: &buffer, glyphs: glyphs)
  }

  /// How many of the recording hints come before the disk time and the files' sizes.
  static let essentialRecordingHints = 4

  /// The keys that do something now, the most important first (the hint line drops the last
  /// ones that do not fit): a take's review, a take being saved, recording, paused or
  /// previewing each have their own.
  public func hints(_ app: AppState) -> [KeyHint] {
    if case .review = app.topOverlay {
      return [
        KeyHint(key: "k", title: "Keep"), KeyHint(key: "x", title: "Discard"),
        KeyHint(key: "p", title: "Play"), KeyHint(key: "o", title: "Open in player"),
      ]
    }
    if app.recordingWaitsForCalibration {
      return [KeyHint(key: "Esc", title: "Cancel the take"), KeyHint(CameraAction.help, "Help")]
    }
    if app.stopPending || app.sessionState == .finalizing {
      return [
        KeyHint(key: "…", title: "Saving the take"),
        KeyHint(CameraAction.quit, "Quit (the take is left to recover)"),
        KeyHint(CameraAction.help, "Help"),
      ]
    }
    if app.isTakeRunning {
      return [
        KeyHint(CameraAction.recordOrStop, "Stop"),
        KeyHint(CameraAction.pauseOrResume, app.sessionState == .paused ? "Resume" : "Pause"),
        KeyHint(CameraAction.openMenu, "Menu"), KeyHint(CameraAction.help, "Help"),
        KeyHint(CameraAction.switchCamera, "Camera"), KeyHint(key: "+/-", title: "Zoom"),
        KeyHint(CameraAction.toggleDiagnostics, "Diag"),
        KeyHint(CameraAction.discardTake, "Discard"),
      ]
    }
    return [
      KeyHint(CameraAction.recordOrStop, "Record"), KeyHint(CameraAction.openGallery, "Gallery"),
      KeyHint(CameraAction.openMenu, "Menu"), KeyHint(CameraAction.help, "Help"),
      KeyHint(CameraAction.quit, "Quit"), KeyHint(CameraAction.switchCamera, "Camera"),
      KeyHint(key: "+/-", title: "Zoom"), KeyHint(CameraAction.swapOrder, "Swap"),
      KeyHint(CameraAction.soundMenu, "Sound"), KeyHint(CameraAction.toggleDiagnostics, "Diag"),
    ]
  }

  public var helpSections: [HelpSection] {
    CameraAction.helpSections + [
      HelpSection(
        title: "In menus",
        lines: [
          .init(keys: "↑ ↓ j k", text: "Move"),
          .init(keys: "← → h l", text: "Change the value (PgUp/PgDn: in big steps)"),
          .init(keys: "Enter", text: "Open, toggle or do"),
          .init(keys: "r", text: "Reset the selected camera control"),
          .init(keys: "Esc q", text: "Back"),
        ]),
      HelpSection(
        title: "Mouse (where the terminal sends clicks)",
        lines: [.init(keys: "click", text: "A camera: focus it. A menu row: select, again: open")]),
    ]
  }

  public func mainMenu(_ app: AppState) -> MenuPage { MenuCatalog.mainPage(app) }

  // MARK: - Camera controls

  private static func stepExposure(
    of camera: CameraPosition, by direction: Int, _ state: inout AppState
  ) -> [AppCommand] {
    let controls = state.controls[camera] ?? []
    let candidates = ["auto_exposure_bias", "exposure_bias", "brightness"]
    guard
      let control = candidates.lazy.compactMap({ name in
        controls.first { $0.name == name && $0.isWritable }
      }).first
    else {
      AppUpdate.toast(&state, "The \(camera) camera has no exposure compensation", problem: true)
      return []
    }
    let value = control.value ?? control.defaultValue
    let next: Int64
    if control.kind == .menu || control.kind == .integerMenu {
      let indices = control.menu.map(\.index)
      guard let index = indices.firstIndex(of: value) else { return [] }
      next = indices[min(max(index + direction, 0), indices.count - 1)]
    } else {
      let span = (control.maximum - control.minimum) / AppUpdate.exposureStepShare
      let step = max(control.step, span, 1)
      next = min(max(value + Int64(direction) * step, control.minimum), control.maximum)
    }
    AppUpdate.toast(&state, "\(camera) \(control.label): \(control.describe(next))")
    return [.setControl(camera, name: control.name, value: next)]
  }

  private static func toggleAuto(
    _ id: UInt32, of camera: CameraPosition, what: String, _ state: inout AppState
  ) -> [AppCommand] {
    guard let control = state.controls[camera]?.first(where: { $0.id == id && $0.isWritable })
    else {
      AppUpdate.toast(
        &state, "The \(camera) camera has no automatic \(what) to lock", problem: true)
      return []
    }
    let automatic = (control.value ?? control.defaultValue) != 0
    AppUpdate.toast(
      &state, automatic ? "\(camera) \(what) locked" : "\(camera) \(what) automatic again")
    return [.setControl(camera, name: control.name, value: automatic ? 0 : 1)]
  }
}
