/// The `metadata.json` written beside a take's three files.
///
/// Keys are stable and documented in Documentation/METADATA.md; new keys may be added, existing
/// ones keep their meaning. Encoded with snake_case keys, sorted, pretty-printed.
public struct TakeMetadata: Sendable, Codable, Equatable {
  /// Identifies the format of this file.
  public var schema = TakeMetadata.currentSchema
  /// `recording` (a checkpoint of a take in progress), `complete`, `stopped_on_error` or
  /// `recovered`.
  public var status: Status
  /// The program that wrote the take.
  public var app: AppInfo
  /// The machine it was recorded on.
  public var host: HostInfo
  /// Wall-clock start of the recording, ISO 8601 with milliseconds, UTC.
  public var startedAt: String
  /// Wall-clock end of the recording, ISO 8601 with milliseconds, UTC.
  public var endedAt: String
  /// The recording settings in force.
  public var settings: RecordingSettings
  /// The two sources, keyed `front` and `back`.
  public var sources: [String: SourceRecord]
  /// The three files, keyed `dualview`, `front` and `back`.
  public var outputs: [String: OutputRecord]
  /// What the presentation clock counted.
  public var sync: SyncRecord
  /// Pauses, in order.
  public var pauses: [PauseRecord]
  /// Problems met while recording, in words for people.
  public var errors: [String]
  /// Changes of the dual view's layout while recording (swap, zoom, split), in order; absent
  /// when the layout never changed. `settings.layout` is the layout the take started with.
  public var layoutChanges: [LayoutChangeRecord]?
  /// The user's note on the take (added in the gallery or with the library); absent if none.
  public var notes: String?
  /// The user's tags on the take; absent if none.
  public var tags: [String]?
  /// Why the take ended: `requested` (stop key, signal), `duration` (its set length),
  /// `disk_full` (stopped while its disk still had room to finish the files) or
  /// `output_failed` (a file could not be written). Absent in checkpoints and older takes.
  public var stopReason: StopReason?
  /// The take's sound (see `AudioRecord`); absent when the take has none.
  public var audio: AudioRecord?
  /// The second sound input (`--audio2`), when the take has one; `track` and `arrangement` in
  /// both records say where each went.
  public var audio2: AudioRecord?
  /// The hardware-cost budget: predicted and decided at the start, measured at the end.
  /// Absent for takes recorded without a budget check and in older takes.
  public var budget: TakeBudgetRecord?

  /// The schema identifier of this version.
  public static let currentSchema = "dualcam.take/1"

  /// How the take ended.
  public enum Status: String, Sendable, Codable {
    case recording
    case complete
    case stoppedOnError = "stopped_on_error"
    case recovered
  }

  /// Why a take ended.
  public enum StopReason: String, Sendable, Codable {
    case requested
    case duration
    case diskFull = "disk_full"
    case outputFailed = "output_failed"
  }

  /// Program name and version.
  public struct AppInfo: Sendable, Codable, Equatable {
    public var name: String
    public var version: String
    public init(name: String, version: String) {
      self.name = name
      self.version = version
    }
  }

  /// Machine facts.
  public struct HostInfo: Sendable, Codable, Equatable {
    public var hostname: String
    public var operatingSystem: String
    public var processorCount: Int
    public init(hostname: String, operatingSystem: String, processorCount: Int) {
      self.hostname = hostname
      self.operatingSystem = operatingSystem
      self.processorCount = processorCount
    }
  }

  /// One source as recorded.
  public struct SourceRecord: Sendable, Codable, Equatable {
    public var kind: String
    public var label: String
    public var identity: String
    public var width: Int
    public var height: Int
    public var frameRate: Double
    public var nativeFormat: String
    public var details: [String: String]
    /// Frames the capture stage delivered during the whole session (preview included).
    public var framesDelivered: Int
    /// Frames the capture stage could not deliver (no free buffer). Included in
    /// `sync.dropped_by_source`, which counts every gap in sequence numbers.
    public var framesDroppedNoBuffer: Int
    /// Frames dropped because the scheduler's inbox was full. Also included in
    /// `sync.dropped_by_source`.
    public var framesDroppedInbox: Int
    /// What the synchronizer counted for this camera during the take.
    public var sync: CameraSyncCounters

    public init(
      kind: String, label: String, identity: String, width: Int, height: Int, frameRate: Double,
      nativeFormat: String, details: [String: String], framesDelivered: Int,
      framesDroppedNoBuffer: Int, framesDroppedInbox: Int, sync: CameraSyncCounters
    ) {
      self.framesDroppedInbox = framesDroppedInbox
      self.kind = kind
      self.label = label
      self.identity = identity
      self.width = width
      self.height = height
      self.frameRate = frameRate
      self.nativeFormat = nativeFormat
      self.details = details
      self.framesDelivered = framesDelivered
      self.framesDroppedNoBuffer = framesDroppedNoBuffer
      self.sync = sync
    }
  }

  /// One output file as written.
  public struct OutputRecord: Sendable, Codable, Equatable {
    /// File name inside the take folder.
    public var file: String
    public var width: Int
    public var height: Int
    public var codec: String
    public var container: String
    /// Target bitrate in bits per second (nil for lossless).
    public var bitrate: Int?
    /// Video frames in the file.
    public var frames: Int64
    /// Frames ÷ frame rate, in seconds.
    public var durationSeconds: Double
    /// File size in bytes.
    public var bytes: Int64

