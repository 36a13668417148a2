public import DualCamCore
import Foundation
public import Library

/// The whole metadata of a take as the gallery's side panel shows it: sections of labelled
/// values (the take, files, sources, settings, sync figures).
public enum TakeDetails {
  /// One section of the panel.
  public struct Section: Sendable, Equatable {
    /// Its title.
    public var title: String
    /// Labels and values.
    public var rows: [(label: String, value: String)]

    /// Creates a section.
    public init(title: String, rows: [(label: String, value: String)]) {
      self.title = title
      self.rows = rows
    }

    public static func == (lhs: Section, rhs: Section) -> Bool {
      lhs.title == rhs.title
        && lhs.rows.elementsEqual(rhs.rows) { $0.label == $1.label && $0.value == $1.value }
    }
  }

  /// The sections for `entry`, with its whole `metadata` when that could be read.
  public static func sections(_ entry: TakeEntry, metadata: TakeMetadata?) -> [Section] {
    var take: [(String, String)] = [("name", entry.name)]
    if let reason = entry.unreadableReason { take.append(("unreadable", reason)) }
    if let summary = entry.summary {
      take.append(("status", summary.status))
      take.append(
        (
          "length",
          "\(Formatting.clock(seconds: summary.durationSeconds)), \(summary.frames) frames"
        ))
      if let notes = summary.notes, !notes.isEmpty { take.append(("note", notes)) }
      if !summary.tags.isEmpty { take.append(("tags", summary.tags.joined(separator: ", "))) }
    }
    take.append(("on disk", Formatting.bytes(entry.bytesOnDisk)))
    take.append(("folder", entry.folder.path))
    var sections = [Section(title: "Take", rows: take)]
    guard let metadata else { return sections }

    var files: [(String, String)] = []
    for name in ["dualview", "front", "back"] {
      guard let output = metadata.outputs[name] else { continue }
      files.append(
        (
          name,
          "\(output.width)x\(output.height) \(output.codec)/\(output.container), "
            + "\(output.frames) fr, \(Formatting.bytes(output.bytes))"
        ))
    }
    sections.append(Section(title: "Files", rows: files))

    var sources: [(String, String)] = []
    for position in ["front", "back"] {
      guard let source = metadata.sources[position] else { continue }
      sources.append((position, source.label))
      sources.append(
        (
          "",
          "\(source.width)x\(source.height) @ \(number(source.frameRate)) fps \(source.nativeFormat)"
        ))
    }
    sections.append(Section(title: "Sources", rows: sources))
    sections.append(Section(title: "Sound", rows: soundRows(metadata)))

    let settings = metadata.settings
    sections.append(
      Section(
        title: "Settings",
        rows: [
          ("codec", settings.codec.rawValue + (settings.preset.map { " \($0)" } ?? "")),
          ("container", settings.container.rawValue), ("bitrate", "\(settings.bitrate)"),
          ("size", settings.size.description),
          ("rate", "\(settings.frameRate.numerator)/\(settings.frameRate.denominator)"),
        ]))

    let sync = metadata.sync
    var figures: [(String, String)] = [
      (
        "skew",
        "mean \(number(sync.skewMeanMilliseconds)) ms, max \(number(sync.skewMaxMilliseconds)) ms"
      ),
      ("paused", "\(number(sync.pausedSeconds)) s, \(metadata.pauses.count) pause(s)"),
      ("lag repeats", "\(sync.repeatedForEncoderLag)"),
    ]
    for (name, counters) in [("front", sync.front), ("back", sync.back)] {
      figures.append(
        (
          name,
          "dup \(counters.duplicates), missing \(counters.missingSlots), dropped "
            + "\(counters.droppedBySource + counters.droppedOverflow)"
        ))
    }
    sections.append(Section(title: "Sync", rows: figures))
    if !metadata.errors.isEmpty {
      sections.append(
        Section(title: "Notes from recording", rows: metadata.errors.map { ("", $0) }))
    }
    sections.append(
      Section(
        title: "Recorded by",
        rows: [
          ("app", "\(metadata.app.name) \(metadata.app.version)"), ("host", metadata.host.hostname),
        ]))
    return sections
  }

  /// Each sound input: what it was, how it was written, and where it went with two inputs.
  static func soundRows(_ metadata: TakeMetadata) -> [(label: String, value: String)] {
    let records = [metadata.audio, metadata.audio2].compactMap { $0 }
    guard !records.isEmpty else { return [("", "none: the take has no sound")] }
    var rows: [(String, String)] = []
    for record in records {
      let device =
        record.device.isEmpty || record.device == record.label ? "" : " (\(record.device))"
      rows.append(("input", record.label + device))
      let bitrate = record.bitrate.map { ", \($0 / 1000) kb/s" } ?? ""
      rows.append(("codec", record.codec + bitrate))
      rows.append(
        ("format", "\(number(Double(record.sampleRate) / 1000)) kHz, \(channels(record))"))
      if let track = record.track {
        let mixed = record.arrangement == "mix"
        rows.append(("track", mixed ? "\(track), mixed with the other input" : "\(track) of 2"))
      }
      if let note = record.note, !note.isEmpty { rows.append(("note", note)) }
    }
    return rows
  }

  /// `mono`, `stereo`, or the count.
  private static func channels(_ record: TakeMetadata.AudioRecord) -> String {
    switch record.channels {
    case 1: "mono"
    case 2: "stereo"
    default: "\(record.channels) channels"
    }
  }

  private static func number(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
