import Audio
import DualCamCore

/// Carries out the commands on the sound input that do not reopen the session: lists the inputs
/// for the sound menu, and reads and sets the input's capture volume through the ALSA mixer.
/// Mute goes straight to the session (`SessionController.setMuted`).
final class SoundExecutor {
  private let mixer: any ALSAMixerSystem
  private let listInputs: @Sendable () -> [AppState.DeviceChoice]

  /// An executor using `mixer` for gains and `listInputs` for the inputs to choose from.
  init(
    mixer: any ALSAMixerSystem, listInputs: @escaping @Sendable () -> [AppState.DeviceChoice]
  ) {
    self.mixer = mixer
    self.listInputs = listInputs
  }

  /// The inputs found now.
  func inputs() -> [AppEvent] {
    [.soundInputsFound(listInputs())]
  }

  /// The capture volume of the input `source` (nil: no sound open): set to `gain` first when
  /// the settings have one and it differs, so a saved gain comes back with the input.
  func readGain(of source: AudioSourceInfo?, applying gain: Int?) -> [AppEvent] {
    guard let device = Self.mixerDevice(source) else { return [.soundGainRead(nil)] }
    guard let volume = mixer.captureVolume(device: device) else { return [.soundGainRead(nil)] }
    guard let gain, gain != volume.percent else { return [.soundGainRead(volume)] }
    return setGain(of: source, to: gain)
  }

  /// Sets the input's capture volume to `percent`; a refusal comes back as a note, with the
  /// reading as it stands.
  func setGain(of source: AudioSourceInfo?, to percent: Int) -> [AppEvent] {
    guard let device = Self.mixerDevice(source) else { return [.soundGainRead(nil)] }
    do {
      return [.soundGainRead(try mixer.setCaptureVolume(device: device, percent: percent))]
    } catch {
      return [
        .soundGainRead(mixer.captureVolume(device: device)),
        .notice("Gain not set: \(error.problem)"),
      ]
    }
  }

  /// The ALSA device whose mixer holds the input's gain; nil for inputs without one (the
  /// synthetic tone).
  static func mixerDevice(_ source: AudioSourceInfo?) -> String? {
    guard let source, source.kind == "alsa" else { return nil }
    return source.device
  }
}
