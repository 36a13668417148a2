import Audio
import DualCamCore

/// The sound menu page (key `a`): the input and its format, the codec, the input's gain and
/// mute. Format changes reopen the session like other recording settings; gain and mute act at
/// once, during a take too.
enum SoundMenu {
  static let rates = [16_000, 32_000, 44_100, 48_000, 96_000]
  static let channelCounts = [1, 2]
  static let codecs: [AudioCodec?] = [nil] + AudioCodec.allCases
  /// A ←/→ step of the gain slider, in percent.
  static let gainStep = 5

  static func page(_ state: AppState) -> MenuPage {
    let settings = state.settings
    let audio = settings.audioSettings
    func row(
      _ title: String, _ value: String, note: String? = nil,
      _ change: @escaping @Sendable (inout AudioSettings, Int) -> Void
    ) -> MenuItem {
      MenuCatalog.settingsRow(
        state, lockNote: "Sound settings change between takes: stop the take first", title,
        value, note: note
      ) { settings, delta in
        var sound = settings.audioSettings
        change(&sound, delta)
        settings.audio = sound
      }
    }
    let inputs = inputChoices(state)
    let current = audio.input.description
    let hasSound = audio.input != .none
    var items = [
      MenuItem(
        title: "Level", value: levelText(state), kind: .info,
        note: "Peak/RMS in dBFS per channel, live from the input"),
      row(
        "Input", inputs.first { $0.spec == current }?.label ?? current,
        note: "←/→ chooses among auto, none, the synthetic tone and the inputs found"
      ) { sound, delta in
        let specs = inputs.map(\.spec)
        let next = (specs.contains(current) ? specs : [current] + specs)
          .cycled(from: current, by: delta)
        if let input = try? AudioInput(parsing: next) { sound.input = input }
      },
      row("Rate", "\(audio.sampleRate) Hz") { sound, delta in
        let choices = rates.contains(audio.sampleRate) ? rates : [audio.sampleRate] + rates
        sound.sampleRate = choices.cycled(from: audio.sampleRate, by: delta)
      },
      row("Channels", audio.channels == 1 ? "mono" : "\(audio.channels) (stereo)") {
        sound, delta in
        let choices =
          channelCounts.contains(audio.channels) ? channelCounts : [audio.channels] + channelCounts
        sound.channels = choices.cycled(from: audio.channels, by: delta)
      },
      row(
        "Codec",
        audio.codec?.rawValue ?? "auto (\(settings.effectiveAudioCodec.rawValue))",
        note: "auto: AAC in MOV/MP4, Opus in MKV, PCM for lossless takes"
      ) { sound, delta in
        sound.codec = codecs.cycled(from: audio.codec, by: delta)
      },
      row(
        "Bitrate", settings.effectiveAudioCodec.isPCM ? "— (PCM)" : audio.bitrate.description,
        note: "AAC and Opus; PCM has none"
      ) { sound, delta in
        sound.bitrate = AudioBitrate.allCases.cycled(from: audio.bitrate, by: delta)
      },
      gainRow(state),
    ]
    let muted = state.isMuted
    items.append(
      MenuItem(
        title: "Mute", value: muted ? "MUTED" : "off", kind: .toggle(muted),
        note: "Takes record silence while muted (also the u key)", enabled: hasSound,
        adjust: { _ in .command(.setMuted(!muted)) }))
    return MenuPage(title: "Sound", items: items)
  }

  static func gainRow(_ state: AppState) -> MenuItem {
    switch state.soundGain {
    case .volume(let volume):
      let percent = volume.percent
      return MenuItem(
        title: "Gain", value: "\(percent)% (\(volume.control))",
        kind: .slider(fraction: Double(percent) / 100),
        note: "The input's capture volume (ALSA mixer), kept in the settings",
        adjust: { delta in
          guard delta != 0 else { return nil }
          return .command(.setSoundGain(percent + delta * gainStep))
        })
    case .noControl:
      return MenuItem(
        title: "Gain", value: "no mixer control", kind: .info,
        note: "This input has no capture volume DualCam can set: use the system's sound settings")
    case .unknown:
      return MenuItem(title: "Gain", value: "…", kind: .info)
    }
  }

  /// The inputs the user can choose: automatic, none, the tone, then the devices found.
  static func inputChoices(_ state: AppState) -> [AppState.DeviceChoice] {
    [
      AppState.DeviceChoice(spec: "auto", label: "automatic (default input if any)"),
      AppState.DeviceChoice(spec: "none", label: "none (no sound)"),
      AppState.DeviceChoice(spec: "synthetic", label: "synthetic tone"),
    ] + state.soundInputs
  }

  /// What the main menu's row says.
  static func summary(_ state: AppState) -> String {
    let audio = state.settings.audioSettings
    guard let input = state.session?.soundInput else {
      return audio.input == .none ? "none" : "\(audio.input) (not open)"
    }
    return (state.isMuted ? "MUTED · " : "") + input.label
  }

  /// The level row's value: the meter in its compact form.
  static func levelText(_ state: AppState) -> String {
    guard let input = state.session?.soundInput else { return "no sound input" }
    return AudioMeterView.segments(
      input, width: 40, unicode: state.capabilities.unicode
    ).map(\.text).joined()
  }
}
