import Capture
import DualCamCore
import Foundation
import Session
import Testing

@testable import TerminalUI

/// The answers to commands, as events: what the runner used to write into the state itself is
/// now decided here.
@Suite struct AppUpdateResultTests {
  let permissive = AppEnvironment.permissive

  @Test func aSessionOpeningSetsSourcesAndSettingsAndReadsControls() {
    var state = StateFixtures.previewing()
    state.controls[.back] = StateFixtures.webcamControls
    var settings = RecordingSettings()
    settings.frameRate = FrameRate(numerator: 15)
    let sources = AppState.Sources(
      front: StateFixtures.back, back: StateFixtures.front, frontSpec: "/dev/video2",
      backSpec: "synthetic")
    let commands = AppUpdate.update(
      &state, .sessionOpened(sources, settings), environment: permissive)
    #expect(commands == [.loadControls(.front), .loadControls(.back), .readSoundGain])
    #expect(state.sources == sources && state.settings == settings)
    #expect(state.controls.isEmpty, "the old sources' controls are forgotten")
  }

  @Test func aFailedReopenShowsWhyAndPutsTheSettingsBack() {
    var state = StateFixtures.previewing()
    let previous = state.settings
    state.settings.frameRate = FrameRate(numerator: 60)
    let report = ErrorReport(title: "Not changed", problem: "60 fps is too fast", fix: nil)
    _ = AppUpdate.update(
      &state, .sessionFailed(report, settings: previous), environment: permissive)
    #expect(state.settings == previous)
    #expect(state.topOverlay == .error(report))
  }

  @Test func aRefusedLayoutFallsBackToTheSessionsOwn() {
    var state = StateFixtures.recording()
    let inForce = state.settings.layout
    state.settings.layout.order = .backOnTop
    _ = AppUpdate.update(
      &state, .layoutRefused(current: inForce, reason: "Saving the take: try again in a moment"),
      environment: permissive)
    #expect(state.settings.layout == inForce)
    #expect(state.toasts.last?.text == "Saving the take: try again in a moment")
  }

  @Test func aCameraThatWillNotZoomGetsDigitalZoom() {
    var state = StateFixtures.previewing()
    state.hardwareZoom[.back] = true
    _ = AppUpdate.update(&state, .key(.tab), environment: permissive)
    let asked = AppUpdate.update(&state, .key(.character("3")), environment: permissive)
    #expect(asked == [.setZoom(.back, factor: 3)])
    #expect(state.settings.layout.backZoom.factor == 1, "the camera was to zoom itself")
    let retried = AppUpdate.update(
      &state, .hardwareZoomRefused(.back, factor: 3), environment: permissive)
    #expect(retried == [.setZoom(.back, factor: 3)])
    #expect(state.hardwareZoom[.back] == false)
    #expect(state.settings.layout.backZoom.factor == 3)
    #expect(state.toasts.last?.text == "The back camera did not zoom: using digital zoom")
  }

  @Test func aStopSignalSavesTheTakeThenQuitsWithoutAsking() {
    var state = StateFixtures.recording()
    state.overlays = [.menu(MenuNavigation())]
    #expect(AppUpdate.update(&state, .stopRequested, environment: permissive) == [.stopRecording])
    #expect(state.overlays.isEmpty && state.quitAfterStop && state.stopPending)
    #expect(AppUpdate.update(&state, .stopRequested, environment: permissive).isEmpty)
    var idle = StateFixtures.previewing()
    #expect(AppUpdate.update(&idle, .stopRequested, environment: permissive) == [.quit])
    #expect(idle.quitting)
  }

  @Test func preferencesAndPreviewFramesReachTheirPlaces() {
    var state = StateFixtures.previewing()
    let preferences = AppState.Preferences(fpsCounter: true, logLevel: .info, colors: .ansi16)
    let commands = AppUpdate.update(
      &state, .preferencesLoaded(preferences), environment: permissive)
    #expect(commands == [.setLogLevel(.info)])
    #expect(state.fpsCounterVisible && state.colorPreference == .ansi16)
    #expect(state.camera.previewMethod == PreviewRenderer.Method(for: state.previewCapabilities))
    _ = AppUpdate.update(&state, .previewPresented(latency: 40), environment: permissive)
    _ = AppUpdate.update(&state, .previewPresented(latency: 60), environment: permissive)
    #expect(state.camera.previewLatency == 44)
    _ = AppUpdate.update(
      &state, .previewDrawn(nil, method: .characters, rate: nil), environment: permissive)
    #expect(state.camera.preview == nil && state.camera.previewRegions[.back] != nil)
  }

  @Test func resultsOfFilesAndSettingsAreToldBriefly() {
    var state = StateFixtures.previewing()
    _ = AppUpdate.update(
      &state, .folderDeleted(URL(fileURLWithPath: "/videos/take-1")), environment: permissive)
    #expect(state.toasts.last?.text == "Discarded take-1")
    _ = AppUpdate.update(&state, .settingsNotSaved("disk full"), environment: permissive)
    #expect(state.toasts.last?.text == "disk full")
    _ = AppUpdate.update(&state, .pauseToggled(paused: true), environment: permissive)
    #expect(state.toasts.last?.text == "Paused")
  }
}
