extension TakeMetadata {
  /// The take's sound: where it came from, how it was written, and what was counted. Absent
  /// when the take has no sound.
  public struct AudioRecord: Sendable, Codable, Equatable {
    /// What `--audio` (or `--audio2`) asked for: `auto`, `default`, `hw:1,0`, `synthetic`,
    /// `file`.
    public var input: String
    /// `alsa`, `synthetic` or `file`.
    public var kind: String
    /// The device's name for people.
    public var label: String
    /// The device opened (`default`, `hw:1,0`, …).
    public var device: String
    /// Frames per second of the sound in the files.
    public var sampleRate: Int
    /// Channels of the sound in the files.
    public var channels: Int
    /// `aac`, `opus`, `pcm_s16le` or `pcm_s24le`.
    public var codec: String
    /// Bits per second of AAC and Opus; absent for PCM.
    public var bitrate: Int?
    /// Seconds of sound in each file.
    public var durationSeconds: Double
    /// Frames (samples per channel) captured from the device during the take.
    public var framesCaptured: Int64
    /// Frames written into each file (the same sound in all three).
    public var framesWritten: Int64
    /// Frames of the recorded timeline without captured sound (gaps, a lost device), written as
    /// silence.
    public var silenceFrames: Int64
    /// Captured frames skipped because they were captured while the take was paused.
    public var discardedWhilePausedFrames: Int64
    /// Pause cuts (each faded out and in over 4 ms).
    public var cuts: Int
    /// Overruns of the device's buffer (ALSA xruns), each a gap.
    public var xruns: Int
    /// Breaks in the captured sound (xruns, suspends, unplugs).
    public var gaps: Int
    /// Frames lost in those gaps, measured from the capture times either side.
    public var missingFrames: Int64
    /// Times the device was lost (unplugged).
    public var signalLosses: Int
    /// Times a lost device was opened again (it came back); absent in older takes.
    public var reopens: Int?
    /// Periods lost before the timeline: no free buffer, or the queue to the scheduler full.
    public var periodsDropped: Int
    /// Frames written while the sound was muted (silence, after a 4 ms fade); absent in takes
    /// recorded before mute existed.
    public var mutedFrames: Int64?
    /// The sound card's clock against the monotonic clock, in ppm (positive: fast); corrected
    /// by resampling.
    public var driftPpm: Double
    /// The largest distance between where the sound was and where the pictures wanted it,
    /// before each correction, in ms.
    public var offsetMaxMilliseconds: Double
    /// The average of that distance, in ms.
    public var offsetMeanMilliseconds: Double
    /// Where each recorded segment (the start, and each resume) begins: its first video frame
    /// and the monotonic capture time that frame and the sound at it stand for.
    public var segments: [SegmentRecord]
    /// Why the sound is not what was asked for (a codec fallback), if it is not.
    public var note: String?
    /// Drift fits refused because they claimed more than 2000 ppm (a loaded machine stamping
    /// periods late); absent in older takes.
    public var rejectedDriftFits: Int?
    /// With two inputs: the sound track (1 or 2, in the files' order) this input is in; absent
    /// with one input.
    public var track: Int?
    /// With two inputs: `tracks` (each its own track) or `mix` (both in track 1); absent with
    /// one input.
    public var arrangement: String?

    /// Creates a record with zero counters for the source and format given.
    public init(
      input: String, kind: String, label: String, device: String, sampleRate: Int,
      channels: Int, codec: String, bitrate: Int?
    ) {
      self.input = input
      self.kind = kind
      self.label = label
      self.device = device
      self.sampleRate = sampleRate
      self.channels = channels
      self.codec = codec
      self.bitrate = bitrate
      durationSeconds = 0
      framesCaptured = 0
      framesWritten = 0
      silenceFrames = 0
      discardedWhilePausedFrames = 0
      cuts = 0
      xruns = 0
      gaps = 0
      missingFrames = 0
      signalLosses = 0
      periodsDropped = 0
      mutedFrames = 0
      driftPpm = 0
      offsetMaxMilliseconds = 0
      offsetMeanMilliseconds = 0
      segments = []
    }
  }

  /// The start of one recorded segment of a take.
  public struct SegmentRecord: Sendable, Codable, Equatable {
    /// Its first video frame (pts in every file).
    public var firstFrame: Int64
    /// The monotonic capture time (ns) that frame stands for; the sound at audio frame
    /// `firstFrame·rate/fps + n` was captured at this time plus `n / rate`.
    public var targetNanoseconds: Int64

    /// Creates a record.
    public init(firstFrame: Int64, targetNanoseconds: Int64) {
      self.firstFrame = firstFrame
      self.targetNanoseconds = targetNanoseconds
    }
  }
}
