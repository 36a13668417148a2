import DualCamCore
import Foundation

/// Reads the card facts out of a `metadata.json`, tolerating missing keys and values of an
/// unexpected type (that fact stays empty, the rest of the card is read); refuses only what is
/// not JSON or not a DualCam take.
///
/// Picks the few dozen values a card needs out of the text with `JSONScanner` rather than
/// decoding the file: a first listing reads thousands of these.
enum MetadataSummaryReader {
  /// The schema family this library understands (`dualcam.take/1`, and later `/1.x` keys).
  static let schemaPrefix = "dualcam.take/1"

  /// The summary, or a reason in words why the file is not a take's metadata.
  static func summary(from data: Data) -> Result<TakeSummary, MetadataProblem> {
    let json = JSONScanner(bytes: [UInt8](data))
    let start = JSONScanner.skipSpace(json.bytes, from: 0)
    guard start < json.bytes.count else { return .failure(.init("metadata.json is empty")) }
    guard let root = json.rootMembers() else {
      let isOtherValue =
        json.bytes[start] != UInt8(ascii: "{")
        && JSONScanner.endOfValue(json.bytes, from: start).map {
          JSONScanner.skipSpace(json.bytes, from: $0) == json.bytes.count
        } == true
      return .failure(
        .init(
          isOtherValue
            ? "metadata.json is not a JSON object"
            : "metadata.json is not valid JSON (truncated or corrupt)"))
    }
    let read = Fields(json: json, members: root)
    guard let schema = read.string("schema") else {
      return .failure(.init("metadata.json has no \"schema\": not a DualCam take"))
    }
    guard schema == schemaPrefix || schema.hasPrefix(schemaPrefix + ".") else {
      return .failure(.init("metadata.json has schema \"\(schema)\", not \(schemaPrefix)"))
    }
    return .success(summary(read, schema: schema))
  }

  private static func summary(_ root: Fields, schema: String) -> TakeSummary {
    var summary = TakeSummary(schema: schema, status: root.string("status") ?? "unknown")
    summary.startedAt = root.string("started_at").flatMap(TakeName.date(fromTimestamp:))
    summary.endedAt = root.string("ended_at").flatMap(TakeName.date(fromTimestamp:))
    let outputs = root.object("outputs")
    for name in TakeName.outputs {
      if let file = outputs?.object(name)?.string("file") { summary.outputFiles[name] = file }
    }
    let dualview = outputs?.object("dualview")
    summary.resolution = dualview?.size
    summary.cameraResolution = outputs?.object("front")?.size
    summary.codec = dualview?.string("codec")
    summary.container = dualview?.string("container")
    let sync = root.object("sync")
    summary.frames = sync?.integer("frames") ?? dualview?.integer("frames") ?? 0
    summary.frameRate = sync?.number("frame_rate") ?? 0
    summary.durationSeconds =
      sync?.number("duration_seconds") ?? dualview?.number("duration_seconds") ?? 0
    summary.repeatedFrames =
      (sync?.integer("front_repeats_written") ?? 0) + (sync?.integer("back_repeats_written") ?? 0)
    for camera in ["front", "back"] {
      guard let counters = sync?.object(camera) else { continue }
      summary.droppedFrames +=
        (counters.integer("dropped_by_source") ?? 0) + (counters.integer("dropped_overflow") ?? 0)
      summary.missingSlots += counters.integer("missing_slots") ?? 0
    }
    let sources = root.object("sources")
    summary.frontDevice = sources?.object("front")?.string("label")
    summary.backDevice = sources?.object("back")?.string("label")
    summary.hostname = root.object("host")?.string("hostname")
    summary.pauseCount = root.array("pauses")?.count ?? 0
    let errors = root.strings("errors")
    summary.lostSignalEvents = errors.filter { $0.contains(": signal lost") }.count
    summary.errorCount = errors.filter { !isSourceEvent($0) }.count
    summary.notes = root.string("notes")
    summary.tags = root.strings("tags")
    return summary
  }

  /// `"at 12.4 s: front camera: signal lost (…)"` and `"…: signal restored"` are events, not
  /// errors (Documentation/METADATA.md, errors).
  private static func isSourceEvent(_ text: String) -> Bool {
    text.hasPrefix("at ") && (text.contains(": signal lost") || text.contains(": signal restored"))
  }
}

/// Why a `metadata.json` was not understood, in words for the user.
struct MetadataProblem: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// One object's members, read by key; a missing key or a value of another type reads as nil.
private struct Fields {
  let json: JSONScanner
  let members: [String: Range<Int>]

  func string(_ key: String) -> String? { members[key].flatMap(json.string) }

  func number(_ key: String) -> Double? { members[key].flatMap(json.number) }

  func integer(_ key: String) -> Int64? {
    number(key).flatMap { $0.isFinite ? Int64(exactly: $0.rounded()) : nil }
  }

  func object(_ key: String) -> Fields? {
    guard let range = members[key], let inner = json.members(of: range) else { return nil }
    return Fields(json: json, members: inner)
  }

  func array(_ key: String) -> [Range<Int>]? { members[key].flatMap(json.elements) }

  /// The strings of an array (other elements passed over); empty when there is none.
  func strings(_ key: String) -> [String] { (array(key) ?? []).compactMap(json.string) }

  var size: ImageSize? {
    guard let width = integer("width"), let height = integer("height"),
      let size = Int(exactly: width).flatMap({ w in Int(exactly: height).map { (w, $0) } })
    else { return nil }
    return ImageSize(width: size.0, height: size.1)
  }
}
