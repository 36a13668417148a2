import Audio
import DualCamCore
import Testing

@Suite("Audio timeline: sound cut to the pictures' slots")
struct AudioTimelineTests {
  let videoRate = FrameRate(numerator: 30)

  private func options(rate: Int = 48_000, channels: Int = 2, ppm: Double = 0)
    -> SyntheticAudioOptions
  {
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: rate, channels: channels, sampleFormat: .s16)
    options.periodFrames = rate / 100
    options.clockErrorPPM = ppm
    return options
  }

  /// Checks every click landed where the pictures put its capture time; returns the worst
  /// distance in ns.
  private func worstClickOffset(
    _ output: [Float], _ take: TakeSimulation, rate: Int
  ) -> Int64? {
    let found = TakeSimulation.clickOnsets(in: output)
    let expected = take.expectedClickFrames(rate: rate)
    guard found.count == expected.count, !expected.isEmpty else {
      Issue.record("found \(found.count) clicks, expected \(expected.count)")
      return nil
    }
    let frames =
      zip(found, expected).filter { !$1.nearCut }.map { abs(Double($0) - $1.frame) }.max() ?? 0
    return Int64(frames * 1e9 / Double(rate))
  }

  @Test func clicksLandOnTheirSlotsAcrossPausesAndTheTakeLastsItsSlots() throws {
    let origin = MonotonicTime.seconds(1000)
    var options = options()
    options.clickOrigin = origin
    let signal = SyntheticAudioSignal(start: origin - 300_000_000, options: options)
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: 270,
      pauses: [
        TakeSimulation.Pause(afterSlot: 74, nanoseconds: 1_370_000_000),
        TakeSimulation.Pause(afterSlot: 160, nanoseconds: 2_213_000_000),
      ])
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    let output = take.run(timeline: timeline)

    // 270 slots at 30 fps is 9 s: exactly 432000 frames at 48 kHz.
    #expect(output.count == 432_000)
    let worst = worstClickOffset(output, take, rate: 48_000)
    #expect(worst.map { $0 < 100_000 } == true, "worst click offset \(worst ?? -1) ns")
    let statistics = timeline.statistics
    #expect(statistics.cuts == 2)
    #expect(statistics.framesProduced == 432_000)
    #expect(statistics.silenceFrames == 0)
    // The pauses' sound was captured and skipped: 3.583 s, give or take a slot at each cut.
    let paused = Double(statistics.discardedWhilePausedFrames) / 48_000
    #expect(abs(paused - 3.583) < 2.0 / 30, "skipped \(paused) s")
    // Each cut fades to silence and back in.
    for slot in [75, 161] as [Int64] {
      let cut = Int(timeline.firstFrame(ofSlot: slot))
      #expect(abs(output[cut - 1]) < 0.01)
      #expect(abs(output[cut]) < 0.01)
      #expect(output[(cut - 400)..<(cut - 200)].map(abs).max()! > 0.05)
    }
  }

  @Test func lengthMatchesTheVideoWithinOneFrameAtAnyRate() throws {
    let origin = MonotonicTime.seconds(50)
    let ntsc = FrameRate(numerator: 30_000, denominator: 1001)
    var options = options(rate: 44_100, channels: 1)
    options.clickEveryFrames = 0
    let signal = SyntheticAudioSignal(start: origin - 100_000_000, options: options)
    let take = TakeSimulation(
      signal: signal, videoRate: ntsc, origin: origin, slotCount: 101, pauses: [])
    let timeline = try AudioTimeline(format: options.format, videoRate: ntsc)
    let output = take.run(timeline: timeline)
    let videoSeconds = 101.0 * 1001 / 30_000
    #expect(abs(Double(output.count) - videoSeconds * 44_100) < 1)
  }

  @Test func lostPeriodsBecomeCountedSilenceInPlace() throws {
    let origin = MonotonicTime.seconds(1000)
    var options = options(channels: 1)
    options.clickOrigin = origin
    let signal = SyntheticAudioSignal(start: origin - 200_000_000, options: options)
    let take = TakeSimulation(
      signal: signal, videoRate: videoRate, origin: origin, slotCount: 150, pauses: [])
    let timeline = try AudioTimeline(format: options.format, videoRate: videoRate)
    // Periods 100..<110 (captured 0.8–0.9 s into the take) never arrive.
    let output = take.run(timeline: timeline) { (100..<110).contains($0) }
    #expect(output.count == 240_000)
    #expect(abs(timeline.statistics.silenceFrames - 4_800) <= 64)
    let hole = output[(38_400 + 200)..<(43_200 - 200)]
    #expect(hole.map(abs).max()! < 0.001)
    // The sound around the hole stays on the pictures.
    let worst = worstClickOffset(output, take, rate: 48_000)
    #expect(worst.map { $0 < 100_000 } == true)
  }

  @Test func soundThatNeverComesIsSilenceAfterTheWait() throws {
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 10_000)
    defer { buffer.deallocate() }
    let timeline = try AudioTimeline(
      format: AudioFormat(sampleRate: 8_000, channels: 1), videoRate: videoRate)
    let start = MonotonicTime.seconds(10)
    for slot in 0..<30 as Range<Int64> {
      timeline.slotEmitted(index: slot, targetTime: start + videoRate.time(ofFrame: slot))
    }
    timeline.render(now: start + 400_000_000)
    #expect(timeline.readableFrames == 0, "waits for the sound first")
    // Half a second after their capture time, the first slots go on without it.
    timeline.render(now: start + 1_000_000_000)
    #expect(timeline.readableFrames > 3_000)
    #expect(timeline.readableFrames < 4_000)
    timeline.finish()
    timeline.render(now: start + 1_400_000_000)
    #expect(!timeline.isDrained, "the last slot's sound may still come")
    timeline.render(now: start + 1_600_000_000)
    #expect(timeline.readableFrames == 8_000)
    #expect(timeline.statistics.silenceFrames == 8_000)
    #expect(timeline.read(into: buffer, frames: 10_000) == 8_000)
    #expect(timeline.isDrained)
  }

  @Test func aFinishedSourceCompletesTheTakeAtOnce() throws {
    let timeline = try AudioTimeline(
      format: AudioFormat(sampleRate: 8_000, channels: 1), videoRate: videoRate)
    let start = MonotonicTime.seconds(10)
    for slot in 0..<30 as Range<Int64> {
      timeline.slotEmitted(index: slot, targetTime: start + videoRate.time(ofFrame: slot))
    }
    timeline.finish(soundEnded: true)
    timeline.render(now: start)
    #expect(timeline.readableFrames == 8_000)
    #expect(timeline.statistics.silenceFrames == 8_000)
  }
}
