import Audio
import DualCamCore
import Testing

@Suite("Sound card clock drift")
struct DriftTests {
  @Test func estimatorMeasuresAFastCardThroughJitteryStamps() {
    var estimator = DriftEstimator(nominalRate: 48_000)
    var random = TestRandom(seed: 7)
    let start = MonotonicTime.seconds(100)
    // 100 ppm fast, stamps jittered by up to ±2 ms, a 10 ms period for three minutes.
    let nanosecondsPerFrame = 1e9 / (48_000 * 1.0001)
    for period in 0..<18_000 as Range<Int64> {
      let frame = period * 480
      let jitter = Int64(random.nextDouble(in: -2e6...2e6))
      let time = start + Int64(Double(frame) * nanosecondsPerFrame) + jitter
      estimator.add(frameIndex: frame, time: time)
    }
    #expect(estimator.isTrusted)
    #expect(abs(estimator.ppm - 100) < 3, "measured \(estimator.ppm) ppm")
    // The line places the newest frames within half a millisecond despite the jitter.
    let last: Int64 = 17_999 * 480
    let truth = start + Int64(Double(last) * nanosecondsPerFrame)
    #expect(abs(estimator.time(ofFrame: Double(last))! - truth) < 500_000)
  }

  @Test func estimatorUsesTheNominalRateUntilItHasSeenEnough() {
    var estimator = DriftEstimator(nominalRate: 8_000)
    #expect(estimator.frame(at: .seconds(1)) == nil)
    estimator.add(frameIndex: 800, time: .seconds(1))
    #expect(!estimator.isTrusted)
    #expect(estimator.ppm == 0)
    #expect(estimator.frame(at: .seconds(2)) == 8_800)
  }

  @Test func aFitClaimingMoreThanTwoThousandPpmIsRefusedAndCounted() {
    // Ten-second window; a card 100 ppm fast for 40 s, then stamps that fall behind by 5 ms
    // every second (a loaded machine stamping late): followed, the line would claim ~5000 ppm.
    var estimator = DriftEstimator(
      nominalRate: 8_000, windowBuckets: 20, minimumSpanNanoseconds: 5_000_000_000)
    let start = MonotonicTime.seconds(50)
    let nanosecondsPerFrame = 1e9 / (8_000 * 1.0001)
    var late = 0.0
    for period in 0..<8_000 as Range<Int64> {
      let frame = period * 80
      if period >= 4_000 { late += 10_000_000 * 0.005 }
      estimator.add(
        frameIndex: frame, time: start + Int64(Double(frame) * nanosecondsPerFrame + late))
      if period == 3_999 {
        #expect(abs(estimator.ppm - 100) < 5, "before the late stamps: \(estimator.ppm) ppm")
        #expect(estimator.rejectedFits == 0)
      }
    }
    #expect(estimator.rejectedFits > 0)
    #expect(abs(estimator.ppm) <= DriftEstimator.maximumPlausiblePPM, "\(estimator.ppm) ppm")
  }

  @Test func aCardClaimingAnImpossibleRateKeepsTheNominalOne() {
    var estimator = DriftEstimator(nominalRate: 8_000, minimumSpanNanoseconds: 5_000_000_000)
    let start = MonotonicTime.seconds(5)
    // 3000 ppm slow, for a minute: every fit is refused.
    for period in 0..<6_000 as Range<Int64> {
      let frame = period * 80
      estimator.add(frameIndex: frame, time: start + Int64(Double(frame) * 125_000 * 1.003))
    }
    #expect(estimator.rejectedFits >= 100)
    #expect(estimator.ppm == 0)
    #expect(!estimator.isTrusted)
  }

  @Test func anHourLongLectureWithAFastCardAndThreePausesStaysOnThePictures() throws {
    // An hour of pictures, paused three times (uncorrected, the last click would be 288 ms off).
    let run = try SimulatedTake.run(
      clockErrorPPM: 80, fps: 30, origin: .seconds(2000), lead: 150_000_000, seconds: 3_600,
      pauses: [
        TakeSimulation.Pause(afterSlot: 20_000, nanoseconds: 45_000_000_000),
        TakeSimulation.Pause(afterSlot: 55_000, nanoseconds: 312_000_000_000),
        TakeSimulation.Pause(afterSlot: 90_000, nanoseconds: 7_500_000_000),
      ])
    #expect(run.worstMilliseconds < 5, "worst click offset \(run.worstMilliseconds) ms")
    #expect(run.lastMilliseconds < 5, "last click offset \(run.lastMilliseconds) ms")
    #expect(abs(run.statistics.driftPPM - 80) < 1)
    #expect(run.statistics.cuts == 3)
    #expect(run.statistics.rejectedDriftFits == 0)
  }

