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
    let origin = MonotonicTime.seconds(2000)
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: 8_000, channels: 1, sampleFormat: .s16)
    options.periodFrames = 80
    options.clickOrigin = origin
    options.clockErrorPPM = 80
    let videoRate = FrameRate(numerator: 30)
    let signal = SyntheticAudioSignal(start: origin - 150_000_000, options: options)
    // An hour of pictures, paused three times (uncorrected, the last click would be 288 ms off).
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: 30 * 3_600,
      pauses: [
        TakeSimulation.Pause(afterSlot: 20_000, nanoseconds: 45_000_000_000),
        TakeSimulation.Pause(afterSlot: 55_000, nanoseconds: 312_000_000_000),
        TakeSimulation.Pause(afterSlot: 90_000, nanoseconds: 7_500_000_000),
      ])
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    let output = take.run(timeline: timeline)

    #expect(output.count == 8_000 * 3_600)
    let found = TakeSimulation.clickOnsets(in: output)
    let expected = take.expectedClickFrames(rate: 8_000)
    #expect(found.count == expected.count)
    let offsets = zip(found, expected).filter { !$1.nearCut }.map { abs(Double($0) - $1.frame) }
    let worst = offsets.max() ?? .infinity
    #expect(worst / 8_000 < 0.005, "worst click offset \(worst / 8) ms")
    let last = abs(Double(found.last ?? 0) - (expected.last?.frame ?? 0)) / 8
    #expect(last < 5, "last click offset \(last) ms")
    #expect(abs(timeline.statistics.driftPPM - 80) < 1)
    #expect(timeline.statistics.cuts == 3)
    #expect(timeline.statistics.rejectedDriftFits == 0)
  }

  @Test func aCardHundredPpmFastStaysOnThePicturesForTenMinutes() throws {
    let origin = MonotonicTime.seconds(1000)
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: 8_000, channels: 1, sampleFormat: .s16)
    options.periodFrames = 80
    options.clickOrigin = origin
    options.clockErrorPPM = 100
    let videoRate = FrameRate(numerator: 30)
    let signal = SyntheticAudioSignal(start: origin - 200_000_000, options: options)
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: 30 * 600, pauses: [])
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    let output = take.run(timeline: timeline)

    #expect(output.count == 8_000 * 600)
    let found = TakeSimulation.clickOnsets(in: output)
    let expected = take.expectedClickFrames(rate: 8_000)
    #expect(found.count == expected.count)
    let worst = zip(found, expected).map { abs(Double($0) - $1.frame) }.max() ?? .infinity
    // Uncorrected, the last click would be 60 ms early; corrected, it stays within 5 ms.
    #expect(worst / 8_000 < 0.005, "worst click offset \(worst / 8) ms")
    let lastOffset = abs(Double(found.last ?? 0) - (expected.last?.frame ?? 0)) / 8
    #expect(lastOffset < 5, "last click offset \(lastOffset) ms")
    #expect(abs(timeline.statistics.driftPPM - 100) < 1)
    #expect(timeline.statistics.maxOffsetNanoseconds < 5_000_000)
  }

  @Test func aSlowCardStaysOnThePicturesAcrossPauses() throws {
    let origin = MonotonicTime.seconds(500)
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: 8_000, channels: 1, sampleFormat: .s16)
    options.periodFrames = 80
    options.clickOrigin = origin
    options.clockErrorPPM = -150
    let videoRate = FrameRate(numerator: 25)
    let signal = SyntheticAudioSignal(start: origin - 100_000_000, options: options)
    // Three minutes of pictures, paused three times (uncorrected: 27 ms off by the end).
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: 25 * 180,
      pauses: [
        TakeSimulation.Pause(afterSlot: 1_000, nanoseconds: 3_210_000_000),
        TakeSimulation.Pause(afterSlot: 2_500, nanoseconds: 1_777_000_000),
        TakeSimulation.Pause(afterSlot: 3_900, nanoseconds: 612_000_000),
      ])
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    let output = take.run(timeline: timeline)

    #expect(output.count == 8_000 * 180)
    let found = TakeSimulation.clickOnsets(in: output)
    let expected = take.expectedClickFrames(rate: 8_000)
    #expect(found.count == expected.count)
    let offsets = zip(found, expected).filter { !$1.nearCut }.map { abs(Double($0) - $1.frame) }
    let worst = offsets.max() ?? .infinity
    let mean = offsets.reduce(0, +) / Double(max(offsets.count, 1))
    #expect(worst / 8_000 < 0.005, "worst click offset \(worst / 8) ms")
    #expect(mean / 8_000 < 0.002, "mean click offset \(mean / 8) ms")
    #expect(abs(timeline.statistics.driftPPM - -150) < 2)
    #expect(timeline.statistics.cuts == 3)
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
