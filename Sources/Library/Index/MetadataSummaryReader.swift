import DualCamCore
import Foundation

/// Reads the card facts out of a `metadata.json`, tolerating missing keys and values of an
/// unexpected type; refuses only what is not JSON or not a DualCam take.
enum MetadataSummaryReader {
  /// The schema family this library understands (`dualcam.take/1`, and later `/1.x` keys).
  static let schemaPrefix = "dualcam.take/1"

  /// The summary, or a reason in words why the file is not a take's metadata.
  static func summary(from data: Data) -> Result<TakeSummary, MetadataProblem> {
    guard !data.isEmpty else { return .failure(.init("metadata.json is empty")) }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      return .failure(.init("metadata.json is not valid JSON (truncated or corrupt)"))
    }
    guard let root = object as? [String: Any] else {
      return .failure(.init("metadata.json is not a JSON object"))
    }
    guard let schema = root["schema"] as? String else {
      return .failure(.init("metadata.json has no \"schema\": not a DualCam take"))
    }
    guard schema == schemaPrefix || schema.hasPrefix(schemaPrefix + ".") else {
      return .failure(.init("metadata.json has schema \"\(schema)\", not \(schemaPrefix)"))
    }
    return .success(summary(of: root, schema: schema))
  }

  private static func summary(of root: [String: Any], schema: String) -> TakeSummary {
    var summary = TakeSummary(schema: schema, status: string(root["status"]) ?? "unknown")
    summary.startedAt = string(root["started_at"]).flatMap(TakeName.date(fromTimestamp:))
    summary.endedAt = string(root["ended_at"]).flatMap(TakeName.date(fromTimestamp:))
    let outputs = root["outputs"] as? [String: Any] ?? [:]
    for name in TakeName.outputs {
      if let file = string((outputs[name] as? [String: Any])?["file"]) {
        summary.outputFiles[name] = file
      }
    }
    let dualview = outputs["dualview"] as? [String: Any] ?? [:]
    if let width = integer(dualview["width"]), let height = integer(dualview["height"]) {
      summary.resolution = ImageSize(width: Int(width), height: Int(height))
    }
    let front = outputs["front"] as? [String: Any] ?? [:]
    if let width = integer(front["width"]), let height = integer(front["height"]) {
      summary.cameraResolution = ImageSize(width: Int(width), height: Int(height))
    }
    summary.codec = string(dualview["codec"])
    summary.container = string(dualview["container"])
    let sync = root["sync"] as? [String: Any] ?? [:]
    summary.frames = integer(sync["frames"]) ?? integer(dualview["frames"]) ?? 0
    summary.frameRate = number(sync["frame_rate"]) ?? 0
    summary.durationSeconds =
      number(sync["duration_seconds"]) ?? number(dualview["duration_seconds"]) ?? 0
    summary.repeatedFrames =
      (integer(sync["front_repeats_written"]) ?? 0) + (integer(sync["back_repeats_written"]) ?? 0)
    for camera in ["front", "back"] {
      let counters = sync[camera] as? [String: Any] ?? [:]
      summary.droppedFrames +=
        (integer(counters["dropped_by_source"]) ?? 0) + (integer(counters["dropped_overflow"]) ?? 0)
      summary.missingSlots += integer(counters["missing_slots"]) ?? 0
    }
    let sources = root["sources"] as? [String: Any] ?? [:]
    summary.frontDevice = string((sources["front"] as? [String: Any])?["label"])
    summary.backDevice = string((sources["back"] as? [String: Any])?["label"])
    summary.pauseCount = (root["pauses"] as? [Any])?.count ?? 0
    let errors = (root["errors"] as? [Any] ?? []).compactMap(string)
    summary.lostSignalEvents = errors.filter { $0.contains(": signal lost") }.count
    summary.errorCount = errors.filter { !isSourceEvent($0) }.count
    summary.notes = string(root["notes"])
    summary.tags = (root["tags"] as? [Any] ?? []).compactMap(string)
    summary.hostname = string((root["host"] as? [String: Any])?["hostname"])
    return summary
  }

  /// `"at 12.4 s: front camera: signal lost (…)"` and `"…: signal restored"` are events, not
  /// errors (Documentation/METADATA.md, errors).
  private static func isSourceEvent(_ text: String) -> Bool {
    text.hasPrefix("at ") && (text.contains(": signal lost") || text.contains(": signal restored"))
  }

  private static func string(_ value: Any?) -> String? { value as? String }

  private static func number(_ value: Any?) -> Double? {
    guard let value = value as? NSNumber else { return nil }
    return value.doubleValue
  }

  private static func integer(_ value: Any?) -> Int64? {
    number(value).flatMap { $0.isFinite ? Int64(exactly: $0.rounded()) : nil }
  }
}

/// Why a `metadata.json` was not understood, in words for the user.
struct MetadataProblem: Error, Equatable {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
