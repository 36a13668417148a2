import DualCamCore
import Foundation

/// Writes take folders the way `dualcam record` leaves them (metadata encoded as Session's
/// `TakeMetadataBuilder` does, three small stand-in video files), for tests of the library.
enum TakeFactory {
  /// What a made-up take looks like.
  struct Options {
    var name = "2026-11-23_13-02-28"
    var startedAt = "2026-11-23T13:02:28.340Z"
    var seconds = 2.0
    var width = 320
    var height = 240
    var codec = "h264"
    var front = "Synthetic test pattern (front)"
    var back = "Synthetic test pattern (back)"
    var droppedBySource = 0
    var repeats: Int64 = 0
    var pauses = 0
    var errors: [String] = []
    var notes: String?
    var tags: [String]?
    var videoBytes = 1_000
    var partial = false
  }

  /// The metadata of such a take.
  static func metadata(_ options: Options) -> TakeMetadata {
    let frames = Int64(options.seconds * 30)
    var counters = CameraSyncCounters()
    counters.framesReceived = Int(frames)
    counters.framesUsed = Int(frames)
    var dropped = counters
    dropped.droppedBySource = options.droppedBySource
    func source(_ label: String, _ position: String) -> TakeMetadata.SourceRecord {
      TakeMetadata.SourceRecord(
        kind: "synthetic", label: label, identity: "synthetic:\(position)", width: options.width,
        height: options.height, frameRate: 30, nativeFormat: "I420", details: ["seed": "1"],
        framesDelivered: Int(frames) + 2, framesDroppedNoBuffer: 0, framesDroppedInbox: 0,
        sync: counters)
    }
    func output(_ name: String, height: Int) -> TakeMetadata.OutputRecord {
      TakeMetadata.OutputRecord(
        file: "\(name)_\(options.name).mov", width: options.width, height: height,
        codec: options.codec, container: "mov", bitrate: 230_400, frames: frames,
        durationSeconds: options.seconds, bytes: Int64(options.videoBytes))
    }
    let sync = TakeMetadata.SyncRecord(
      clockOriginNanoseconds: 26_886_988_066_828, frames: frames, frameRate: 30,
      frameRateFraction: "30", durationSeconds: options.seconds, wallSeconds: options.seconds,
      pausedSeconds: 0, skewMeanMilliseconds: 2.1, skewMaxMilliseconds: 2.1,
      repeatedForEncoderLag: 0, frontRepeatsWritten: options.repeats, backRepeatsWritten: 0,
      front: dropped, back: counters)
    var metadata = TakeMetadata(
      status: options.partial ? .recording : .complete,
      app: .init(name: "dualcam", version: "0.1.0"),
      host: .init(hostname: "vm", operatingSystem: "Debian", processorCount: 2),
      startedAt: options.startedAt, endedAt: options.startedAt, settings: RecordingSettings(),
      sources: ["front": source(options.front, "front"), "back": source(options.back, "back")],
      outputs: [
        "dualview": output("dualview", height: options.height * 2),
        "front": output("front", height: options.height),
        "back": output("back", height: options.height),
      ],
      sync: sync,
      pauses: (0..<options.pauses).map { _ in .init(startSeconds: 0.5, endSeconds: 1, atFrame: 15)
      },
      errors: options.errors)
    metadata.notes = options.notes
    metadata.tags = options.tags
    return metadata
  }

  /// `metadata.json`'s bytes as the recorder writes them.
  static func encode(_ metadata: TakeMetadata) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return try encoder.encode(metadata)
  }

  /// Makes the take folder in `root`; returns it.
  @discardableResult
  static func make(in root: URL, _ options: Options = Options()) throws -> URL {
    let folder = root.appendingPathComponent(
      options.name + (options.partial ? ".partial" : ""), isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for output in ["dualview", "front", "back"] {
      try Data(count: options.videoBytes).write(
        to: folder.appendingPathComponent("\(output)_\(options.name).mov"))
    }
    try encode(metadata(options)).write(to: folder.appendingPathComponent("metadata.json"))
    return folder
  }

  /// Options for a take started `minutes` after 2026-11-23 10:00 UTC, named after it.
  static func options(minutes: Int) -> Options {
    var options = Options()
    let hour = 10 + minutes / 60
    let minute = minutes % 60
    options.name = String(format: "2026-11-23_%02d-%02d-00", hour, minute)
    options.startedAt = String(format: "2026-11-23T%02d:%02d:00.000Z", hour, minute)
    return options
  }
}
