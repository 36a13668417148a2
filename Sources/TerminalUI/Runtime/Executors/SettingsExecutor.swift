import DualCamCore
import Foundation
import Media
import Session

/// Carries out the commands on settings: reads the interface's preferences from the settings
/// file, saves settings back (only when something changed), and sets FFmpeg's log level.
final class SettingsExecutor {
  /// The settings file as last loaded or saved.
  private(set) var file: SettingsFile
  /// Where it is saved; nil: never.
  let url: URL?
  /// The front source text to save (nil: keep the file's).
  private(set) var frontSpec: String?
  /// Likewise for the back source.
  private(set) var backSpec: String?

  /// An executor for `file`, saved at `url`, remembering the sources asked for.
  init(file: SettingsFile, url: URL?, frontSpec: String?, backSpec: String?) {
    self.file = file
    self.url = url
    self.frontSpec = frontSpec
    self.backSpec = backSpec
  }

  /// The interface's entries of the file, as the state holds them.
  var preferences: AppState.Preferences {
    let interface = file.interface
    return AppState.Preferences(
      fpsCounter: interface.fpsCounter,
      logLevel: AppState.LogLevel(rawValue: interface.logLevel) ?? .warning,
      colors: TerminalCapabilities.ColorDepth(rawValue: interface.colors),
      pictures: PictureChoice(rawValue: interface.pictures) ?? .auto)
  }

  /// Remembers the sources a session now runs on, for the next save.
  func useSources(front: String, back: String) {
    frontSpec = front
    backSpec = back
  }

  /// Writes `recording` and `preferences` to the file when they differ from it (or it does
  /// not exist yet); a failure comes back as an event.
  func save(recording: RecordingSettings, preferences: AppState.Preferences) -> [AppEvent] {
    guard let url else { return [] }
    var changed = file
    changed.recording = recording
    changed.frontSource = frontSpec ?? changed.frontSource
    changed.backSource = backSpec ?? changed.backSource
    changed.interface.fpsCounter = preferences.fpsCounter
    changed.interface.logLevel = preferences.logLevel.rawValue
    changed.interface.colors = preferences.colors?.rawValue ?? "auto"
    changed.interface.pictures = preferences.pictures.rawValue
    guard changed != file || !FileManager.default.fileExists(atPath: url.path) else { return [] }
    do {
      try changed.save(to: url)
      file = changed
      return []
    } catch {
      return [.settingsNotSaved(error.problem)]
    }
  }

  /// Sets FFmpeg's log level.
  func setLogLevel(_ level: AppState.LogLevel) {
    let levels: [AppState.LogLevel: FFmpegLog.Level] = [
      .quiet: .quiet, .error: .error, .warning: .warning, .info: .info,
    ]
    FFmpegLog.setLevel(levels[level] ?? .warning)
  }
}

extension AppState {
  /// The preferences the settings file keeps, as they stand.
  var preferences: Preferences {
    Preferences(
      fpsCounter: fpsCounterVisible, logLevel: logLevel, colors: colorPreference,
      pictures: picturePreference)
  }
}
