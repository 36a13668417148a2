import Benchmark
import BenchmarkWorkloads

/// Throughput and allocations of every compositor case (one output frame per iteration). The
/// ratios against memcpy and the peers come from `dualcam-bench compositor`, which interleaves
/// the cases; these give the distribution per case and prove that composing allocates nothing.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 400)
  let workload = try! CompositorWorkload(sets: 8)
  for kind in CompositorWorkload.Case.allCases {
    Benchmark(kind.rawValue) { benchmark in
      for _ in benchmark.scaledIterations { workload.run(kind) }
    }
  }
}
