import DualCamCore
import Synchronization
import Testing

@testable import Session

/// The live cost over the last seconds, with the clock and the CPU time stood in.
@Suite struct LiveCostMeterTests {
  /// CPU seconds the stand-in process has used.
  final class FakeCPU: Sendable {
    let seconds = Mutex(0.0)
    func read() -> Double { seconds.withLock { $0 } }
    func spend(_ amount: Double) { seconds.withLock { $0 += amount } }
  }

  @Test func keepingUpGivesTheShareAndRateWithoutAWarning() {
    let clock = ManualClock()
    let cpu = FakeCPU()
    let meter = LiveCostMeter(cores: 2, windowSeconds: 3, clock: clock, cpuSeconds: cpu.read)
    #expect(meter.sample(bytesWritten: 0, lagRepeats: 0).cpuCost == nil, "one sample spans no time")
    for second in 1...5 {
      clock.advance(by: 1_000_000_000)
      cpu.spend(0.5)
      let reading = meter.sample(bytesWritten: Int64(second) * 1_000_000, lagRepeats: 0)
      #expect(abs((reading.cpuCost ?? 0) - 0.25) < 1e-9)
      #expect(abs((reading.diskBytesPerSecond ?? 0) - 1_000_000) < 1e-6)
      #expect(reading.warning == nil)
    }
  }

  @Test func overOneNamesTheCPUAndOnlyTheLastSecondsCount() {
    let clock = ManualClock()
    let cpu = FakeCPU()
    let meter = LiveCostMeter(cores: 1, windowSeconds: 2, clock: clock, cpuSeconds: cpu.read)
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    for _ in 1...4 {
      clock.advance(by: 1_000_000_000)
      cpu.spend(1.3)
      _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    }
    let busy = meter.sample(bytesWritten: 0, lagRepeats: 0)
    #expect(busy.warning?.hasPrefix("CPU over budget (cost 1.30)") == true, "\(busy)")
    for _ in 1...3 {
      clock.advance(by: 1_000_000_000)
      cpu.spend(0.2)
      _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    }
    let calm = meter.sample(bytesWritten: 0, lagRepeats: 0)
    #expect(abs((calm.cpuCost ?? 0) - 0.2) < 1e-9, "the busy seconds left the window")
    #expect(calm.warning == nil)
  }

  @Test func repeatsForEncoderLagAreAWarningEvenBelowOne() {
    let clock = ManualClock()
    let meter = LiveCostMeter(cores: 2, clock: clock, cpuSeconds: { 0 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 4)
    clock.advance(by: 1_000_000_000)
    let reading = meter.sample(bytesWritten: 0, lagRepeats: 7)
    #expect(reading.lagRepeats == 3)
    #expect(reading.warning?.contains("encoders fell behind (3 frames repeated") == true)
  }
}
