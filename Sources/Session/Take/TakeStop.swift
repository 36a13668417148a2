import DualCamCore
import Encoding
import Foundation
import Media

/// Why a take ended and what the user must be told about it beyond the outputs' own errors: a
/// stop for a full disk, and files left fragmented because there was no room to rewrite them.
struct TakeStop {
  /// Why the take ended.
  let reason: TakeMetadata.StopReason
  /// Lines for `metadata.json`'s `errors`.
  let notes: [String]
  /// The error `record` ends with once the take is saved (a stop for a full disk); nil if none.
  let problem: DualCamError?

  init(
    report: SlotScheduler.Report, endedByItself: Bool, lowSpace: DiskSpaceGuard.LowSpace?,
    finished: [TakeFinisher.Finished], frameRate: FrameRate, folder: URL
  ) {
    let failed = report.outputError != nil || finished.contains { $0.error != nil }
    var notes: [String] = []
    var problem: DualCamError?
    if failed {
      reason = .outputFailed
    } else if let lowSpace {
      reason = .diskFull
      let frames = report.statistics.slots
      let words = lowSpace.problem(
        frames: frames, seconds: Double(frames) / frameRate.framesPerSecond)
      notes.append(words)
      problem = .writeFailed(
        words,
        fix: "free space on \(folder.deletingLastPathComponent().path) or record to "
          + "another folder with --output")
    } else {
      reason = endedByItself ? .duration : .requested
    }
    for output in finished {
      guard let summary = output.summary, summary.container != .mkv,
        FileFinalizer.isFragmented(summary.url)
      else { continue }
      notes.append(
        "\(summary.url.lastPathComponent) was left in fragments (complete, with its index at "
          + "the end): there was not room on the disk to rewrite it with the index first; it "
          + "plays and seeks in FFmpeg, VLC, browsers and QuickTime")
    }
    self.notes = notes
    self.problem = problem
  }
}
