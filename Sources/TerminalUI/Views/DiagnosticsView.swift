import Budget
import DualCamCore
import Foundation
import Session

/// Every stage's counters in a panel at the preview's right edge.
enum DiagnosticsView {
  static let width = 40

  static func lines(_ state: AppState) -> [(String, Bool)] {
    var lines: [(String, Bool)] = []
    for camera in CameraPosition.allCases {
      let source = state.sources[camera]
      let counters = camera == .front ? state.session?.front : state.session?.back
      let rate = camera == .front ? state.measuredRates.front : state.measuredRates.back
      lines.append(("\(camera.description.uppercased()) \(source.label)", false))
      // What a device sends (for a USB camera, its traffic on the bus) while a take runs; a
      // file or test pattern sends nothing anywhere.
      let sent = (source.kind == .v4l2 ? state.liveCost?.cameraBytesPerSecond[camera] : nil)
        .map { ", \(Formatting.bytes(Int64($0)))/s" }
      lines.append(
        (
          "  \(source.kind) \(source.nativeFormat) \(source.size) @ \(source.frameRate)"
            + (sent ?? ""), false
        ))
      lines.append(
        ("  measured \(Formatting.rate(rate)) fps, delivered \(counters?.delivered ?? 0)", false))
      let dropped = counters?.dropped ?? 0
      lines.append(("  dropped \(dropped), repeated \(counters?.duplicates ?? 0)", dropped > 0))
      if let delay = counters?.maxArrivalDelay, delay > 0 {
        // Frames this late were waited for (up to four frame intervals) rather than lost.
        lines.append(("  arrived up to \(Int((delay * 1000).rounded())) ms late", false))
      }
      if counters?.signalLost == true { lines.append(("  NO SIGNAL", true)) }
    }
    if let session = state.session {
      lines.append(("TAKE", false))
      lines.append(
        (
          "  frames \(session.recordedFrames), \(Formatting.clock(seconds: session.recordedSeconds)) recorded",
          false
        ))
      lines.append(
        (
          "  wall \(Formatting.clock(seconds: session.wallSeconds)), paused \(Formatting.clock(seconds: session.pausedSeconds))",
          false
        ))
      lines.append(("  encoder-lag repeats \(session.lagRepeats)", session.lagRepeats > 0))
      for output in session.outputs { lines.append(outputLine(output, state: state)) }
    }
    lines += soundLines(state)
    lines += LiveCostView.diagnosticsLines(state)
    lines.append(("TERMINAL", false))
    lines.append(
      ("  \(state.width)×\(state.height), colours \(state.capabilities.colorDepth.rawValue)", false)
    )
    lines.append(
      (
        "  preview \(state.camera.previewMethod.rawValue), \(Formatting.rate(state.camera.previewRate)) fps",
        false
      ))
    if let latency = state.camera.previewLatency {
      lines.append(("  camera to screen \(Int(latency.rounded())) ms", false))
    }
    return lines
  }

  /// `  dualview 2490 fr 31 MB 15/33 ms q1`: an output's frames and bytes, its thread's time per
  /// frame over the last seconds against the frame interval (flagged when it cannot keep up),
  /// and the frames waiting in its queue.
  static func outputLine(_ output: SessionSnapshot.Output, state: AppState) -> (String, Bool) {
    var line = "  \(output.name) \(output.frames) fr \(Formatting.bytes(output.bytes))"
    let load = state.liveCost?.outputs.first { $0.name == output.name }
    if let load {
      line += String(format: " %.0f/%.0f ms", load.millisecondsPerFrame, load.intervalMilliseconds)
    }
    if output.queueCapacity > 0 { line += " q\(output.queued)" }
    return (line, (load?.cost ?? 0) > BudgetVerdict.overLimit)
  }

  /// The sound input's counters: from the input since the session opened, and the take's
  /// while one runs.
  static func soundLines(_ state: AppState) -> [(String, Bool)] {
    // Without sound the panel keeps its rows for the rest (it must fit 80×24).
    guard let input = state.session?.soundInput else { return [] }
    var lines: [(String, Bool)] = [("SOUND \(input.label)", false)]
    let format = input.format
    let muted = input.muted ? ", MUTED" : ""
    lines.append(("  \(format.sampleRate) Hz, \(format.channels) ch\(muted)", false))
    let troubled = input.xruns + input.gaps > 0
    let counters = "captured \(input.framesCaptured), xruns \(input.xruns), gaps \(input.gaps)"
    lines.append(("  " + counters, troubled))
    if let take = state.session?.audio {
      lines.append(
        (
          "  written \(take.framesWritten) (\(String(format: "%.1f", take.writtenSeconds)) s)",
          false
        ))
      lines.append(
        (
          String(
            format: "  drift %+.1f ppm, offset max %.1f ms", take.driftPPM,
            take.maxOffsetMilliseconds), false
        ))
      if take.mutedFrames > 0 { lines.append(("  muted frames \(take.mutedFrames)", false)) }
    }
    if input.signalLost { lines.append(("  SOUND LOST", true)) }
    return lines
  }

  static func draw(
    _ state: AppState, in area: ScreenRect, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let lines = lines(state)
    let box = ScreenRect(
      x: area.maxX - width, y: area.y, width: min(width, area.width),
      height: min(lines.count + 2, area.height))
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    buffer.drawBox(
      box, title: "Diagnostics (d)", style: panel.foreground(Palette.accent), glyphs: glyphs)
    for (offset, line) in lines.prefix(box.height - 2).enumerated() {
      let style =
        line.1
        ? panel.foreground(Palette.bad) : (line.0.hasPrefix(" ") ? panel : panel.adding(.bold))
      buffer.write(
        line.0, x: box.x + 1, y: box.y + 1 + offset, style: style, maxWidth: box.width - 2)
    }
  }
}
