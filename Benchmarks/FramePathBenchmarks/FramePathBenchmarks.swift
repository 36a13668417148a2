import Benchmark
import BenchmarkWorkloads
import Compositor
import DualCamCore
import Encoding
import Foundation
import Synchronization

/// What a benchmark's setup started, for its teardown (which receives nothing) to finish.
final class Running: Sendable {
  private let finishers = Mutex<[@Sendable () -> Void]>([])

  func keep<Rig: FinishableRig>(_ rig: Rig) -> Rig {
    finishers.withLock { $0.append { rig.finish() } }
    return rig
  }

  func finish() {
    let pending = finishers.withLock { list in
      defer { list = [] }
      return list
    }
    for finisher in pending { finisher() }
  }
}

let running = Running()

/// Heap allocations on the frame path, counted by the malloc interposer in every thread.
///
/// - `session …`: a real take (two synthetic 1280×720 cameras at 30 fps, three x264 ultrafast
///   files). One iteration is one second of recording (30 output frames, 90 encoded frames), so
///   `mallocCountTotal / 30` is the allocations per output frame across capture, clock,
///   compositor and the three encoders. The measuring thread only sleeps.
/// - `encoder …`: one frame through `VideoFileWriter` (x264 ultrafast, MOV), the libav share.
/// - `compositor …`: one full-stack composite.
let benchmarks: @Sendable () -> Void = {
  Benchmark(
    "session 2x1280x720@30 -> 3 x264 ultrafast, per second (30 frames)",
    configuration: .init(
      metrics: [.mallocCountTotal, .mallocBytesCount, .cpuTotal, .wallClock],
      warmupIterations: 2, maxDuration: .seconds(20), maxIterations: 8)
  ) { benchmark, rig in
    for _ in benchmark.scaledIterations { Thread.sleep(forTimeInterval: 1) }
    blackHole(rig)
  } setup: {
    try running.keep(RecordingRig())
  } teardown: {
    running.finish()
  }

  Benchmark(
    "encoder x264 ultrafast 1280x720, per frame",
    configuration: .init(
      metrics: [.mallocCountTotal, .mallocBytesCount, .wallClock], warmupIterations: 60,
      maxDuration: .seconds(5), maxIterations: 300)
  ) { benchmark, writer in
    for _ in benchmark.scaledIterations { try writer.writeNextFrame() }
  } setup: {
    try running.keep(EncoderRig())
  } teardown: {
    running.finish()
  }

  Benchmark(
    "compositor full stack 2x1920x1080 I420, per frame",
    configuration: .init(
      metrics: [.mallocCountTotal, .wallClock], warmupIterations: 3, maxIterations: 100)
  ) { benchmark, workload in
    for _ in benchmark.scaledIterations { workload.run(.stack) }
  } setup: {
    try CompositorWorkload(sets: 2)
  }
}
