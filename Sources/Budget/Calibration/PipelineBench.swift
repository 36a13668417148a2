import DualCamCore
import Foundation

/// Measures the work a take does around its stages, per frame: reading a file source's frame
/// (a copy out of the page cache, in the kernel) and one thread waking another (a camera's
/// frame reaching the scheduler, a slot reaching an output's worker). `perf` put such work at
/// a tenth or more of a small take's processor time, which a model of the stages alone misses.
enum PipelineBench {
  /// Processor seconds of one wake-up: two threads hand a turn back and forth through a
  /// `ConditionSignal`, as the pipeline's queues do, timed on both threads' clocks.
  static func wakeUp(rounds: Int = 1500) -> Double {
    let signal = ConditionSignal()
    // The turn and the end, read and written only holding `signal`'s mutex.
    final class Turns: @unchecked Sendable {
      var partner = false
      var stop = false
    }
    let turns = Turns()
    let timer = CPUTimer(scope: .startedThreads)
    let partner = WorkerThread(name: "calib-wake") {
      while true {
        signal.wait { turns.partner || turns.stop }
        let stop = signal.locked { () -> Bool in
          turns.partner = false
          return turns.stop
        }
        signal.broadcast()
        if stop { return }
      }
    }
    for _ in 0..<rounds {
      signal.locked { turns.partner = true }
      signal.broadcast()
      signal.wait { !turns.partner }
    }
    signal.locked { turns.stop = true }
    signal.broadcast()
    partner.join()
    return timer.elapsed / Double(2 * rounds)
  }

  /// Processor seconds of reading one I420 frame of `size` from a file in the page cache with
  /// `pread`, as a file source does (`RawFrameFile`).
  static func readFrame(size: ImageSize, limits: CalibrationBench.Limits) throws(DualCamError)
    -> Double
  {
    let bytes = size.area * 3 / 2
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-calibration-read-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    guard FileManager.default.createFile(atPath: url.path, contents: Data(count: bytes)) else {
      throw .outputUnavailable(
        "cannot create a scratch file for calibration in \(url.deletingLastPathComponent().path)",
        fix: "check that the temporary folder (TMPDIR) is writable")
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .outputUnavailable("cannot read the scratch file \(url.path)", fix: "")
    }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer { buffer.deallocate() }
    func read() { _ = pread(descriptor, buffer, bytes, 0) }
    read()
    let timer = CPUTimer(scope: .thread)
    var frames = 0
    while frames < limits.maximumFrames
      && (frames < limits.minimumFrames || timer.elapsed < limits.cpuSeconds / 4)
    {
      read()
      frames += 1
    }
    return timer.elapsed / Double(frames)
  }
}
