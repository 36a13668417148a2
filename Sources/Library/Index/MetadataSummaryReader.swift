import DualCamCore
import Foundation

/// Reads the card facts out of a `metadata.json`, tolerating missing keys and values of an
/// unexpected type; refuses only what is not JSON or not a DualCam take.
///
/// Decodes only the keys a card needs, each on its own (a wrong type empties that fact, not the
/// card), with `JSONDecoder`: listing thousands of takes reads thousands of these files, and
/// building the whole `TakeMetadata` or a `JSONSerialization` tree costs several times more.
enum MetadataSummaryReader {
  /// The schema family this library understands (`dualcam.take/1`, and later `/1.x` keys).
  static let schemaPrefix = "dualcam.take/1"

  /// The summary, or a reason in words why the file is not a take's metadata.
  static func summary(from data: Data) -> Result<TakeSummary, MetadataProblem> {
    guard !data.isEmpty else { return .failure(.init("metadata.json is empty")) }
    let loose: LooseMetadata
    do {
      loose = try JSONDecoder().decode(LooseMetadata.self, from: data)
    } catch DecodingError.typeMismatch {
      return .failure(.init("metadata.json is not a JSON object"))
    } catch {
      return .failure(.init("metadata.json is not valid JSON (truncated or corrupt)"))
    }
    guard let schema = loose.schema else {
      return .failure(.init("metadata.json has no \"schema\": not a DualCam take"))
    }
    guard schema == schemaPrefix || schema.hasPrefix(schemaPrefix + ".") else {
      return .failure(.init("metadata.json has schema \"\(schema)\", not \(schemaPrefix)"))
    }
    return .success(loose.summary(schema: schema))
  }
}

/// Why a `metadata.json` was not understood, in words for the user.
struct MetadataProblem: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

// MARK: - Lenient decoding

/// Reads one key of a keyed container, nil when it is absent or of another type.
private struct Lenient<Key: CodingKey> {
  let container: KeyedDecodingContainer<Key>

  func value<Value: Decodable>(_ key: Key, as type: Value.Type = Value.self) -> Value? {
    (try? container.decodeIfPresent(Value.self, forKey: key)) ?? nil
  }

  func integer(_ key: Key) -> Int64? {
    value(key, as: Double.self).flatMap { $0.isFinite ? Int64(exactly: $0.rounded()) : nil }
  }
}

/// Anything at all, counted but not read (the elements of `pauses`).
private struct Ignored: Decodable {
  init(from decoder: any Decoder) throws {}
}

private struct LooseOutput: Decodable {
  var file: String?
  var width: Int64?
  var height: Int64?
  var codec: String?
  var container: String?
  var frames: Int64?
  var durationSeconds: Double?

  enum CodingKeys: String, CodingKey {
    case file, width, height, codec, container, frames
    case durationSeconds = "duration_seconds"
  }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    file = read.value(.file)
    width = read.integer(.width)
    height = read.integer(.height)
    codec = read.value(.codec)
    container = read.value(.container)
    frames = read.integer(.frames)
    durationSeconds = read.value(.durationSeconds)
  }

  var size: ImageSize? {
    guard let width, let height else { return nil }
    return ImageSize(width: Int(width), height: Int(height))
  }
}

private struct LooseCounters: Decodable {
  var droppedBySource: Int64
  var droppedOverflow: Int64
  var missingSlots: Int64

  enum CodingKeys: String, CodingKey {
    case droppedBySource = "dropped_by_source"
    case droppedOverflow = "dropped_overflow"
    case missingSlots = "missing_slots"
  }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    droppedBySource = read.integer(.droppedBySource) ?? 0
    droppedOverflow = read.integer(.droppedOverflow) ?? 0
    missingSlots = read.integer(.missingSlots) ?? 0
  }
}

private struct LooseSync: Decodable {
  var frames: Int64?
  var frameRate: Double?
  var durationSeconds: Double?
  var repeats: Int64
  var front: LooseCounters?
  var back: LooseCounters?

