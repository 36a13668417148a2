import DualCamCore
import Foundation
import Media
import Session

/// Carries out the commands on settings: reads the interface's preferences from the settings
/// file, saves settings back (only when something changed), and sets FFmpeg's log level.
///
/// Only what the user changes in the interface is saved. The interface runs with the file's
/// settings and the command line's flags over them (`inEffect`); a save writes the file as it
/// was with the entries that changed since (`SettingsFile.keeping(changesFrom:to:)`), so a
/// flag given for one run never ends up in the file unless the user changed that setting.
final class SettingsExecutor {
  /// The settings file as last loaded or saved.
  private(set) var file: SettingsFile
  /// What the interface runs with: the file with the flags over it at first, then what the
  /// last save compared against.
  private var inEffect: SettingsFile
  /// Where it is saved; nil: never.
  let url: URL?
  /// The front source chosen in the interface (nil: none chosen; the flag's or the file's
  /// stays in effect).
  private(set) var frontSpec: String?
  /// Likewise for the back source.
  private(set) var backSpec: String?

  /// An executor for `file` as saved at `url`, while the interface runs with `inEffect`.
  init(file: SettingsFile, inEffect: SettingsFile? = nil, url: URL?) {
    self.file = file
    self.inEffect = inEffect ?? file
    self.url = url
  }

  /// The interface's entries of the file (with the flags over them), as the state holds them.
  var preferences: AppState.Preferences {
    let interface = inEffect.interface
    return AppState.Preferences(
      fpsCounter: interface.fpsCounter,
      logLevel: AppState.LogLevel(rawValue: interface.logLevel) ?? .warning,
      colors: TerminalCapabilities.ColorDepth(rawValue: interface.colors),
      pictures: PictureChoice(rawValue: interface.pictures) ?? .auto,
      overBudget: OverBudgetAnswer(rawValue: interface.overBudget) ?? .ask)
  }

  /// Remembers the sources the user chose in the interface, for the next save.
  func useSources(front: String, back: String) {
    frontSpec = front
    backSpec = back
  }

  /// Writes what the user changed in `recording`, `preferences` and the sources since the
  /// last save (or since the interface opened) when that changes the file, or the file does
  /// not exist yet; a failure comes back as an event, and the changes are tried again with
  /// the next save.
  func save(recording: RecordingSettings, preferences: AppState.Preferences) -> [AppEvent] {
    guard let url else { return [] }
    var current = inEffect
    current.recording = recording
    current.frontSource = frontSpec ?? current.frontSource
    current.backSource = backSpec ?? current.backSource
    current.interface.fpsCounter = preferences.fpsCounter
    current.interface.logLevel = preferences.logLevel.rawValue
    current.interface.colors = preferences.colors?.rawValue ?? "auto"
    current.interface.pictures = preferences.pictures.rawValue
    current.interface.overBudget = preferences.overBudget.rawValue
    let changed = file.keeping(changesFrom: inEffect, to: current)
    guard changed != file || !FileManager.default.fileExists(atPath: url.path) else {
      inEffect = current
      return []
    }
    do {
      try changed.save(to: url)
      file = changed
      inEffect = current
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
      pictures: picturePreference, overBudget: overBudgetAnswer)
  }
}
