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
    let executor = SettingsExecutor(file: file, url: nil, frontSpec: nil, backSpec: nil)
    let preferences = executor.preferences
    #expect(preferences.fpsCounter && preferences.logLevel == .info)
    #expect(preferences.colors == TerminalCapabilities.ColorDepth(rawValue: "16"))
    #expect(preferences.pictures == .pixels)
    file.interface.logLevel = "chatty"
    let unknown = SettingsExecutor(file: file, url: nil, frontSpec: nil, backSpec: nil)
    #expect(unknown.preferences.logLevel == .warning)
  }

  @Test func savesSettingsSourcesAndPreferences() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("config/settings.toml")
    let executor = SettingsExecutor(
      file: SettingsFile(), url: url, frontSpec: "/dev/video0", backSpec: nil)
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
      file: SettingsFile(), url: blocker.appendingPathComponent("settings.toml"), frontSpec: nil,
      backSpec: nil)
    let events = executor.save(
      recording: RecordingSettings(),
      preferences: .init(fpsCounter: false, logLevel: .warning, colors: nil))
    guard case .settingsNotSaved(let reason) = events.first else {
      Issue.record("expected the failure as an event: \(events)")
      return
    }
    #expect(!reason.isEmpty)
  }
}
