import DualCamCore
import Foundation
import Session

/// The live line while recording: elapsed time, frames, rate, drops and duplicates, the size
/// of each output and the recording time left on the disk. Redrawn in place on a terminal; one line every five seconds otherwise
/// (logs of headless rigs stay readable).
final class ProgressLine {
  private let enabled: Bool
  private var lastFrames: Int64 = 0
  private var lastTime = Date()
  private var lastPrinted = Date.distantPast
  private var rate = 0.0
  private var drewInPlace = false

  init(enabled: Bool) { self.enabled = enabled }

  func update(
    _ snapshot: SessionSnapshot, estimate: DiskTimeEstimate, live: LiveCostMeter.Reading? = nil
  ) {
    guard enabled else { return }
    let now = Date()
    let interval = now.timeIntervalSince(lastTime)
    if interval >= 0.5 {
      rate = Double(snapshot.recordedFrames - lastFrames) / interval
      lastFrames = snapshot.recordedFrames
      lastTime = now
    }
    let interactive = Console.isInteractive
    guard
      interactive
        ? now.timeIntervalSince(lastPrinted) >= 0.25 : now.timeIntervalSince(lastPrinted) >= 5
    else { return }
    lastPrinted = now
    let state = snapshot.state == .paused ? "PAUSED" : "REC"
    let outputs = snapshot.outputs.map { "\($0.name) \(Console.bytes($0.bytes))" }.joined(
      separator: "  ")
    let line =
      "\(state) \(Console.clock(snapshot.recordedSeconds))  frames \(snapshot.recordedFrames)  "
      + String(format: "%.1f fps", rate)
      + "  drops \(snapshot.front.dropped)/\(snapshot.back.dropped)"
      + "  dups \(snapshot.front.duplicates)/\(snapshot.back.duplicates)"
      + (snapshot.lagRepeats > 0 ? "  ENCODER LAG \(snapshot.lagRepeats)" : "")
      + Self.cost(live) + "  \(outputs)"
      + Self.sound(snapshot.audio)
      + diskLeft(snapshot, estimate)
    if interactive {
      Console.writeError("\r\u{1B}[2K" + line)
      drewInPlace = true
    } else {
      Console.writeError(line + "\n")
    }
  }

  /// The sound part: seconds written, xruns and gaps, drift; NO SOUND while the device is lost.
  static func sound(_ audio: SessionSnapshot.AudioStatus?) -> String {
    guard let audio else { return "" }
    let lost = audio.signalLost ? " NO SOUND" : ""
    return String(
      format: "  sound %.1f s xruns %ld gaps %ld drift %+.0f ppm", audio.writtenSeconds,
      audio.xruns,
      audio.gaps, audio.driftPPM) + lost
  }

  /// "  disk ~1h05m left" where the take's file system and the rate are known.
  private func diskLeft(_ snapshot: SessionSnapshot, _ estimate: DiskTimeEstimate) -> String {
    guard let folder = snapshot.takeFolder,
      let free = DiskTimeEstimate.freeBytes(at: folder.path),
      let seconds = estimate.secondsLeft(freeBytes: free)
    else { return "" }
    return "  disk ~\(Console.clock(seconds)) left"
  }

  /// A line of its own (a warning) without breaking the redrawn progress line.
  func note(_ text: String) {
    if drewInPlace {
      Console.writeError("\r\u{1B}[2K")
      drewInPlace = false
    }
    Console.status(text)
  }

  /// `  cpu 0.42  disk 1.2 MB/s`: the live cost over the last seconds.
  private static func cost(_ live: LiveCostMeter.Reading?) -> String {
    guard let live, let cpu = live.cpuCost else { return "" }
    let disk = live.diskBytesPerSecond.map { "  disk \(Console.bytes(Int64($0)))/s" } ?? ""
    // The largest live cost first: the one that decides whether the take keeps up.
    let largest = live.largest.map { String(format: "  cost %@ %.2f", $0.name, $0.cost) } ?? ""
    return largest + String(format: "  cpu %.2f", cpu) + disk
  }

  func finish() {
    if drewInPlace { Console.writeError("\n") }
  }
}