    public init(
      file: String, width: Int, height: Int, codec: String, container: String, bitrate: Int?,
      frames: Int64, durationSeconds: Double, bytes: Int64
    ) {
      self.file = file
      self.width = width
      self.height = height
      self.codec = codec
      self.container = container
      self.bitrate = bitrate
      self.frames = frames
      self.durationSeconds = durationSeconds
      self.bytes = bytes
    }
  }

  /// The presentation clock's account of the take.
  public struct SyncRecord: Sendable, Codable, Equatable {
    /// The capture time output frame 0 stands for, CLOCK_MONOTONIC in ns (the clock of V4L2
    /// buffer timestamps and of the synthetic stamps).
    public var clockOriginNanoseconds: Int64
    /// Output frames (slots) in each file.
    public var frames: Int64
    /// Output frame rate, frames per second.
    public var frameRate: Double
    /// The exact rate as numerator/denominator.
    public var frameRateFraction: String
    /// frames ÷ frame rate.
    public var durationSeconds: Double
    /// Wall-clock time from start to stop, pauses included.
    public var wallSeconds: Double
    /// Total time paused.
    public var pausedSeconds: Double
    /// Mean |front − back| capture-time difference of paired frames, ms.
    public var skewMeanMilliseconds: Double
    /// Largest |front − back| capture-time difference, ms.
    public var skewMaxMilliseconds: Double
    /// Output frames written as a repeat of the previous pair because the encoders had fallen
    /// behind real time (the machine could not keep up with these settings).
    public var repeatedForEncoderLag: Int64
    /// Of `repeatedForEncoderLag`, the slots held rather than written: no file has a frame for
    /// them, and the frame before lasts longer (a gap in the timestamps). Each file therefore
    /// holds `frames − heldForEncoderLag` frames over `durationSeconds`. Absent in takes
    /// recorded before the backlog was bounded (read as 0).
    public var heldForEncoderLag: Int64?
    /// Frames in the front file that repeat the frame before them, whatever the reason (the
    /// camera was slower than the clock, or encoder lag): what a viewer of the file sees.
    public var frontRepeatsWritten: Int64
    /// The same for the back file.
    public var backRepeatsWritten: Int64
    /// Front camera counters.
    public var front: CameraSyncCounters
    /// Back camera counters.
    public var back: CameraSyncCounters

    public init(
      clockOriginNanoseconds: Int64, frames: Int64, frameRate: Double, frameRateFraction: String,
      durationSeconds: Double,
      wallSeconds: Double, pausedSeconds: Double, skewMeanMilliseconds: Double,
      skewMaxMilliseconds: Double, repeatedForEncoderLag: Int64, frontRepeatsWritten: Int64,
      backRepeatsWritten: Int64, front: CameraSyncCounters, back: CameraSyncCounters
    ) {
      self.frontRepeatsWritten = frontRepeatsWritten
      self.backRepeatsWritten = backRepeatsWritten
      self.repeatedForEncoderLag = repeatedForEncoderLag
      self.clockOriginNanoseconds = clockOriginNanoseconds
      self.frames = frames
      self.frameRate = frameRate
      self.frameRateFraction = frameRateFraction
      self.durationSeconds = durationSeconds
      self.wallSeconds = wallSeconds
      self.pausedSeconds = pausedSeconds
      self.skewMeanMilliseconds = skewMeanMilliseconds
      self.skewMaxMilliseconds = skewMaxMilliseconds
      self.front = front
      self.back = back
    }
  }

  /// A layout change during a take.
  public struct LayoutChangeRecord: Sendable, Codable, Equatable {
    /// The first dual-view frame drawn with the new layout.
    public var atFrame: Int64
    /// The layout from that frame on.
    public var layout: LayoutSettings

    public init(atFrame: Int64, layout: LayoutSettings) {
      self.atFrame = atFrame
      self.layout = layout
    }
  }

  /// One pause.
  public struct PauseRecord: Sendable, Codable, Equatable {
    /// Seconds from the start of the recording (wall clock) to the pause.
    public var startSeconds: Double
    /// Seconds from the start of the recording to the resume (nil if stopped while paused).
    public var endSeconds: Double?
    /// The first output frame after the resume (= frames recorded before the pause).
    public var atFrame: Int64

    public init(startSeconds: Double, endSeconds: Double?, atFrame: Int64) {
      self.startSeconds = startSeconds
      self.endSeconds = endSeconds
      self.atFrame = atFrame
    }
  }

  public init(
    status: Status, app: AppInfo, host: HostInfo, startedAt: String, endedAt: String,
    settings: RecordingSettings, sources: [String: SourceRecord], outputs: [String: OutputRecord],
    sync: SyncRecord, pauses: [PauseRecord], errors: [String]
  ) {
    self.status = status
    self.app = app
    self.host = host
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.settings = settings
    self.sources = sources
    self.outputs = outputs
    self.sync = sync
    self.pauses = pauses
    self.errors = errors
  }
}
