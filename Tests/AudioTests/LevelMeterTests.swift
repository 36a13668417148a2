import Audio
import DualCamCore
import Testing

@Suite("Level meter")
struct LevelMeterTests {
  /// A period of `frames` stereo float frames: channel 0 a constant `left`, channel 1 `right`.
  private func period(left: Float, right: Float, frames: Int = 480) -> AudioPeriodBuffer {
    let pool = AudioPeriodPool(
      format: AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float),
      capacityFrames: frames, capacity: 1)
    let buffer = pool.lease()!
    let samples = buffer.mutableBytes.assumingMemoryBound(to: Float.self)
    for frame in 0..<frames {
      samples[frame * 2] = frame.isMultiple(of: 2) ? left : -left
      samples[frame * 2 + 1] = right
    }
    buffer.stamp(frames: frames, firstFrameIndex: 0, captureTime: .zero, followsGap: false)
    return buffer
  }

  @Test func peakAndRmsInDecibelsPerChannel() {
    let clock = ManualClock()
    var meter = LevelMeter(channels: 2, clock: clock, rmsTimeConstantNanoseconds: 10_000_000)
    // Long enough for the RMS average to settle.
    for _ in 0..<20 {
      clock.advance(by: 10_000_000)
      meter.process(period(left: 0.5, right: 0.1))
    }
    let left = meter.level(channel: 0)
    let right = meter.level(channel: 1)
    #expect(abs(left.peakDecibels - -6.02) < 0.01)
    #expect(abs(left.rmsDecibels - -6.02) < 0.05)
    #expect(abs(right.peakDecibels - -20) < 0.01)
    #expect(!left.clipping)
  }

  @Test func peakFallsBackAtItsRateAndRmsDecaysWhenSoundStops() {
    let clock = ManualClock()
    var meter = LevelMeter(channels: 2, clock: clock)
    clock.advance(by: 10_000_000)
    meter.process(period(left: 1, right: 0))
    #expect(meter.level(channel: 0).peakDecibels == 0)
    #expect(meter.level(channel: 0).clipping)
    #expect(meter.level(channel: 1).peakDecibels == LevelMeter.floorDecibels)
    let rmsBefore = meter.level(channel: 0).rmsDecibels
    clock.advance(by: 500_000_000)
    #expect(abs(meter.level(channel: 0).peakDecibels - -10) < 0.01)
    #expect(meter.level(channel: 0).rmsDecibels < rmsBefore - 7)
    #expect(meter.level(channel: 0).clipping, "the clip light holds for two seconds")
    clock.advance(by: 2_000_000_000)
    #expect(!meter.level(channel: 0).clipping)
    #expect(abs(meter.level(channel: 0).peakDecibels - -50) < 0.01)
    clock.advance(by: 5_000_000_000)
    #expect(meter.level(channel: 0).peakDecibels == LevelMeter.floorDecibels)
  }

  @Test func aLouderPeakReplacesAFallingOne() {
    let clock = ManualClock()
    var meter = LevelMeter(channels: 2, clock: clock)
    meter.process(period(left: 0.1, right: 0))
    clock.advance(by: 100_000_000)
    meter.process(period(left: 0.5, right: 0))
    #expect(abs(meter.level(channel: 0).peakDecibels - -6.02) < 0.01)
  }
}
