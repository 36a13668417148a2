import Audio
import DualCamCore
import Testing

/// Mute fades out and in over 4 ms, records exact silence between, and counts the frames
/// written while muted.
@Suite struct MuteFaderTests {
  /// `frames` stereo frames of a constant 0.5.
  func block(_ frames: Int) -> [Float] { Array(repeating: 0.5, count: frames * 2) }

  func apply(_ fader: inout MuteFader, _ samples: inout [Float], muted: Bool) {
    let frames = samples.count / 2
    samples.withUnsafeMutableBufferPointer { buffer in
      fader.apply(buffer.baseAddress!, frames: frames, channels: 2, muted: muted)
    }
  }

  @Test func unmutedSoundIsUntouchedAndNotCounted() {
    var fader = MuteFader(sampleRate: 48_000)
    var samples = block(1_024)
    apply(&fader, &samples, muted: false)
    #expect(samples == block(1_024))
    #expect(fader.mutedFrames == 0)
  }

  @Test func muteFadesOverFourMillisecondsThenIsSilent() {
    var fader = MuteFader(sampleRate: 48_000)
    #expect(fader.fadeFrames == 192)
    var samples = block(1_024)
    apply(&fader, &samples, muted: true)
    // Falling, never rising, and both channels alike.
    for frame in 1..<192 {
      #expect(samples[frame * 2] <= samples[(frame - 1) * 2])
      #expect(samples[frame * 2] == samples[frame * 2 + 1])
    }
    #expect(samples[0] > 0.49 && samples[0] < 0.5)
    #expect(samples[190 * 2] > 0)
    #expect(samples[(192 * 2)...].allSatisfy { $0 == 0 })
    #expect(fader.mutedFrames == 1_024)
    var next = block(480)
    apply(&fader, &next, muted: true)
    #expect(next.allSatisfy { $0 == 0 })
    #expect(fader.mutedFrames == 1_504)
  }

  @Test func unmuteFadesBackInAndStopsCounting() {
    var fader = MuteFader(sampleRate: 48_000, muted: true)
    var silent = block(100)
    apply(&fader, &silent, muted: true)
    #expect(silent.allSatisfy { $0 == 0 })
    var samples = block(1_024)
    apply(&fader, &samples, muted: false)
    #expect(samples[0] > 0 && samples[0] < 0.01)
    for frame in 1..<192 { #expect(samples[frame * 2] >= samples[(frame - 1) * 2]) }
    #expect(samples[(192 * 2)...].allSatisfy { $0 == 0.5 })
    #expect(fader.mutedFrames == 100)
  }

  @Test func aMuteShorterThanTheFadeTurnsBackWithoutAJump() {
    var fader = MuteFader(sampleRate: 48_000)
    var out = block(50)
    apply(&fader, &out, muted: true)
    var back = block(300)
    apply(&fader, &back, muted: false)
    // Continues from where the fade out stopped: no step larger than one fade step.
    let step = Float(0.5) / 192
    #expect(abs(back[0] - out[98]) <= step * 1.01)
    #expect(back[(60 * 2)...].allSatisfy { $0 == 0.5 })
    #expect(fader.mutedFrames == 50)
  }
}

/// Which mixer holds a capture PCM's volume.
@Suite struct ALSAMixerNameTests {
  @Test(arguments: [
    ("default", "default"), ("hw:1,0", "hw:1"), ("plughw:1,0", "hw:1"),
    ("hw:CARD=Mic,DEV=0", "hw:CARD=Mic"), ("plughw:CARD=Loopback,DEV=1", "hw:CARD=Loopback"),
    ("sysdefault:CARD=PCH", "hw:CARD=PCH"), ("hw:2", "hw:2"),
  ])
  func cardMixers(device: String, mixer: String) {
    #expect(ALSAMixerName.forCapture(device) == mixer)
  }

  @Test(arguments: ["pulse", "pipewire", "synthetic", "hw:", "dsnoop"])
  func namesWithoutACard(device: String) {
    #expect(ALSAMixerName.forCapture(device) == nil)
  }
}

/// The real libasound mixer glue where there is no card: every call answers, none crashes.
@Suite struct LibASoundMixerTests {
  @Test func aCardThatIsNotThereHasNoControl() {
    let mixer = LibASoundMixer()
    #expect(mixer.captureVolume(device: "hw:CARD=NoSuchCard,DEV=0") == nil)
    #expect(mixer.captureVolume(device: "pulse") == nil)
    #expect {
      _ = try mixer.setCaptureVolume(device: "plughw:CARD=NoSuchCard,DEV=0", percent: 50)
    } throws: { error in
      (error as? DualCamError)?.problem.contains("has no mixer control") == true
    }
  }
}
