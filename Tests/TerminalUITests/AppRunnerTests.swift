import Capture
import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The interface's loop on a real session with synthetic cameras, driven through a scripted
/// terminal: the commands reach the engine and what comes back reaches the screen.
@Suite(.serialized) struct AppRunnerTests {
  func runner(
    steps: [ScriptedTerminal.Step], folder: URL, settingsURL: URL
  ) -> (AppRunner, ScriptedTerminal) {
    var settings = RecordingSettings()
    settings.size = ImageSize(width: 320, height: 240)
    settings.outputDirectory = folder.path
    // Not the machine's default input: the tests must not depend on whether it has one.
    settings.audio = AudioSettings(input: .none)
    let terminal = ScriptedTerminal(
      width: 100, height: 32,
      capabilities: TerminalCapabilities(colorDepth: .trueColor, unicode: true), steps: steps,
      timeout: 60)
    let runner = AppRunner(
      terminal: terminal,
      configuration: .init(
        settings: settings, settingsFile: SettingsFile(), settingsURL: settingsURL,
        frontSpec: "synthetic", backSpec: "synthetic", startupProblems: [],
        openSources: { front, back, settings throws(DualCamError) in
          let frontText = front ?? "synthetic"
          let backText = back ?? "synthetic"
          return OpenedSources(
            front: try SourceSpec(parsing: frontText).makeSource(
              position: .front, size: settings.size, rate: settings.frameRate),
            back: try SourceSpec(parsing: backText).makeSource(
              position: .back, size: settings.size, rate: settings.frameRate),
            frontSpec: frontText, backSpec: backText, notes: [])
        },
        listDevices: { [.init(spec: "synthetic", label: "synthetic test pattern")] },
        stopRequested: { false }))
    return (runner, terminal)
  }

  @Test("record, keep, play back in the terminal, discard, change a setting, quit")
  func wholeSession() throws {
    let folder = try TemporaryFolder()
    let settingsURL = folder.url.appendingPathComponent("config/settings.toml")
    let takes = folder.url.appendingPathComponent("takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let (runner, terminal) = runner(
      steps: [
        .init(waitFor: "PREVIEW", input: .key(.character("s"))),
        .init(waitFor: "PREVIEW", input: .key(.character("r"))),
        .init(waitFor: "REC 00:00:01", input: .key(.character("+"))),
        .init(waitFor: "zoom 1.2×", input: .key(.character("r"))),
        .init(waitFor: "Take saved", input: .key(.character("p"))),
        .init(waitFor: "dual view", input: .key(.escape)),
        .init(waitFor: "Take saved", input: .key(.character("x"))),
        .init(waitFor: "Discard this take?", input: .key(.character("y"))),
        .init(waitFor: "Discarded", input: .key(.character("m"))),
        .init(waitFor: "Menu", input: .key(.down)),
        .init(waitFor: "Menu", input: .key(.down)),
        .init(waitFor: "Menu", input: .key(.down)),
        .init(waitFor: "Menu", input: .key(.enter)),
        .init(waitFor: "Camera size", input: .key(.right)),
        .init(waitFor: "‹ 640x360 ›", input: .key(.escape)),
        .init(waitFor: "PREVIEW", input: .key(.escape)),
        .init(waitFor: "640x360 30fps", input: .key(.character("q"))),
      ], folder: takes, settingsURL: settingsURL)
    runner.run()

    #expect(terminal.stuckAt == nil, "stuck waiting for '\(terminal.stuckAt ?? "")'")
    #expect(terminal.remainingSteps == 0)
    #expect(terminal.closed)
    let left = try FileManager.default.contentsOfDirectory(atPath: takes.path)
    #expect(left.isEmpty, "the discarded take is gone: \(left)")
    let saved = try SettingsFile.load(from: settingsURL)
    #expect(saved.recording.size == ImageSize(width: 640, height: 360))
    #expect(saved.recording.layout.order == .backOnTop)
    // What the run was given rather than chosen in it stays out of the file.
    #expect(saved.recording.outputDirectory == nil)
    #expect(saved.recording.audioSettings.input == .automatic)
    #expect(saved.frontSource == nil && saved.backSource == nil)
    // The preview was drawn in half blocks from real frames, in both camera regions.
    #expect(terminal.seen.contains { $0.contains("▀▀▀▀▀▀▀▀") })
    if terminal.stuckAt != nil {
      Issue.record("the screen then:\n\((terminal.screenWhenStuck ?? terminal.lastScreen).text)")
    }
  }

  @Test("a take in progress is saved when the interface is told to stop")
  func stopSignalSavesTheTake() throws {
    let folder = try TemporaryFolder()
    let takes = folder.url.appendingPathComponent("takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let (runner, terminal) = runner(
      steps: [
        .init(waitFor: "PREVIEW", input: .key(.character("r"))),
        .init(waitFor: "REC 00:00:01", input: .key(.character("q"))),
        .init(waitFor: "Quit while recording?", input: .key(.character("y"))),
      ], folder: takes, settingsURL: folder.url.appendingPathComponent("s.toml"))
    runner.run()
    #expect(terminal.stuckAt == nil, "stuck waiting for '\(terminal.stuckAt ?? "")'")
    let left = try FileManager.default.contentsOfDirectory(atPath: takes.path)
    #expect(left.count == 1 && !left[0].hasSuffix(".partial"))
    let take = try TakeInspector(folder: takes.appendingPathComponent(left[0]))
    #expect(take.metadata.status == .complete)
    #expect(take.metadata.sync.frames >= 30)
  }
}
