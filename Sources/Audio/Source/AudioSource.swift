public import DualCamCore

/// Anything that delivers stamped periods of sound: an ALSA capture device, a synthetic tone.
///
/// Like a `CameraSource`, a source runs its own capture thread between `start` and `stop` and
/// hands every period to the sink as soon as it has it, never blocking on the sink. Every period
/// is stamped with the CLOCK_MONOTONIC capture time of its first frame, the clock V4L2 stamps
/// frames with, so sound and pictures are aligned by when they were captured.
public protocol AudioSource: AnyObject, Sendable {
  /// What the source is and the format it delivers (known once `start` returned).
  var info: AudioSourceInfo { get }
  /// Opens the device and starts capturing; periods go to `sink` until `stop()`. `bufferCount`
  /// is the size of the period pool: every period held downstream keeps one buffer out.
  func start(clock: any MonotonicClock, sink: any AudioSink, bufferCount: Int)
    throws(DualCamError)
  /// Stops capturing and joins the capture thread; no period is delivered after it returns.
  func stop()
  /// What the capture thread counted so far.
  var counters: AudioCaptureCounters { get }
}

/// Receives periods and events from an audio source, on the source's capture thread.
public protocol AudioSink: AnyObject, Sendable {
  /// A new period; the sink takes over the reference and calls `release()` when done.
  func deliver(_ period: AudioPeriodBuffer)
  /// Something happened to the source that the user should know about.
  func audioEvent(_ event: AudioSourceEvent)
}

/// Events an audio source reports besides periods.
public enum AudioSourceEvent: Sendable, Equatable {
  /// The device stopped delivering (unplugged, failed); the source keeps trying to re-open it.
  case signalLost(reason: String)
  /// The device delivers again; the frames missed meanwhile are counted as a gap.
  case signalRestored
}

/// What an audio source is, for the user and the take's metadata.
public struct AudioSourceInfo: Sendable, Hashable, Codable {
  /// `alsa` or `synthetic`.
  public var kind: String
  /// What the user calls it: the card's name, or "Synthetic tone".
  public var label: String
  /// What was asked for: `default`, `hw:1,0`, `synthetic`.
  public var device: String
  /// The format captured (what the device granted).
  public var format: AudioFormat
  /// Frames per period.
  public var periodFrames: Int

  /// Creates a description.
  public init(
    kind: String, label: String, device: String, format: AudioFormat, periodFrames: Int
  ) {
    self.kind = kind
    self.label = label
    self.device = device
    self.format = format
    self.periodFrames = periodFrames
  }
}

/// Counters of one audio source's capture thread.
public struct AudioCaptureCounters: Sendable, Hashable, Codable {
  /// Periods handed to the sink.
  public var periodsDelivered = 0
  /// Frames handed to the sink.
  public var framesDelivered: Int64 = 0
  /// Overruns: the device's buffer filled up because it was not read in time (ALSA -EPIPE).
  public var xruns = 0
  /// Times the stream resumed after a suspend (ALSA -ESTRPIPE).
  public var suspends = 0
  /// Breaks in the captured sound (after an xrun, a suspend or an unplug).
  public var gaps = 0
  /// Frames lost in those gaps, measured from the capture times either side.
  public var missingFrames: Int64 = 0
  /// Periods read but dropped because every pool buffer was held downstream.
  public var droppedNoBuffer = 0
  /// Times the device was lost (unplugged) during the take.
  public var signalLosses = 0
  /// Times a lost device was opened again and delivered sound.
  public var reopens = 0
  /// Periods the device gave no usable monotonic timestamp for, stamped with the time they were
  /// read instead (less exact: scheduling delays move them).
  public var periodsStampedOnRead = 0

  /// Zeroed counters.
  public init() {}
}