  enum CodingKeys: String, CodingKey {
    case frames, front, back
    case frameRate = "frame_rate"
    case durationSeconds = "duration_seconds"
    case frontRepeats = "front_repeats_written"
    case backRepeats = "back_repeats_written"
  }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    frames = read.integer(.frames)
    frameRate = read.value(.frameRate)
    durationSeconds = read.value(.durationSeconds)
    repeats = (read.integer(.frontRepeats) ?? 0) + (read.integer(.backRepeats) ?? 0)
    front = read.value(.front)
    back = read.value(.back)
  }
}

private struct LooseLabel: Decodable {
  var label: String?
  var hostname: String?

  enum CodingKeys: String, CodingKey { case label, hostname }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    label = read.value(.label)
    hostname = read.value(.hostname)
  }
}

/// The three outputs (or the two sources) by name: a struct, not a dictionary, so only these
/// keys are decoded.
private struct LooseTriple<Value: Decodable>: Decodable {
  var dualview: Value?
  var front: Value?
  var back: Value?

  enum CodingKeys: String, CodingKey { case dualview, front, back }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    dualview = read.value(.dualview)
    front = read.value(.front)
    back = read.value(.back)
  }

  subscript(name: String) -> Value? {
    switch name {
    case "dualview": dualview
    case "front": front
    case "back": back
    default: nil
    }
  }
}

private struct LooseMetadata: Decodable {
  var schema: String?
  var status: String?
  var startedAt: String?
  var endedAt: String?
  var outputs: LooseTriple<LooseOutput>?
  var sync: LooseSync?
  var sources: LooseTriple<LooseLabel>?
  var host: LooseLabel?
  var pauses: [Ignored]?
  var errors: [String]?
  var notes: String?
  var tags: [String]?

  enum CodingKeys: String, CodingKey {
    case schema, status, outputs, sync, sources, host, pauses, errors, notes, tags
    case startedAt = "started_at"
    case endedAt = "ended_at"
  }

  init(from decoder: any Decoder) throws {
    let read = Lenient(container: try decoder.container(keyedBy: CodingKeys.self))
    schema = read.value(.schema)
    status = read.value(.status)
    startedAt = read.value(.startedAt)
    endedAt = read.value(.endedAt)
    outputs = read.value(.outputs)
    sync = read.value(.sync)
    sources = read.value(.sources)
    host = read.value(.host)
    pauses = read.value(.pauses)
    errors = read.value(.errors)
    notes = read.value(.notes)
    tags = read.value(.tags)
  }

  func summary(schema: String) -> TakeSummary {
    var summary = TakeSummary(schema: schema, status: status ?? "unknown")
    summary.startedAt = startedAt.flatMap(TakeName.date(fromTimestamp:))
    summary.endedAt = endedAt.flatMap(TakeName.date(fromTimestamp:))
    for name in TakeName.outputs {
      if let file = outputs?[name]?.file { summary.outputFiles[name] = file }
    }
    let dualview = outputs?.dualview
    summary.resolution = dualview?.size
    summary.cameraResolution = outputs?.front?.size
    summary.codec = dualview?.codec
    summary.container = dualview?.container
    summary.frames = sync?.frames ?? dualview?.frames ?? 0
    summary.frameRate = sync?.frameRate ?? 0
    summary.durationSeconds = sync?.durationSeconds ?? dualview?.durationSeconds ?? 0
    summary.repeatedFrames = sync?.repeats ?? 0
    for counters in [sync?.front, sync?.back].compactMap({ $0 }) {
      summary.droppedFrames += counters.droppedBySource + counters.droppedOverflow
      summary.missingSlots += counters.missingSlots
    }
    summary.frontDevice = sources?.front?.label
    summary.backDevice = sources?.back?.label
    summary.hostname = host?.hostname
    summary.pauseCount = pauses?.count ?? 0
    let errors = errors ?? []
    summary.lostSignalEvents = errors.filter { $0.contains(": signal lost") }.count
    summary.errorCount = errors.filter { !Self.isSourceEvent($0) }.count
    summary.notes = notes
    summary.tags = tags ?? []
    return summary
  }

  /// `"at 12.4 s: front camera: signal lost (…)"` and `"…: signal restored"` are events, not
  /// errors (Documentation/METADATA.md, errors).
  private static func isSourceEvent(_ text: String) -> Bool {
    text.hasPrefix("at ") && (text.contains(": signal lost") || text.contains(": signal restored"))
  }
}
