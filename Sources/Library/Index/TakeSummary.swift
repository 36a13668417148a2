public import DualCamCore
public import Foundation

/// The facts of a take a card, a sort, a filter or a search needs, read from `metadata.json`.
///
/// Read tolerantly: every key may be missing (an early checkpoint, a future version adding or
/// a user removing keys), and a missing key leaves its field empty rather than failing.
public struct TakeSummary: Sendable, Equatable {
  /// `dualcam.take/1`.
  public var schema: String
  /// `recording`, `complete`, `stopped_on_error`, `recovered`, or whatever a newer version wrote.
  public var status: String
  /// Wall-clock start.
  public var startedAt: Date?
  /// Wall-clock end.
  public var endedAt: Date?
  /// Length of the files, in seconds.
  public var durationSeconds: Double
  /// Output frames in each file.
  public var frames: Int64
  /// Output frame rate.
  public var frameRate: Double
  /// The dual view's size.
  public var resolution: ImageSize?
  /// The front camera file's size (what `--size` or the camera gave).
  public var cameraResolution: ImageSize?
  /// The dual view's codec (`h264`, …).
  public var codec: String?
  /// The container (`mov`, `mp4`, `mkv`).
  public var container: String?
  /// File name of each output (`dualview`, `front`, `back`) inside the take folder.
  public var outputFiles: [String: String]
  /// Frames lost by the sources or to a full buffer, both cameras.
  public var droppedFrames: Int64
  /// Frames written as repeats in the front and back files.
  public var repeatedFrames: Int64
  /// Times a camera lost its signal.
  public var lostSignalEvents: Int
  /// Output frames that had no picture from a camera (`NO SIGNAL`), both cameras.
  public var missingSlots: Int64
  /// Pauses.
  public var pauseCount: Int
  /// Output failures and recovery notes (not source events).
  public var errorCount: Int
  /// The user's note.
  public var notes: String?
  /// The user's tags.
  public var tags: [String]
  /// The front camera's label (`Logitech C920`, `Synthetic test pattern (front)`).
  public var frontDevice: String?
  /// The back camera's label.
  public var backDevice: String?
  /// The machine that recorded it.
  public var hostname: String?

  public init(
    schema: String = TakeMetadata.currentSchema, status: String = "complete",
    startedAt: Date? = nil, endedAt: Date? = nil, durationSeconds: Double = 0, frames: Int64 = 0,
    frameRate: Double = 0, resolution: ImageSize? = nil, cameraResolution: ImageSize? = nil,
    codec: String? = nil,
    container: String? = nil, outputFiles: [String: String] = [:], droppedFrames: Int64 = 0,
    repeatedFrames: Int64 = 0, lostSignalEvents: Int = 0, missingSlots: Int64 = 0,
    pauseCount: Int = 0, errorCount: Int = 0, notes: String? = nil, tags: [String] = [],
    frontDevice: String? = nil, backDevice: String? = nil, hostname: String? = nil
  ) {
    self.schema = schema
    self.status = status
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.durationSeconds = durationSeconds
    self.frames = frames
    self.frameRate = frameRate
    self.resolution = resolution
    self.cameraResolution = cameraResolution
    self.codec = codec
    self.container = container
    self.outputFiles = outputFiles
    self.droppedFrames = droppedFrames
    self.repeatedFrames = repeatedFrames
    self.lostSignalEvents = lostSignalEvents
    self.missingSlots = missingSlots
    self.pauseCount = pauseCount
    self.errorCount = errorCount
    self.notes = notes
    self.tags = tags
    self.frontDevice = frontDevice
    self.backDevice = backDevice
    self.hostname = hostname
  }

  /// The badges these facts earn.
  public var badges: TakeBadges {
    var badges: TakeBadges = []
    if droppedFrames > 0 { badges.insert(.drops) }
    if repeatedFrames > 0 { badges.insert(.repeats) }
    if lostSignalEvents > 0 || missingSlots > 0 { badges.insert(.lostSignal) }
    if pauseCount > 0 { badges.insert(.paused) }
    if errorCount > 0 || status == TakeMetadata.Status.stoppedOnError.rawValue {
      badges.insert(.errors)
    }
    return badges
  }
}
