import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The settings executor: preferences out of the file, settings and sources back into it.
@Suite struct SettingsExecutorTests {
  @Test func preferencesComeFromTheFile() {
    var file = SettingsFile()
    file.interface.fpsCounter = true
    file.interface.logLevel = "info"
    file.interface.colors = "16"
    file.interface.pictures = "pixels"
    let executor = SettingsExecutor(file: file, url: nil)
    let preferences = executor.preferences
    #expect(preferences.fpsCounter && preferences.logLevel == .info)
    #expect(preferences.colors == TerminalCapabilities.ColorDepth(rawValue: "16"))
    #expect(preferences.pictures == .pixels)
    file.interface.logLevel = "chatty"
    let unknown = SettingsExecutor(file: file, url: nil)
    #expect(unknown.preferences.logLevel == .warning)
  }

  @Test func savesSettingsSourcesAndPreferences() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("config/settings.toml")
    let executor = SettingsExecutor(file: SettingsFile(), url: url)
    var recording = RecordingSettings()
    recording.frameRate = FrameRate(numerator: 25)
    executor.useSources(front: "synthetic", back: "/dev/video2")
    let preferences = AppState.Preferences(
      fpsCounter: true, logLevel: .error, colors: nil, pictures: .blocks)
    #expect(executor.save(recording: recording, preferences: preferences).isEmpty)
    let saved = try SettingsFile.load(from: url)
    #expect(saved.recording.frameRate == FrameRate(numerator: 25))
    #expect(saved.frontSource == "synthetic" && saved.backSource == "/dev/video2")
    #expect(saved.interface.fpsCounter && saved.interface.logLevel == "error")
    #expect(saved.interface.colors == "auto")
    #expect(saved.interface.pictures == "blocks")
  }

  @Test func aFileThatCannotBeWrittenIsReported() throws {
    let folder = try TemporaryFolder()
    let blocker = folder.url.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: blocker)
    let executor = SettingsExecutor(
      file: SettingsFile(), url: blocker.appendingPathComponent("settings.toml"))
    let events = executor.save(
      recording: RecordingSettings(),
      preferences: .init(fpsCounter: false, logLevel: .warning, colors: nil))
    guard case .settingsNotSaved(let reason) = events.first else {
      Issue.record("expected the failure as an event: \(events)")
      return
    }
    #expect(!reason.isEmpty)
  }

  /// The file on disk, and the same with the flags of one run over it.
  static func fileAndFlags() -> (file: SettingsFile, flagged: SettingsFile) {
    var file = SettingsFile()
    file.recording.size = ImageSize(width: 1280, height: 720)
    file.recording.preset = "veryfast"
    var flagged = file
    flagged.recording.size = ImageSize(width: 320, height: 240)
    flagged.recording.audio = AudioSettings(input: .none)
    flagged.recording.outputDirectory = "/tmp/flagged"
    flagged.frontSource = "synthetic"
    flagged.backSource = "synthetic"
    flagged.interface.colors = "16"
    return (file, flagged)
  }

  @Test func flagsStayOutOfTheFileWhileWhatTheUserChangesIsSaved() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    let (file, flagged) = Self.fileAndFlags()
    try file.save(to: url)
    let executor = SettingsExecutor(file: file, inEffect: flagged, url: url)
    #expect(executor.preferences.colors == TerminalCapabilities.ColorDepth(rawValue: "16"))
    var recording = flagged.recording
    recording.frameRate = FrameRate(numerator: 25)
    var preferences = executor.preferences
    preferences.fpsCounter = true
    #expect(executor.save(recording: recording, preferences: preferences).isEmpty)
    let saved = try SettingsFile.load(from: url)
    #expect(saved.recording.frameRate == FrameRate(numerator: 25))
    #expect(saved.interface.fpsCounter)
    #expect(saved.recording.size == ImageSize(width: 1280, height: 720))
    #expect(saved.recording.preset == "veryfast")
    #expect(saved.recording.outputDirectory == nil)
    #expect(saved.recording.audioSettings.input == .automatic)
    #expect(saved.frontSource == nil && saved.backSource == nil)
    #expect(saved.interface.colors == "auto")
  }

  @Test func aFlaggedSettingTheUserChangesIsSavedEvenBackToTheFlag() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    let (file, flagged) = Self.fileAndFlags()
    let executor = SettingsExecutor(file: file, inEffect: flagged, url: url)
    var recording = flagged.recording
    recording.size = ImageSize(width: 640, height: 480)
    recording.preset = nil
    _ = executor.save(recording: recording, preferences: executor.preferences)
    var saved = try SettingsFile.load(from: url)
    #expect(saved.recording.size == ImageSize(width: 640, height: 480))
    #expect(saved.recording.preset == nil, "a setting the user cleared is cleared in the file")
    // Chosen again, the flag's value is the user's choice now.
    recording.size = ImageSize(width: 320, height: 240)
    _ = executor.save(recording: recording, preferences: executor.preferences)
    saved = try SettingsFile.load(from: url)
    #expect(saved.recording.size == ImageSize(width: 320, height: 240))
    #expect(saved.recording.outputDirectory == nil)
  }

  @Test func sourcesChosenInTheInterfaceAreSavedNotTheFlags() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    let (file, flagged) = Self.fileAndFlags()
    let executor = SettingsExecutor(file: file, inEffect: flagged, url: url)
    executor.useSources(front: "synthetic", back: "/dev/video2")
    _ = executor.save(recording: flagged.recording, preferences: executor.preferences)
    let saved = try SettingsFile.load(from: url)
    #expect(saved.frontSource == nil, "the same as the flag: nothing the user changed")
    #expect(saved.backSource == "/dev/video2")
  }

  @Test func aFailedSaveIsTriedAgainWithTheNextOne() throws {
    let folder = try TemporaryFolder()
    let blocker = folder.url.appendingPathComponent("later-a-folder")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("settings.toml")
    let executor = SettingsExecutor(file: SettingsFile(), url: url)
    var recording = RecordingSettings()
    recording.frameRate = FrameRate(numerator: 15)
    #expect(!executor.save(recording: recording, preferences: executor.preferences).isEmpty)
    try FileManager.default.removeItem(at: blocker)
    #expect(executor.save(recording: recording, preferences: executor.preferences).isEmpty)
    #expect(try SettingsFile.load(from: url).recording.frameRate == FrameRate(numerator: 15))
  }
}
