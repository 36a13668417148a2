public import Audio

extension SessionSnapshot {
  /// The sound of the take being recorded, for the progress line and the status bar.
  public struct AudioStatus: Sendable, Equatable {
    /// The input's name for people.
    public var label: String
    /// Seconds of sound written into each file so far.
    public var writtenSeconds: Double
    /// Frames captured during the take.
    public var framesCaptured: Int64
    /// Frames written into each file.
    public var framesWritten: Int64
    /// Device overruns (xruns) since the session started.
    public var xruns: Int
    /// Breaks in the captured sound since the session started.
    public var gaps: Int
    /// The sound card's clock drift, in ppm.
    public var driftPPM: Double
    /// The largest distance between sound and pictures before correction, in ms.
    public var maxOffsetMilliseconds: Double
    /// True while the device is lost (unplugged); silence is recorded meanwhile.
    public var signalLost: Bool
    /// Frames written while muted.
    public var mutedFrames: Int64

    /// Creates a status.
    public init(
      label: String, writtenSeconds: Double, framesCaptured: Int64, framesWritten: Int64,
      xruns: Int, gaps: Int, driftPPM: Double, maxOffsetMilliseconds: Double, signalLost: Bool,
      mutedFrames: Int64 = 0
    ) {
      self.label = label
      self.writtenSeconds = writtenSeconds
      self.framesCaptured = framesCaptured
      self.framesWritten = framesWritten
      self.xruns = xruns
      self.gaps = gaps
      self.driftPPM = driftPPM
      self.maxOffsetMilliseconds = maxOffsetMilliseconds
      self.signalLost = signalLost
      self.mutedFrames = mutedFrames
    }
  }

  /// The sound input from the preview on, for the level meter and the diagnostics panel.
  public struct SoundInput: Sendable, Equatable {
    /// The input's name for people.
    public var label: String
    /// The format the device delivers.
    public var format: AudioFormat
    /// Peak, RMS and clip light of each channel now.
    public var levels: [LevelMeter.ChannelLevel]
    /// True while muted (takes record silence).
    public var muted: Bool
    /// True while the device is lost (unplugged).
    public var signalLost: Bool
    /// Frames the device delivered since the session started.
    public var framesCaptured: Int64
    /// Device overruns since the session started.
    public var xruns: Int
    /// Breaks in the captured sound since the session started.
    public var gaps: Int

    /// Creates a reading.
    public init(
      label: String, format: AudioFormat, levels: [LevelMeter.ChannelLevel], muted: Bool,
      signalLost: Bool, framesCaptured: Int64 = 0, xruns: Int = 0, gaps: Int = 0
    ) {
      self.label = label
      self.format = format
      self.levels = levels
      self.muted = muted
      self.signalLost = signalLost
      self.framesCaptured = framesCaptured
      self.xruns = xruns
      self.gaps = gaps
    }
  }
}
