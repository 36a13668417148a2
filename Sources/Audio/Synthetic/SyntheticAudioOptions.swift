public import DualCamCore

/// What a synthetic audio source plays and how its simulated sound card behaves.
public struct SyntheticAudioOptions: Sendable, Hashable {
  /// Rate, channels and sample format delivered.
  public var format = AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .s16)
  /// Frames per period (10 ms at 48 kHz by default).
  public var periodFrames = 480
  /// Frequency of the steady tone, in Hz.
  public var toneHertz = 440.0
  /// Amplitude of the tone, 0...1 of full scale (0.1 is -20 dBFS).
  public var toneLevel: Float = 0.1
  /// The frame rate of the synthetic cameras the clicks line up with.
  public var videoRate = FrameRate(numerator: 30)
  /// A click starts at the capture time of every `clickEveryFrames`-th camera frame (0: none).
  public var clickEveryFrames = 30
  /// When camera frame 0 is captured (the synthetic cameras' start plus their phase); nil: when
  /// this source starts.
  public var clickOrigin: MonotonicTime?
  /// How long a click lasts, in ns.
  public var clickDurationNanoseconds: Int64 = 2_000_000
  /// Amplitude added during a click, 0...1 of full scale.
  public var clickLevel: Float = 0.8
  /// How fast the simulated sound card's clock runs against the monotonic clock, in parts per
  /// million (positive: more samples per second than nominal, like a card running fast).
  public var clockErrorPPM = 0.0

  /// The defaults: stereo 48 kHz s16, a 440 Hz tone at -20 dBFS, a click every second at 30 fps.
  public init() {}
}
