import DualCamCore
import Foundation
import Session

/// Prints what a finished take contains: a short summary, or its metadata as JSON.
enum ResultPrinter {
  static func print(_ result: TakeResult, json: Bool) {
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.keyEncodingStrategy = .convertToSnakeCase
      if let data = try? encoder.encode(result.metadata) {
        FileHandle.standardOutput.write(data + Data("\n".utf8))
      }
      return
    }
    let metadata = result.metadata
    let sync = metadata.sync
    var lines = [
      "saved \(result.folder.path)",
      String(
        format: "  %lld frames, %.2f s at %@ fps (%.2f s paused)", sync.frames,
        sync.durationSeconds,
        sync.frameRateFraction, sync.pausedSeconds)
        + (sync.held > 0
          ? "; each file holds \(sync.framesInEachFile) frames, \(sync.held) frame times held"
          : ""),
    ]
    for name in ["dualview", "front", "back"] {
      guard let output = metadata.outputs[name] else { continue }
      lines.append(
        "  \(output.file)  \(output.width)x\(output.height)  \(output.frames) frames  "
          + Console.bytes(output.bytes))
    }
    lines.append(
      "  drops front \(sync.front.droppedTotal), back \(sync.back.droppedTotal); duplicates front "
        + "\(sync.front.duplicates), back \(sync.back.duplicates); "
        + String(
          format: "skew mean %.2f ms, max %.2f ms", sync.skewMeanMilliseconds,
          sync.skewMaxMilliseconds))
    if let lag = sync.encoderLagDescription {
      lines.append(
        "  warning: the encoders could not keep up: \(lag); use a lower --fps or a smaller "
          + "--size (or a faster --preset than the one chosen)")
    }
    lines.append(Self.sound(metadata.audio))
    if let second = metadata.audio2 { lines.append(Self.sound(second)) }
    for error in metadata.errors { lines.append("  note: \(error)") }
    Swift.print(lines.map(\.escapingControlCharacters).joined(separator: "\n"))
  }

  /// The take's sound in one line, or that it has none.
  static func sound(_ audio: TakeMetadata.AudioRecord?) -> String {
    guard let audio else { return "  sound: none" }
    let rate = audio.bitrate.map { " \($0 / 1_000) kbps" } ?? ""
    let mixed = audio.arrangement == "mix" ? " (mix)" : ""
    let track = audio.track.map { " track \($0)\(mixed)," } ?? ""
    return
      "  sound:\(track) \(audio.label) (\(audio.device)), \(audio.codec) \(audio.sampleRate) Hz "
      + "\(audio.channels) ch\(rate), "
      + String(
        format: "%.2f s; xruns %ld, gaps %ld, silence %lld frames, drift %+.1f ppm, "
          + "offset mean %.2f ms, max %.2f ms", audio.durationSeconds, audio.xruns, audio.gaps,
        audio.silenceFrames, audio.driftPpm, audio.offsetMeanMilliseconds,
        audio.offsetMaxMilliseconds)
      + ((audio.mutedFrames ?? 0) > 0 ? ", muted \(audio.mutedFrames ?? 0) frames" : "")
      + (audio.note.map { "\n  note: \($0)" } ?? "")
  }
}
