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

    /// Creates a status.
    public init(
      label: String, writtenSeconds: Double, framesCaptured: Int64, framesWritten: Int64,
      xruns: Int, gaps: Int, driftPPM: Double, maxOffsetMilliseconds: Double, signalLost: Bool
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
    }
  }
}
