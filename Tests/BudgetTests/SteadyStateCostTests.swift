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
    // What one run of four frames divided by four said: 1.75 times the real cost.
    #expect(encoder.run(4) / 4 > 1.5 * cost.secondsPerFrame)
  }

  @Test("a one-frame warm-up, then a short run and a long one sized by its time, twice")
  func runLengths() throws {
    let plan = SteadyStateCost.Plan()
    let cheap = FakeEncoder(startup: 0.004, perFrame: 0.001)
    _ = try SteadyStateCost.measure(plan: plan) { frames in cheap.run(frames) }
    // 24 ms for 20 frames: 1.2 ms a frame guessed, 666 more frames for 0.8 s, capped at 80.
    #expect(cheap.runs.withLock { $0 } == [1, 20, 100, 20, 100])
    let middling = FakeEncoder(startup: 0.06, perFrame: 0.02)
    _ = try SteadyStateCost.measure(plan: plan) { frames in middling.run(frames) }
    // 460 ms for 20 frames: 23 ms a frame guessed, 34 more frames, raised to the minimum of 40.
    #expect(middling.runs.withLock { $0 } == [1, 20, 60, 20, 60])
    let slow = FakeEncoder(startup: 0.1, perFrame: 0.1)
    _ = try SteadyStateCost.measure(plan: plan) { frames in slow.run(frames) }
    // The warm-up took 0.2 s: a slow encoder, 2 frames, then 150 ms a frame guessed: 5 more
    // frames for 0.8 s (at least the slow minimum of 3); one pair only.
    #expect(slow.runs.withLock { $0 } == [1, 2, 7])
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

  /// Call 2 is the first short run, call 3 the first long one (after the warm-up). A long
  /// run slowed 1.6 times makes its pair's frame dearer; a short one makes it look 20%
  /// cheaper (0.0008 s), which keeping the cheaper pair would have kept.
  @Test(
    "a run slowed by chance, short or long, changes nothing: the cheapest of each counts",
    arguments: [2, 3])
  func disturbedRun(disturbed: Int) throws {
    let encoder = FakeEncoder(startup: 0.004, perFrame: 0.001)
    let calls = Mutex(0)
    let cost = try SteadyStateCost.measure { frames in
      let call = calls.withLock { count in
        count += 1
        return count
      }
      return encoder.run(frames) * (call == disturbed ? 1.6 : 1)
    }
    #expect(abs(cost.secondsPerFrame - 0.001) < 1e-9)
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
