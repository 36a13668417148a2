import Audio
import DualCamCore
import Foundation
import Session
import Testing

@testable import TerminalUI

/// Sound in the interface: the level meter in the status bar, the sound menu (key `a`), mute
/// (key `u`), the diagnostics panel's sound counters, and the executor that sets the gain.
@Suite struct SoundInterfaceTests {
  static func input(
    _ levels: [(peak: Double, rms: Double, clip: Bool)] = [(-12, -20, false), (-18, -27, false)],
    muted: Bool = false, lost: Bool = false
  ) -> SessionSnapshot.SoundInput {
    SessionSnapshot.SoundInput(
      label: "Synthetic tone with clicks",
      format: AudioFormat(sampleRate: 48_000, channels: levels.count),
      levels: levels.map {
        LevelMeter.ChannelLevel(peakDecibels: $0.peak, rmsDecibels: $0.rms, clipping: $0.clip)
      }, muted: muted, signalLost: lost, framesCaptured: 96_000, xruns: 1, gaps: 2)
  }

  /// The previewing fixture with a sound input.
  static func withSound(
    _ input: SessionSnapshot.SoundInput = input(), width: Int = 80, height: Int = 24
  ) -> AppState {
    var state = StateFixtures.previewing(width: width, height: height)
    state.session?.soundInput = input
    state.settings.audio = AudioSettings(input: .synthetic)
    return state
  }

  // MARK: - The meter

  /// Every form of the meter for each kind of reading, at the widths where they change, one
  /// per row: compared with a text snapshot.
  @Test func meterForms() {
    let cases: [(String, SessionSnapshot.SoundInput)] = [
      ("stereo", Self.input()),
      ("clip", Self.input([(0, -3, true), (-8, -14, false)])),
      ("silence", Self.input([(-96, -96, false), (-96, -96, false)])),
      ("mono", Self.input([(-4, -9, false)])),
      ("muted", Self.input(muted: true)),
      ("lost", Self.input(lost: true)),
    ]
    let widths = [60, 20, 8, 4]
    var buffer = CellBuffer(width: 80, height: cases.count * widths.count)
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    var row = 0
    for (name, input) in cases {
      for width in widths {
        let label = "\(name) \(width):"
        buffer.write(label, x: 0, y: row, style: .plain)
        AudioMeterView.draw(
          input, in: ScreenRect(x: 16, y: row, width: width, height: 1), into: &buffer, bar: bar,
          unicode: true)
        row += 1
      }
    }
    assertSnapshot(buffer, named: "audio-meter-forms")
  }

