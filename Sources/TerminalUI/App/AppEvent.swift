public import Audio
public import Capture
public import DualCamCore
public import Foundation
public import Playback
public import Session

/// What happens to the interface: keys, time, and the answers to commands. The runner turns
/// every result of its executors into one of these; only `AppUpdate` changes the state.
public enum AppEvent: Sendable {
  /// A key was pressed.
  case key(Key)
  /// The terminal changed size.
  case resize(width: Int, height: Int)
  /// Time passed: fresh counters and machine status.
  case tick(uptime: Double, session: SessionSnapshot?, system: AppState.SystemStatus)
  /// The interface's entries of the settings file were read (at the start).
  case preferencesLoaded(AppState.Preferences)
  /// Pictures started or stopped being drawn in real pixels.
  case picturesInPixels(Bool)
  /// SIGTERM or SIGHUP arrived: save the take and quit, without asking.
  case stopRequested

  // MARK: - The session

  /// A session opened on these sources with these settings; the preview runs.
  case sessionOpened(AppState.Sources, RecordingSettings)
  /// New sources or settings could not be opened: the session runs on with `settings`.
  case sessionFailed(ErrorReport, settings: RecordingSettings)
  /// A take started.
  case recordingStarted(URL)
  /// The take was not started: its budget is 0.95 or more (the explanation in one paragraph).
  case overBudget(String)
  /// The take was adapted to fit its budget before it started: the settings it records with
  /// (kept for the next takes, as a menu change is) and each change in words.
  case recordingAdapted(RecordingSettings, lines: [String])
  /// The predicted costs of settings the menus asked for.
  case budgetPredicted([RecordingSettings: MenuBudget])
  /// The take's live cost, read once a tick while it runs.
  case liveCost(LiveCostMeter.Reading)
  /// The take was paused (true) or resumed.
  case pauseToggled(paused: Bool)
  /// A take finished and was saved.
  case takeFinished(TakeReview)
  /// The session kept its layout (`current`, when known) and did not apply the new one.
  case layoutRefused(current: LayoutSettings?, reason: String)
  /// A camera's own zoom did not move: the dual view's digital zoom takes over.
  case hardwareZoomRefused(CameraPosition, factor: Double)
  /// A camera's controls were read.
  case controlsLoaded(CameraPosition, [CameraControl], hardwareZoom: Bool)
  /// The cameras that can be chosen, found anew.
  case devicesFound([AppState.DeviceChoice])
  /// The sound inputs that can be chosen, found anew.
  case soundInputsFound([AppState.DeviceChoice])
  /// The sound input's capture volume was read or set (nil: it has no mixer control).
  case soundGainRead(CaptureVolume?)

  // MARK: - Files and settings

  /// A take's folder was deleted.
  case folderDeleted(URL)
  /// The settings file could not be written, and why.
  case settingsNotSaved(String)

  // MARK: - Pictures

  /// A preview picture was drawn (nil: there was nothing to draw), with the method and the
  /// preview's rate when it was measured anew.
  case previewDrawn(PreviewPicture?, method: PreviewRenderer.Method, rate: Double?)
  /// The screen with the newest preview reached the terminal, this many milliseconds after
  /// its camera frames were captured.
  case previewPresented(latency: Double)
  /// Record was pressed while the budget calibrates this machine: the take starts when it ends.
  case recordingWaitsForCalibration
  /// The background calibration began stage `number` of `count`.
  case calibrationStage(number: Int, count: Int)
  /// The background calibration ended.
  case calibrationEnded
  /// A take opened in the player: its screen opens.
  case playerOpened(PlayerScreen.Take)
  /// The player's newest picture (nil: unchanged) and where playback is.
  case playerFrame(CellBuffer?, PlaybackStatus, method: PreviewRenderer.Method)

  // MARK: - The gallery

  /// What the gallery's executor found or did.
  case gallery(GalleryResult)

  // MARK: - Messages

  /// A command failed.
  case failed(ErrorReport)
  /// Something worth a short note.
  case notice(String)
}

/// The live dual view as cells, and where each camera's picture sits in it.
public struct PreviewPicture: Sendable, Equatable {
  /// The picture.
  public var cells: CellBuffer
  /// Each camera's region inside `cells`.
  public var regions: [CameraPosition: ScreenRect]

  /// Creates a picture.
  public init(cells: CellBuffer, regions: [CameraPosition: ScreenRect]) {
    self.cells = cells
    self.regions = regions
  }
}
