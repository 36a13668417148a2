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
  /// `pread`, as a file source does (`RawFrameFile`): frame after frame of a file larger than
  /// the processor's caches (`ProcessorCaches`), as a source loops over a recording. Reading one
  /// frame over and over, from pages still in the caches, measured half as much (480p: 20
  /// against 40 µs a frame).
  static func readFrame(size: ImageSize, limits: CalibrationBench.Limits) throws(DualCamError)
    -> Double
  {
    let bytes = size.area * 3 / 2
    let count = ProcessorCaches.framesBeyond(bytesPerFrame: bytes)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-calibration-read-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    let descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .outputUnavailable(
        "cannot create a scratch file for calibration in \(url.deletingLastPathComponent().path)",
        fix: "check that the temporary folder (TMPDIR) is writable")
    }
    defer {
      close(descriptor)
      unlink(url.path)
    }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer { buffer.deallocate() }
    // Real bytes in every page: a file's holes read as the kernel's one shared zero page.
    let pattern = buffer.bindMemory(to: UInt8.self, capacity: bytes)
    for index in 0..<bytes { pattern[index] = UInt8(truncatingIfNeeded: index &* 7) }
    let writer = DescriptorWriter(descriptor: descriptor)
    for _ in 0..<count {
      do throws(WriteFailure) {
        try writer.writeAll(UnsafeRawBufferPointer(start: buffer, count: bytes))
      } catch {
        throw .outputUnavailable(
          "cannot write a scratch file for calibration in \(url.deletingLastPathComponent().path)"
            + " (\(String(cString: strerror(error.code))))",
          fix: "free some space in the temporary folder (TMPDIR)")
      }
    }
    var next = 0
    func read() {
      _ = pread(descriptor, buffer, bytes, off_t(next * bytes))
      next = (next + 1) % count
    }
    for _ in 0..<count { read() }
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