  @Test func meterFallsBackToASCII() {
    let text = AudioMeterView.segments(Self.input(), width: 60, unicode: false).map(\.text)
      .joined()
    let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "\(text)")
    #expect(text.contains("L ") && text.contains("-12/-20"))
  }

  @Test func meterNeverPushesTheOtherSegmentsOff() {
    for state in [Self.withSound(), Self.recordingWithSound()] {
      let plain = AppRenderer.render(withoutSound(state)).line(state.height - 2)
      let line = AppRenderer.render(state).line(state.height - 2)
      // Everything the bar showed without sound is still there, in the same place.
      let kept = plain.trimmingCharacters(in: .whitespaces)
      #expect(line.hasPrefix(" " + kept), "\(line)")
      #expect(line != plain, "the meter shows beside them")
    }
  }

  func withoutSound(_ state: AppState) -> AppState {
    var plain = state
    plain.session?.soundInput = nil
    return plain
  }

  static func recordingWithSound() -> AppState {
    var state = StateFixtures.recording()
    state.session?.soundInput = input()
    state.session?.audio = SessionSnapshot.AudioStatus(
      label: "Synthetic tone with clicks", writtenSeconds: 83, framesCaptured: 3_984_100,
      framesWritten: 3_984_000, xruns: 0, gaps: 0, driftPPM: 12.4, maxOffsetMilliseconds: 1.3,
      signalLost: false, mutedFrames: 48_000)
    state.settings.audio = AudioSettings(input: .synthetic)
    return state
  }

  @Test func screensWithSound() {
    assertSnapshot(AppRenderer.render(Self.withSound()), named: "camera-sound-80x24")
    assertSnapshot(
      AppRenderer.render(Self.withSound(width: 140, height: 40)), named: "camera-sound-140x40")
    var muted = Self.withSound(Self.input(muted: true))
    muted.diagnosticsVisible = true
    assertSnapshot(AppRenderer.render(muted), named: "camera-sound-muted-diagnostics-80x24")
    var recording = Self.recordingWithSound()
    recording.diagnosticsVisible = true
    let panel = DiagnosticsView.lines(recording).map(\.0)
    #expect(panel.contains("SOUND Synthetic tone with clicks"))
    #expect(panel.contains("  captured 96000, xruns 1, gaps 2"))
    #expect(panel.contains("  written 3984000 (83.0 s)"))
    #expect(panel.contains("  drift +12.4 ppm, offset max 1.3 ms"))
    #expect(panel.contains("  muted frames 48000"))
    let lost = Self.withSound(Self.input(lost: true))
    #expect(AppRenderer.render(lost).line(22).hasSuffix("│ ♪ LOST"))
    var lostTake = Self.recordingWithSound()
    lostTake.session?.soundInput?.signalLost = true
    #expect(AppRenderer.render(lostTake).line(22).hasSuffix("│ SOUND LOST"))
    #expect(DiagnosticsView.lines(lostTake).contains { $0.0 == "  SOUND LOST" && $0.1 })
  }

  // MARK: - Keys and the menu

  @Test func aOpensTheSoundMenuAndItIsInTheMainMenuAndHelp() {
    var state = Self.withSound()
    let commands = AppUpdate.update(&state, .key(.character("a")), environment: .permissive)
    // The budget does not weigh the sound: its page asks for no prediction.
    #expect(commands == [.refreshSoundInputs, .readSoundGain])
    guard case .menu(let navigation) = state.topOverlay else {
      Issue.record("a opens the sound menu")
      return
    }
    #expect(navigation.page == .sound)
    #expect(MenuCatalog.mainPage(state).items.contains { $0.title == "Sound" })
    let help = CameraScreen().helpSections.flatMap(\.lines)
    #expect(help.contains { $0.keys == "a" && $0.text.hasPrefix("Sound menu") })
    #expect(help.contains { $0.keys == "u" && $0.text.hasPrefix("Mute") })
  }

  @Test func soundMenuSnapshot() {
    var state = Self.withSound()
    state.soundInputs = [
      AppState.DeviceChoice(spec: "default", label: "default — Default ALSA Output"),
      AppState.DeviceChoice(spec: "hw:CARD=Mic,DEV=0", label: "hw:CARD=Mic,DEV=0 — USB Mic"),
    ]
    state.soundGain = .volume(CaptureVolume(control: "Capture", percent: 70))
    var navigation = MenuNavigation()
    navigation.path.append((.sound, 6))
    state.overlays = [.menu(navigation)]
    #expect(MenuView.budgetSettings(navigation, state: state).isEmpty)
    assertSnapshot(AppRenderer.render(state), named: "menu-sound-80x24")
  }

  @Test func uMutesAndUnmutesAndSavesIt() {
    var state = Self.withSound()
    #expect(
      AppUpdate.update(&state, .key(.character("u")), environment: .permissive)
        == [.setMuted(true), .saveSettings])
    #expect(state.isMuted && state.settings.audioSettings.muted)
    #expect(
      AppUpdate.update(&state, .key(.character("u")), environment: .permissive)
        == [.setMuted(false), .saveSettings])
    #expect(!state.isMuted && !state.settings.audioSettings.muted)
    var silent = StateFixtures.previewing()
    #expect(AppUpdate.update(&silent, .key(.character("u")), environment: .permissive).isEmpty)
    #expect(silent.toasts.last?.text.contains("No sound input") == true)
  }

  @Test func menuRowsChangeTheSettingsOrActAtOnce() {
    var state = Self.withSound()
    state.soundInputs = [AppState.DeviceChoice(spec: "hw:1,0", label: "hw:1,0 — USB")]
    state.soundGain = .volume(CaptureVolume(control: "Mic", percent: 50))
    let items = SoundMenu.page(state).items
    func row(_ title: String) -> MenuItem { items.first { $0.title == title }! }
    // The input cycles to the next choice: the devices found come after the tone.
    guard case .recording(let next) = row("Input").adjust(1) else {
      Issue.record("choosing an input changes the recording settings")
      return
    }
    #expect(next.audioSettings.input == .device("hw:1,0"))
    guard case .recording(let rate) = row("Rate").adjust(1) else {
      Issue.record("the rate is a recording setting")
      return
    }
    #expect(rate.audioSettings.sampleRate == 96_000)
    // Through the update, a format change reopens the session and is saved.
    var navigation = MenuNavigation()
    navigation.path.append((.sound, 1))
    state.overlays = [.menu(navigation)]
    let commands = AppUpdate.update(&state, .key(.right), environment: .permissive)
    #expect(
      commands.filter { !$0.isBudgetPrediction } == [.applySettings(state.settings), .saveSettings])
    #expect(state.settings.audioSettings.input == .device("hw:1,0"))
    // The gain moves by 5 % and is kept in the settings.
    state.overlays = []
    var gain = Self.withSound()
    gain.soundGain = .volume(CaptureVolume(control: "Mic", percent: 50))
    var atGain = MenuNavigation()
    atGain.path.append((.sound, 6))
    gain.overlays = [.menu(atGain)]
    #expect(
      AppUpdate.update(&gain, .key(.left), environment: .permissive)
        .filter { !$0.isBudgetPrediction } == [.setSoundGain(45), .saveSettings])
    #expect(gain.settings.audioSettings.gain == 45)
    #expect(gain.soundGain == .volume(CaptureVolume(control: "Mic", percent: 45)))
    // While a take runs, the format is locked but mute still works.
    var running = Self.recordingWithSound()
    let locked = SoundMenu.page(running).items
    #expect(!locked.first { $0.title == "Rate" }!.enabled)
    var atMute = MenuNavigation()
    atMute.path.append((.sound, 7))
    running.overlays = [.menu(atMute)]
    #expect(
      AppUpdate.update(&running, .key(.enter), environment: .permissive)
        == [.setMuted(true), .saveSettings])
  }

  @Test func gainRowSaysWhenThereIsNoMixerControl() {
    var state = Self.withSound()
    state.soundGain = .noControl
    let row = SoundMenu.gainRow(state)
    #expect(row.value == "no mixer control" && row.kind == .info)
    _ = AppUpdate.update(&state, .soundGainRead(nil), environment: .permissive)
    #expect(state.soundGain == .noControl)
  }

  @Test func losingTheInputIsSaidOnceInFull() {
    var state = Self.withSound()
    var snapshot = state.session
    snapshot?.soundInput?.signalLost = true
    _ = AppUpdate.update(
      &state, .tick(uptime: 1, session: snapshot, system: state.system), environment: .permissive)
    #expect(state.toasts.last?.text.hasPrefix("SOUND LOST") == true)
    #expect(state.toasts.last?.isProblem == true)
    let count = state.toasts.count
    _ = AppUpdate.update(
      &state, .tick(uptime: 1.1, session: snapshot, system: state.system),
      environment: .permissive)
    #expect(state.toasts.count == count, "said once, not on every tick")
    snapshot?.soundInput?.signalLost = false
    _ = AppUpdate.update(
      &state, .tick(uptime: 1.2, session: snapshot, system: state.system),
      environment: .permissive)
    #expect(state.toasts.last?.text.hasPrefix("Sound is back") == true)
  }

  @Test func sessionOpenedReadsTheGain() {
    var state = Self.withSound()
    let commands = AppUpdate.update(
      &state, .sessionOpened(state.sources, state.settings), environment: .permissive)
    #expect(commands.contains(.readSoundGain))
  }

  @Test func aRefusedInputGoesBackToTheRunningSettingsKeepingMuteAndGain() {
    var running = RecordingSettings()
    running.audio = AudioSettings(input: .synthetic)
    var state = running
    state.audio = AudioSettings(input: .device("hw:CARD=Gone,DEV=0"))
    state.audio?.muted = true
    state.audio?.gain = 35
    let restored = AppRunner.settingsToRestore(running: running, state: state)
    #expect(restored.audioSettings.input == .synthetic)
    #expect(restored.audioSettings.muted && restored.audioSettings.gain == 35)
    #expect(AppRunner.settingsToRestore(running: nil, state: state) == state)
  }

  // MARK: - The executor

  @Test func executorReadsAppliesAndSetsTheGainThroughTheMixer() {
    let mixer = FakeMixer(controls: ["hw:1,0": CaptureVolume(control: "Mic", percent: 30)])
    let executor = SoundExecutor(mixer: mixer, listInputs: { [] })
    let usb = AudioSourceInfo(
      kind: "alsa", label: "hw:1,0", device: "hw:1,0",
      format: AudioFormat(sampleRate: 48_000, channels: 2), periodFrames: 480)
    guard case .soundGainRead(let read) = executor.readGain(of: usb, applying: nil).first else {
      Issue.record("reading the gain answers with it")
      return
    }
    #expect(read?.percent == 30)
    // A gain saved in the settings is applied when the input opens.
    _ = executor.readGain(of: usb, applying: 80)
    #expect(mixer.percent(of: "hw:1,0") == 80)
    _ = executor.setGain(of: usb, to: 55)
    #expect(mixer.percent(of: "hw:1,0") == 55)
    // An input without a control, and the synthetic tone, have no gain.
    let other = AudioSourceInfo(
      kind: "alsa", label: "pulse", device: "pulse", format: usb.format, periodFrames: 480)
    guard case .soundGainRead(let none) = executor.readGain(of: other, applying: 50).first else {
      Issue.record("an input without a mixer answers with nil")
      return
    }
    #expect(none == nil)
    let tone = AudioSourceInfo(
      kind: "synthetic", label: "tone", device: "synthetic", format: usb.format, periodFrames: 480)
    guard case .soundGainRead(let toneGain) = executor.readGain(of: tone, applying: nil).first
    else { return }
    #expect(toneGain == nil)
    let refused = executor.setGain(of: other, to: 10)
    #expect(refused.contains { if case .notice = $0 { true } else { false } })
  }
}

/// A mixer with one capture control per device, in memory.
final class FakeMixer: ALSAMixerSystem, @unchecked Sendable {
  // @unchecked: the lock guards the controls; tests call it from one thread anyway.
  private let lock = NSLock()
  private var controls: [String: CaptureVolume]

  init(controls: [String: CaptureVolume]) { self.controls = controls }

  func percent(of device: String) -> Int? {
    lock.withLock { controls[device]?.percent }
  }

  func captureVolume(device: String) -> CaptureVolume? {
    lock.withLock { controls[device] }
  }

  func setCaptureVolume(device: String, percent: Int) throws(DualCamError) -> CaptureVolume {
    let updated: CaptureVolume? = lock.withLock {
      guard var volume = controls[device] else { return nil }
      volume.percent = percent
      controls[device] = volume
      return volume
    }
    guard let updated else {
      throw .invalidArgument("\(device) has no mixer control", fix: "use another input")
    }
    return updated
  }
}
