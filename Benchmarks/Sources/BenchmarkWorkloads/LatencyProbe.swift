import Capture
public import DualCamCore
public import Foundation
import Session

/// Measures the two latencies of issue 5 on a live session with synthetic cameras.
///
/// - **Record to first frame written**: from calling `startRecording()` on a previewing session
///   (what the record key does) until every one of the three files has its first frame muxed.
/// - **Camera frame to preview tap**: for every new frame the preview tap shows, the time from
///   its capture stamp to the moment the tap returns it (a synthetic camera stamps the moment
///   it was due, then paints and delivers it, as a V4L2 camera stamps the kernel timestamp and
///   then converts). Polled every 200 µs, so figures carry up to that much extra.
public enum LatencyProbe {
  /// Milliseconds, one entry per take or per frame.
  public struct Figures: Sendable {
    /// Record call to all three files having a frame, per take.
    public var recordToFirstFrame: [Double] = []
    /// Record call to its return (files opened, clock started), per take.
    public var recordCall: [Double] = []
    /// Record call to the first output having a frame, per take.
    public var recordToFirstOutput: [Double] = []
    /// Capture stamp to preview tap, per frame seen.
    public var frameToPreview: [Double] = []
  }

  /// Records `takes` short takes of `size` at `rate` and samples the preview for `seconds`.
  public static func measure(
    takes: Int, previewSeconds: Double, size: ImageSize, rate: FrameRate, folder: URL
  ) throws -> Figures {
    var settings = RecordingSettings()
    settings.size = size
    settings.frameRate = rate
    settings.outputDirectory = folder.path
    let session = SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate))
    defer { session.shutdown() }
    try session.startPreview()
    let clock = SystemMonotonicClock()
    var figures = Figures()

    // Preview first, while no take is running (the TUI's idle state).
    let end = clock.now() + Int64(previewSeconds * 1e9)
    var lastSeen = MonotonicTime.zero
    while clock.now() < end {
      if let frame = session.latestFrame(.front) {
        let seen = clock.now()
        if frame.captureTime != lastSeen {
          lastSeen = frame.captureTime
          figures.frameToPreview.append(Double(seen - frame.captureTime) / 1e6)
        }
        frame.release()
      }
      usleep(200)
    }

    for _ in 0..<takes {
      Thread.sleep(forTimeInterval: 0.3)
      let start = clock.now()
      try session.startRecording()
      figures.recordCall.append(Double(clock.now() - start) / 1e6)
      var firstOutput = false
      while true {
        let outputs = session.snapshot().outputs
        if !firstOutput && outputs.contains(where: { $0.frames > 0 }) {
          firstOutput = true
          figures.recordToFirstOutput.append(Double(clock.now() - start) / 1e6)
        }
        if outputs.count == 3 && outputs.allSatisfy({ $0.frames > 0 }) { break }
        usleep(200)
      }
      figures.recordToFirstFrame.append(Double(clock.now() - start) / 1e6)
      _ = try session.stopRecording()
    }
    return figures
  }
}
