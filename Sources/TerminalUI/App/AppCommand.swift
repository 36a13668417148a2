public import DualCamCore
public import Foundation
import Playback

/// What an update asks the runner to do: the only way the interface acts on the session, the
/// cameras or the disk.
public enum AppCommand: Sendable, Equatable {
  /// Start a take.
  case startRecording
  /// Start a take although its budget is over 0.95 (the user said so).
  case startRecordingOverBudget
  /// Start a take over budget after making the budget's changes that fit (`adapt`): the
  /// cameras are opened again when their format, size or rate changes.
  case startRecordingAdapted
  /// Predict the budget of these settings for the menus (off the interface thread, with the
  /// cached calibration only).
  case predictBudget([RecordingSettings])
  /// Stop the take and finalize its files.
  case stopRecording
  /// Pause or resume the take.
  case togglePause
  /// Use these recording settings from now on (the session restarts its preview).
  case applySettings(RecordingSettings)
  /// Use this layout for the preview and the dual view (live during a take when the canvas
  /// keeps its size).
  case applyLayout(LayoutSettings)
  /// Zoom a camera: the camera's own zoom where it has one, else the layout's digital zoom.
  case setZoom(CameraPosition, factor: Double)
  /// Set a camera control by name.
  case setControl(CameraPosition, name: String, value: Int64)
  /// Reset one control (or all, for nil) to its default.
  case resetControls(CameraPosition, name: String?)
  /// Read a camera's controls again.
  case loadControls(CameraPosition)
  /// Look for cameras again (a camera may have been plugged in since the start).
  case refreshDevices
  /// Look for sound inputs again (for the sound menu).
  case refreshSoundInputs
  /// Read the sound input's capture volume, first setting it to the settings' gain if they
  /// have one.
  case readSoundGain
  /// Set the sound input's capture volume, in percent.
  case setSoundGain(Int)
  /// Mute the sound (true) or unmute it; a take records silence meanwhile.
  case setMuted(Bool)
  /// Record from these sources from now on (`/dev/video0`, `synthetic`, …).
  case assignSources(front: String, back: String)
  /// Delete a finished take.
  case discardTake(URL)
  /// Open a take's dual view in the user's video player.
  case openInPlayer(URL)
  /// The gallery's work on the takes in the output folder (`GalleryExecutor`).
  case gallery(GalleryRequest)
  /// Forget the take waiting for the calibration.
  case cancelRecordingWhenCalibrated
  /// Open the player screen on the take in this folder.
  case playTake(URL)
  /// Play, pause, seek or switch the angle in the player screen.
  case controlPlayer(PlayerControl)
  /// Set FFmpeg's log level.
  case setLogLevel(AppState.LogLevel)
  /// Save the settings file.
  case saveSettings
  /// Leave the interface.
  case quit
}
