import DualCamCore
import Foundation
import Library

/// How `dualcam list` prints takes.
enum TakeListing {
  /// The flags of a take, in words (`drops`, `interrupted`, …).
  static func flags(_ entry: TakeEntry) -> [String] {
    let badges = entry.badges
    var words: [String] = []
    if entry.state == .recording { words.append("recording") }
    if entry.state == .interrupted { words.append("interrupted") }
    if badges.contains(.unreadable) { words.append("unreadable") }
    if badges.contains(.drops) { words.append("drops") }
    if badges.contains(.repeats) { words.append("repeats") }
    if badges.contains(.lostSignal) { words.append("lost-signal") }
    if badges.contains(.paused) { words.append("paused") }
    if badges.contains(.errors) { words.append("errors") }
    return words
  }

  /// Local `2026-11-23 14:02:07`.
  static func localTime(_ date: Date?) -> String {
    guard let date else { return "-" }
    let time = Calendar.current.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d:%02d", time.year ?? 0, time.month ?? 0, time.day ?? 0,
      time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
  }

  /// An aligned table, one take a line; an unreadable take's reason follows its flags.
  static func table(_ entries: [TakeEntry]) -> String {
    let header = ["NAME", "STARTED", "LENGTH", "RESOLUTION", "SIZE", "CODEC", "FLAGS"]
    let rows = entries.map { entry -> [String] in
      let summary = entry.summary
      var flags = flags(entry).joined(separator: ",")
      if let reason = entry.unreadableReason { flags += " (\(reason))" }
      // Names, codecs and reasons come from the take's folder: escaped, never obeyed.
      return [
        entry.name, localTime(entry.date),
        summary.map { Console.clock($0.durationSeconds) } ?? "-",
        summary?.resolution?.description ?? "-", Console.bytes(entry.bytesOnDisk),
        summary?.codec ?? "-", flags.isEmpty ? "-" : flags,
      ].map(\.escapingControlCharacters)
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    return ([header] + rows).map { row in
      row.indices.map { column in
        column == row.count - 1
          ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// One take in `dualcam list --json`.
  struct Item: Encodable {
    var name: String
    var path: String
    var state: String
    var status: String?
    var startedAt: String?
    var durationSeconds: Double?
    var frames: Int64?
    var resolution: String?
    var cameraResolution: String?
    var bytes: Int64
    var codec: String?
    var container: String?
    var droppedFrames: Int64?
    var repeatedFrames: Int64?
    var lostSignalEvents: Int?
    var pauses: Int?
    var flags: [String]
    var notes: String?
    var tags: [String]?
    var frontDevice: String?
    var backDevice: String?
    var unreadableReason: String?
  }

  /// The takes as a JSON array.
  static func json(_ entries: [TakeEntry]) -> String {
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let items = entries.map { entry in
      let summary = entry.summary
      let state: String =
        switch entry.state {
        case .finished: "finished"
        case .interrupted: "interrupted"
        case .recording: "recording"
        }
      return Item(
        name: entry.name, path: entry.folder.path, state: state, status: summary?.status,
        startedAt: entry.date.map(iso.string(from:)), durationSeconds: summary?.durationSeconds,
        frames: summary?.frames, resolution: summary?.resolution?.description,
        cameraResolution: summary?.cameraResolution?.description, bytes: entry.bytesOnDisk,
        codec: summary?.codec, container: summary?.container,
        droppedFrames: summary?.droppedFrames, repeatedFrames: summary?.repeatedFrames,
        lostSignalEvents: summary?.lostSignalEvents, pauses: summary?.pauseCount,
        flags: flags(entry), notes: summary?.notes, tags: summary?.tags,
        frontDevice: summary?.frontDevice, backDevice: summary?.backDevice,
        unreadableReason: entry.unreadableReason)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let data = (try? encoder.encode(items)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
