import DualCamCore
import Foundation

extension AppRunner {
  /// Carries out one command through its executor and feeds the results back as events.
  func apply(_ command: AppCommand) {
    if sessions.isFinishing, Self.changesTheSession(command) {
      // The session is finishing the take on another thread; it is not changed meanwhile.
      dispatch(
        .layoutRefused(
          current: sessions.session?.settings.layout,
          reason: "Saving the take: try again in a moment"))
      return
    }
    switch command {
    case .startRecording, .startRecordingOverBudget:
      dispatch(sessions.startRecording(overBudget: command == .startRecordingOverBudget))
    case .startRecordingAdapted:
      let before = state.sources
      dispatch(
        sessions.startRecordingAdapted(
          sources: before, chosenOnCommandLine: configuration.budgetKindsChosen))
      if (state.sources.frontSpec, state.sources.backSpec) != (before.frontSpec, before.backSpec) {
        // A camera-format change (`?format=mjpeg`) is kept for the next takes, as a device
        // chosen in the menus is.
        settings.useSources(front: state.sources.frontSpec, back: state.sources.backSpec)
        saveSettings()
      }
    case .predictBudget(let settings):
      budgetPredictions.request(settings, sources: state.sources)
    case .stopRecording:
      sessions.startStop()
    case .cancelRecordingWhenCalibrated:
      dispatch(sessions.cancelRecordingWhenCalibrated())
    case .togglePause:
      dispatch(sessions.togglePause())
    case .applySettings(let recording):
      reopen(front: state.sources.frontSpec, back: state.sources.backSpec, settings: recording)
    case .applyLayout(let layout):
      dispatch(sessions.updateLayout(layout))
    case .setZoom(let camera, let factor):
      dispatch(
        sessions.zoom(
          camera, to: factor, hardware: state.hardwareZoom[camera] == true,
          layout: state.settings.layout))
    case .setControl(let camera, let name, let value):
      dispatch(controls.set(camera, source: state.sources[camera], name: name, value: value))
    case .resetControls(let camera, let name):
      dispatch(controls.reset(camera, source: state.sources[camera], name: name))
    case .loadControls(let camera):
      dispatch(controls.load(camera, source: state.sources[camera]))
    case .refreshDevices:
      dispatch(.devicesFound(configuration.listDevices()))
    case .refreshSoundInputs:
      dispatch(sound.inputs())
    case .readSoundGain:
      dispatch(
        sound.readGain(
          of: sessions.session?.audioSource?.info, applying: state.settings.audioSettings.gain))
    case .setSoundGain(let percent):
      dispatch(sound.setGain(of: sessions.session?.audioSource?.info, to: percent))
    case .setMuted(let muted):
      sessions.session?.setMuted(muted)
    case .assignSources(let front, let back):
      reopen(front: front, back: back, settings: state.settings)
    case .discardTake(let folder):
      dispatch(files.deleteTakeFolder(folder))
    case .openInPlayer(let folder):
      dispatch(files.openInPlayer(folder))
    case .gallery(let request):
      dispatch(gallery.perform(request, root: outputFolder.path.map { URL(fileURLWithPath: $0) }))
    case .playTake(let folder):
      dispatch(player.open(folder))
    case .controlPlayer(let control):
      player.control(control)
    case .setLogLevel(let level):
      settings.setLogLevel(level)
    case .saveSettings:
      saveSettings()
    case .quit:
      exiting = true
    }
  }

  /// Commands that change the session, which must wait while a take is being finished.
  static func changesTheSession(_ command: AppCommand) -> Bool {
    switch command {
    case .startRecording, .startRecordingOverBudget, .startRecordingAdapted, .togglePause,
      .applySettings, .applyLayout,
      .setZoom, .assignSources:
      true
    default:
      false
    }
  }

  /// Replaces the session with one on new sources or settings (never during a take); the new
  /// sources are saved once they run.
  private func reopen(front: String, back: String, settings recording: RecordingSettings) {
    guard !state.isTakeRunning else { return }
    let outcome = sessions.reopen(
      front: front, back: back, settings: recording,
      previous: (
        state.sources,
        Self.settingsToRestore(running: sessions.session?.settings, state: state.settings)
      ))
    dispatch(outcome.events)
    if outcome.opened {
      settings.useSources(front: front, back: back)
      saveSettings()
    }
  }

  /// The settings to go back to when new ones cannot be opened: the running session's (the
  /// state already holds the new ones), with the mute and gain as they stand now, which change
  /// without a reopen.
  static func settingsToRestore(running: RecordingSettings?, state: RecordingSettings)
    -> RecordingSettings
  {
    guard var restored = running else { return state }
    if var audio = restored.audio {
      audio.muted = state.audioSettings.muted
      audio.gain = state.audioSettings.gain
      restored.audio = audio
    }
    return restored
  }

  private func saveSettings() {
    dispatch(settings.save(recording: state.settings, preferences: state.preferences))
  }
}