  @Test func aCardHundredPpmFastStaysOnThePicturesForTenMinutes() throws {
    let run = try SimulatedTake.run(
      clockErrorPPM: 100, fps: 30, origin: .seconds(1000), lead: 200_000_000, seconds: 600,
      pauses: [])
    // Uncorrected, the last click would be 60 ms early; corrected, it stays within 5 ms.
    #expect(run.worstMilliseconds < 5, "worst click offset \(run.worstMilliseconds) ms")
    #expect(run.lastMilliseconds < 5, "last click offset \(run.lastMilliseconds) ms")
    #expect(abs(run.statistics.driftPPM - 100) < 1)
    #expect(run.statistics.maxOffsetNanoseconds < 5_000_000)
  }

  @Test func aSlowCardStaysOnThePicturesAcrossPauses() throws {
    // Three minutes of pictures, paused three times (uncorrected: 27 ms off by the end).
    let run = try SimulatedTake.run(
      clockErrorPPM: -150, fps: 25, origin: .seconds(500), lead: 100_000_000, seconds: 180,
      pauses: [
        TakeSimulation.Pause(afterSlot: 1_000, nanoseconds: 3_210_000_000),
        TakeSimulation.Pause(afterSlot: 2_500, nanoseconds: 1_777_000_000),
        TakeSimulation.Pause(afterSlot: 3_900, nanoseconds: 612_000_000),
      ])
    #expect(run.worstMilliseconds < 5, "worst click offset \(run.worstMilliseconds) ms")
    #expect(run.meanMilliseconds < 2, "mean click offset \(run.meanMilliseconds) ms")
    #expect(abs(run.statistics.driftPPM - -150) < 2)
    #expect(run.statistics.cuts == 3)
  }
}

/// A take of synthetic clicks on a sound card whose clock is off by `clockErrorPPM`, run
/// through an `AudioTimeline` at 8 kHz mono, and how far each click landed from its picture
/// (clicks right at a pause's cut are left out: the fade there moves their onset).
private struct SimulatedTake {
  static let rate = 8_000

  var statistics: AudioTimelineStatistics
  var worstMilliseconds: Double
  var meanMilliseconds: Double
  var lastMilliseconds: Double

  static func run(
    clockErrorPPM: Double, fps: Int, origin: MonotonicTime, lead: Int64, seconds: Int,
    pauses: [TakeSimulation.Pause]
  ) throws -> SimulatedTake {
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: rate, channels: 1, sampleFormat: .s16)
    options.periodFrames = 80
    options.clickOrigin = origin
    options.clockErrorPPM = clockErrorPPM
    let videoRate = FrameRate(numerator: fps)
    let signal = SyntheticAudioSignal(start: origin - lead, options: options)
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: Int64(fps * seconds),
      pauses: pauses)
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    let output = take.run(timeline: timeline)
    #expect(output.count == rate * seconds)
    let found = TakeSimulation.clickOnsets(in: output)
    let expected = take.expectedClickFrames(rate: rate)
    #expect(found.count == expected.count)
    let offsets = zip(found, expected).filter { !$1.nearCut }.map { abs(Double($0) - $1.frame) }
    let perMillisecond = Double(rate) / 1_000
    return SimulatedTake(
      statistics: timeline.statistics,
      worstMilliseconds: (offsets.max() ?? .infinity) / perMillisecond,
      meanMilliseconds: offsets.reduce(0, +) / Double(max(offsets.count, 1)) / perMillisecond,
      lastMilliseconds: abs(Double(found.last ?? 0) - (expected.last?.frame ?? 0))
        / perMillisecond)
  }
}

/// A deterministic generator (SplitMix64), so the jitter is the same every run.
struct TestRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }
}
