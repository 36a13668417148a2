import DualCamCore
import Foundation
import Library

/// `dualcam show`'s text: a take's metadata in sections, for people.
struct TakeReport {
  var entry: TakeEntry
  /// The whole metadata, when it decodes; else only the card's facts are shown.
  var metadata: TakeMetadata?

  var text: String {
    var lines: [String] = []
    // Every value may come from a take folder anyone could have made: it reaches the terminal
    // with its control characters (and direction overrides) written out, never obeyed; a
    // value's own line breaks continue under the value, so no row is broken.
    func line(_ label: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      let shown = value.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0).escapingControlCharacters }
        .joined(separator: "\n" + String(repeating: " ", count: 18))
      lines.append(label.padding(toLength: 18, withPad: " ", startingAt: 0) + shown)
    }
    let summary = entry.summary
    line("Take", entry.name)
    line("Folder", entry.folder.path)
    line("State", state + (summary.map { " (\($0.status))" } ?? ""))
    line("Unreadable", entry.unreadableReason)
    line("Started", TakeListing.localTime(entry.date))
    line("Ended", summary?.endedAt.map(TakeListing.localTime))
    if let summary {
      line(
        "Length",
        "\(Console.clock(summary.durationSeconds)) (\(summary.frames) frames at "
          + "\(format(summary.frameRate)) fps)")
    }
    line("Size on disk", Console.bytes(entry.bytesOnDisk))
    line("Flags", TakeListing.flags(entry).joined(separator: ", "))
    line("Notes", summary?.notes)
    line("Tags", summary?.tags.joined(separator: ", "))
    guard let metadata else {
      line("Front", summary?.frontDevice)
      line("Back", summary?.backDevice)
      return lines.joined(separator: "\n")
    }
    line("Recorded by", "\(metadata.app.name) \(metadata.app.version) on \(metadata.host.hostname)")

    lines.append("\nFiles")
    for name in TakeName.outputs {
      guard let output = metadata.outputs[name] else { continue }
      let bitrate = output.bitrate.map { ", \(format(Double($0) / 1e6)) Mbit/s" } ?? ""
      line(
        "  " + name,
        "\(output.file)  \(output.width)x\(output.height) \(output.codec)/\(output.container)"
          + "\(bitrate), \(output.frames) frames, \(Console.bytes(output.bytes))")
    }

    lines.append("\nSources")
    for position in ["front", "back"] {
      guard let source = metadata.sources[position] else { continue }
      line("  " + position, "\(source.label) (\(source.kind), \(source.identity))")
      line(
        "",
        "\(source.width)x\(source.height) at \(format(source.frameRate)) fps, "
          + "\(source.nativeFormat), \(source.framesDelivered) frames delivered")
    }

    lines.append("\nSettings")
    let settings = metadata.settings
    line("  codec", settings.codec.rawValue + (settings.preset.map { ", preset \($0)" } ?? ""))
    line("  container", settings.container.rawValue)
    line("  bitrate", "\(settings.bitrate)")
    line("  size", settings.size.description)
    line(
      "  frame rate",
      "\(settings.frameRate.numerator)/\(settings.frameRate.denominator)")

    let sync = metadata.sync
    lines.append("\nSync")
    line(
      "  skew",
      "mean \(format(sync.skewMeanMilliseconds)) ms, max \(format(sync.skewMaxMilliseconds)) ms")
    line(
      "  repeats written",
      "front \(sync.frontRepeatsWritten), back \(sync.backRepeatsWritten)"
        + " (encoder lag \(sync.repeatedForEncoderLag))")
    if let lag = sync.encoderLagDescription { line("  encoder lag", lag) }
    line("  paused", "\(format(sync.pausedSeconds)) s in \(metadata.pauses.count) pause(s)")
    for (name, counters) in [("front", sync.front), ("back", sync.back)] {
      line(
        "  " + name,
        "used \(counters.framesUsed), duplicates \(counters.duplicates), "
          + "missing \(counters.missingSlots), dropped by source \(counters.droppedBySource), "
          + "overflow \(counters.droppedOverflow), unused \(counters.droppedUnused)")
    }
    for pause in metadata.pauses {
      let end = pause.endSeconds.map { format($0) + " s" } ?? "the stop"
      line("  pause", "\(format(pause.startSeconds)) s to \(end), at frame \(pause.atFrame)")
    }
    if !metadata.errors.isEmpty {
      lines.append("\nNotes from recording")
      for error in metadata.errors { lines.append("  " + error.escapingControlCharacters) }
    }
    return lines.joined(separator: "\n")
  }

  private var state: String {
    switch entry.state {
    case .finished: "finished"
    case .interrupted: "interrupted (finish it with dualcam recover)"
    case .recording: "being recorded"
    }
  }

  private func format(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
