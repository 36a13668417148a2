public import Foundation

/// A moment's view of the session for the progress line, the status bar and diagnostics.
public struct SessionSnapshot: Sendable {
  /// One camera's counters.
  public struct Camera: Sendable {
    /// The source's name.
    public var label: String
    /// Frames the source delivered since the session started.
    public var delivered: Int
    /// Frames lost for any reason during the take (source gaps, unused, overflow, no buffer).
    public var dropped: Int
    /// Output frames that repeated this camera's previous frame.
    public var duplicates: Int
    /// True while the source reports no signal.
    public var signalLost: Bool
    /// Longest this take that a frame took from capture to the synchronizer, in seconds.
    public var maxArrivalDelay: Double
    /// Bytes the device handed over since the session started (for a USB camera, what crossed
    /// the bus; a file or synthetic source counts its pictures).
    public var bytesReceived: Int64

    /// Creates a camera's counters.
    public init(
      label: String, delivered: Int, dropped: Int, duplicates: Int, signalLost: Bool,
      maxArrivalDelay: Double = 0, bytesReceived: Int64 = 0
    ) {
      self.label = label
      self.delivered = delivered
      self.dropped = dropped
      self.duplicates = duplicates
      self.signalLost = signalLost
      self.maxArrivalDelay = maxArrivalDelay
      self.bytesReceived = bytesReceived
    }
  }

  /// One output file's progress.
  public struct Output: Sendable {
    /// `dualview`, `front` or `back`.
    public var name: String
    /// Frames encoded.
    public var frames: Int64
    /// Bytes in the file.
    public var bytes: Int64
    /// Seconds its thread spent writing frames (composing, encoding, muxing) this take.
    public var busySeconds: Double
    /// Frames written in `busySeconds` (placeholder and stream-copied frames included).
    public var busyFrames: Int64
    /// Frames waiting in its queue now, and how many the queue holds.
    public var queued: Int
    public var queueCapacity: Int
    /// Processor seconds its encoder took this take (the output's thread in the encoder and
    /// the encoder's own slice threads), and the frames encoded in them (none for a stream
    /// copy): what the budget learns an encoder's frame costs on this machine.
    public var encoderCPUSeconds: Double = 0
    public var encodedFrames: Int64 = 0
    /// Processor seconds the dual view's thread spent composing this take, and the frames
    /// composed (none for the cameras' files).
    public var compositorCPUSeconds: Double = 0
    public var composedFrames: Int64 = 0

    /// Creates an output's progress.
    public init(
      name: String, frames: Int64, bytes: Int64, busySeconds: Double = 0, busyFrames: Int64 = 0,
      queued: Int = 0, queueCapacity: Int = 0
    ) {
      self.name = name
      self.frames = frames
      self.bytes = bytes
      self.busySeconds = busySeconds
      self.busyFrames = busyFrames
      self.queued = queued
      self.queueCapacity = queueCapacity
    }

    /// Milliseconds the output took per frame on average this take; nil before its first.
    public var millisecondsPerFrame: Double? {
      busyFrames > 0 ? busySeconds * 1000 / Double(busyFrames) : nil
    }
  }

  /// Session state.
  public var state: SessionController.State
  /// Output frames decided so far in this take.
  public var recordedFrames: Int64
  /// Recorded frames ÷ frame rate.
  public var recordedSeconds: Double
  /// Wall time since the take started, pauses included.
  public var wallSeconds: Double
  /// Time paused so far.
  public var pausedSeconds: Double
  /// Output frames repeated because the encoders fell behind (the settings are too heavy for
  /// this machine).
  public var lagRepeats: Int64
  /// Front camera.
  public var front: Camera
  /// Back camera.
  public var back: Camera
  /// The three outputs (empty when not recording).
  public var outputs: [Output]
  /// An output failure that ended the take, in words.
  public var failure: String?
  /// Where the take is being written.
  public var takeFolder: URL?
  /// True when the take has reached its frame limit or an output failed: call `stopRecording()`.
  public var takeEnded: Bool
  /// The take's sound counters; nil when there is no sound.
  public var audio: AudioStatus?
  /// True when the take is stopping because its disk is full (the guard's check, or a write
  /// that found no room); `failure` then says so in words.
  public var diskFull = false
  /// The sound input from the preview on (levels, mute, a lost device); nil without sound.
  public var soundInput: SoundInput?
  /// While the take is being saved (`state == .finalizing`): what the stop still waits for.
  public var saving: SavingProgress?

  /// Creates a snapshot.
  public init(
    state: SessionController.State, recordedFrames: Int64, recordedSeconds: Double,
    wallSeconds: Double, pausedSeconds: Double, lagRepeats: Int64, front: Camera, back: Camera,
    outputs: [Output], failure: String?, takeFolder: URL?, takeEnded: Bool
  ) {
    self.state = state
    self.recordedFrames = recordedFrames
    self.recordedSeconds = recordedSeconds
    self.wallSeconds = wallSeconds
    self.pausedSeconds = pausedSeconds
    self.lagRepeats = lagRepeats
    self.front = front
    self.back = back
    self.outputs = outputs
    self.failure = failure
    self.takeFolder = takeFolder
    self.takeEnded = takeEnded
  }
}
