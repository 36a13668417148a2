import Budget
import DualCamCore
import Synchronization
import Testing

@Suite("Calibration: an encoder's steady cost per frame, without its start-up")
struct SteadyStateCostTests {
  /// An encoder that costs `startup` to open and finish and `perFrame` per frame, on a fake
  /// processor clock; it keeps the frame counts it was run with.
  final class FakeEncoder: Sendable {
    let startup: Double
    let perFrame: Double
    let runs = Mutex<[Int]>([])

    init(startup: Double, perFrame: Double) {
      self.startup = startup
      self.perFrame = perFrame
    }

    func run(_ frames: Int) -> Double {
      runs.withLock { $0.append(frames) }
      return startup + perFrame * Double(frames)
    }
  }

  @Test("x264's start-up at 1080p (60 ms) is not charged to every frame")
  func startupLeftOut() throws {
    let encoder = FakeEncoder(startup: 0.060, perFrame: 0.020)
    let cost = try SteadyStateCost.measure { frames in encoder.run(frames) }
    #expect(abs(cost.secondsPerFrame - 0.020) < 1e-9)
    #expect(abs(cost.startupSeconds - 0.060) < 1e-9)
    // What dividing a short run by its frames would have said: 1.5× or more.
    let runs = encoder.runs.withLock { $0 }
    let naive = encoder.run(runs[1]) / Double(runs[1])
    #expect(naive > 1.5 * cost.secondsPerFrame)
  }

  @Test("a warm-up, then a long and a short run; the long one sized by the short one's time")
  func runLengths() throws {
    var plan = SteadyStateCost.Plan()
    plan.extraSeconds = 0.15
    let cheap = FakeEncoder(startup: 0.004, perFrame: 0.001)
    _ = try SteadyStateCost.measure(plan: plan) { frames in cheap.run(frames) }
    // 6 ms for 2 frames: 3 ms a frame guessed, 50 more frames, capped at 24.
    #expect(cheap.runs.withLock { $0 } == [2, 26, 2])
    let dear = FakeEncoder(startup: 0.1, perFrame: 0.1)
    _ = try SteadyStateCost.measure(plan: plan) { frames in dear.run(frames) }
    // 150 ms a frame guessed: one more frame, raised to the minimum of 4.
    #expect(dear.runs.withLock { $0 } == [2, 6, 2])
  }

  @Test("the process's first encoder paying extra in its first run changes nothing")
  func firstRunDearer() throws {
    let encoder = FakeEncoder(startup: 0.05, perFrame: 0.01)
    let calls = Mutex(0)
    let cost = try SteadyStateCost.measure { frames in
      let first = calls.withLock { count in
        count += 1
        return count == 1
      }
      return encoder.run(frames) + (first ? 0.2 : 0)
    }
    #expect(abs(cost.secondsPerFrame - 0.01) < 1e-9)
  }

  @Test("noise that makes the long run look cheaper falls back to its average, never zero")
  func noisyRuns() {
    let cost = SteadyStateCost.estimate(
      short: (frames: 2, seconds: 0.2), long: (frames: 10, seconds: 0.19))
    #expect(abs(cost.secondsPerFrame - 0.019) < 1e-9)
  }

  @Test("a failing encoder fails the measurement")
  func failure() {
    #expect(throws: DualCamError.self) {
      try SteadyStateCost.measure { (_) throws(DualCamError) -> Double in
        throw .encoderFailed("no x264", fix: "")
      }
    }
  }
}
