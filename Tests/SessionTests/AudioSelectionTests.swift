import Audio
import Capture
import DualCamCore
import Session
import Testing

/// The one rule `dualcam record` and the interface choose sound by.
@Suite struct AudioSelectionTests {
  let rate = FrameRate(numerator: 30)

  @Test func automaticTakesTheDefaultInputIfThereIsOneAndSaysWhich() throws {
    let found = try AudioSelection.choose(
      AudioSettings(), videoRate: rate, hasDefaultInput: { true })
    #expect(found.source?.info.device == "default" && !found.required)
    #expect(found.note.hasPrefix("sound: the system's default input"))
    let none = try AudioSelection.choose(
      AudioSettings(), videoRate: rate, hasDefaultInput: { false })
    #expect(none.source == nil && none.note.hasPrefix("sound: none (no sound input found"))
  }

  @Test func namedInputsAreRequiredAndTheToneIsSynthetic() throws {
    let device = try AudioSelection.choose(
      AudioSettings(input: .device("hw:1,0")), videoRate: rate, hasDefaultInput: { false })
    #expect(device.required && device.source?.info.kind == "alsa")
    let tone = try AudioSelection.choose(
      AudioSettings(input: .synthetic), videoRate: rate, hasDefaultInput: { false })
    #expect(tone.required && tone.source?.info.kind == "synthetic")
  }

  @Test func mutedSettingsAreSaidEveryTime() throws {
    var settings = AudioSettings(input: .synthetic)
    settings.muted = true
    let choice = try AudioSelection.choose(settings, videoRate: rate, hasDefaultInput: { false })
    #expect(choice.note.contains("MUTED"))
    settings.input = .none
    let silent = try AudioSelection.choose(settings, videoRate: rate, hasDefaultInput: { false })
    #expect(!silent.note.contains("MUTED"), "no input, nothing to mute")
  }

  @Test func fileSoundSaysItNeedsAFileCamera() {
    #expect {
      _ = try AudioSelection.choose(
        AudioSettings(input: .file), videoRate: rate,
        cameras: [
          SyntheticCamera(position: .front, size: ImageSize(width: 64, height: 48), rate: rate)
        ])
    } throws: { error in
      (error as? DualCamError)?.problem.contains("neither camera is a file") == true
    }
  }
}
