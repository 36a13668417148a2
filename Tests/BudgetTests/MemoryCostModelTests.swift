import DualCamCore
import Testing

@testable import Budget

@Suite("The memory figure covers what takes use")
struct MemoryCostModelTests {
  /// Peak resident memory of `dualcam record --budget ignore --duration 8s` on two synthetic
  /// cameras (x86-64, glibc), in bytes, as PERFORMANCE.md's "Memory" lists them.
  static let measured: [(size: ImageSize, fps: Int, preset: String, bytes: Double)] = [
    (ImageSize(width: 1920, height: 1080), 30, "ultrafast", 256.8e6),
    (ImageSize(width: 1920, height: 1080), 30, "superfast", 643.1e6),
    (ImageSize(width: 1920, height: 1080), 30, "veryfast", 834.1e6),
    (ImageSize(width: 1920, height: 1080), 30, "faster", 1063.8e6),
    (ImageSize(width: 1920, height: 1080), 30, "fast", 1361.3e6),
    (ImageSize(width: 1920, height: 1080), 30, "medium", 1316.1e6),
    (ImageSize(width: 1920, height: 1080), 60, "medium", 1593.8e6),
    (ImageSize(width: 1920, height: 1080), 30, "slow", 1407.2e6),
    (ImageSize(width: 1280, height: 720), 30, "ultrafast", 153.4e6),
    (ImageSize(width: 1280, height: 720), 30, "veryfast", 416.6e6),
    (ImageSize(width: 1280, height: 720), 30, "medium", 674.4e6),
    (ImageSize(width: 1280, height: 720), 60, "medium", 780.2e6),
    // The interface (scripts/tui-test saving): a first-use calibration, then the take.
    (ImageSize(width: 1280, height: 720), 60, "medium", 856.9e6),
    (ImageSize(width: 640, height: 480), 30, "medium", 320.7e6),
  ]

  @Test("never below a measured take, and not far above it")
  func coversMeasuredTakes() throws {
    for take in Self.measured {
      var settings = RecordingSettings()
      settings.size = take.size
      settings.frameRate = FrameRate(numerator: take.fps)
      settings.preset = take.preset
      let inputs = BudgetFixtures.inputs(
        sources: [
          BudgetFixtures.synthetic(.front, size: take.size),
          BudgetFixtures.synthetic(.back, size: take.size),
        ], settings: settings)
      let canvas = try BudgetModel.canvasSize(inputs)
      let cost = MemoryCostModel.cost(inputs, canvas: canvas)
      let demand = cost.demand
      // A figure under the take would let a small board be killed for memory; one far over it
      // would refuse takes that fit.
      #expect(demand >= take.bytes, "\(take.size) \(take.fps) \(take.preset): \(demand)")
      #expect(demand <= take.bytes * 1.4, "\(take.size) \(take.fps) \(take.preset): \(demand)")
    }
  }
}
