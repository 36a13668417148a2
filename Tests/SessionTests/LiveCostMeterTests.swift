import Budget
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
    let meter = LiveCostMeter(
      cores: 2, windowSeconds: 3, warmUpSeconds: 0, clock: clock, cpuSeconds: cpu.read)
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
    let meter = LiveCostMeter(
      cores: 1, windowSeconds: 2, warmUpSeconds: 0, clock: clock, cpuSeconds: cpu.read)
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
    let meter = LiveCostMeter(cores: 2, warmUpSeconds: 0, clock: clock, cpuSeconds: { 0 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 4)
    clock.advance(by: 1_000_000_000)
    let reading = meter.sample(bytesWritten: 0, lagRepeats: 7)
    #expect(reading.lagRepeats == 3)
    #expect(reading.warning?.contains("encoders fell behind (3 frames repeated") == true)
  }

  static func budget(writeRate: Double?) -> TakeBudget {
    var predicted = [
      TakeBudgetRecord.Resource(
        kind: "cpu", name: "CPU", demand: 1, capacity: 2, unit: "cores", cost: 0.5,
        explanation: "")
    ]
    if let writeRate {
      predicted.append(
        TakeBudgetRecord.Resource(
          kind: "disk-write-rate", name: "disk write rate", demand: 1e6, capacity: writeRate,
          unit: "bytes/s", cost: 1e6 / writeRate, explanation: ""))
    }
    let decided = TakeBudgetRecord(
      mode: "refuse", verdict: "fits", cost: 0.5, limitingResource: "CPU", verdictBefore: "fits",
      costBefore: 0.5, changesApplied: [], changesSkipped: [], predicted: predicted)
    return TakeBudget(
      decided: decided, cores: 1,
      advice: ["cpu": "preset veryfast instead of medium", "disk-write-rate": "frame rate 25"])
  }

  @Test func warnsOncePerStretchOverAndKeepsTheWarningsForTheMetadata() {
    let clock = ManualClock()
    let cpu = FakeCPU()
    let budget = Self.budget(writeRate: 10_000_000)
    let meter = LiveCostMeter(
      cores: 1, windowSeconds: 1, warmUpSeconds: 0, budget: budget, clock: clock,
      cpuSeconds: cpu.read)
    var said: [TakeBudgetRecord.Warning] = []
    func run(seconds: Int, cpuPerSecond: Double) {
      for _ in 0..<seconds {
        clock.advance(by: 1_000_000_000)
        cpu.spend(cpuPerSecond)
        said += meter.sample(bytesWritten: 0, lagRepeats: 0).newWarnings
      }
    }
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    run(seconds: 2, cpuPerSecond: 0.5)
    #expect(said.isEmpty)
    run(seconds: 3, cpuPerSecond: 1.4)
    #expect(said.count == 1, "one warning while it stays over")
    run(seconds: 2, cpuPerSecond: 0.5)
    run(seconds: 2, cpuPerSecond: 1.2)
    #expect(said.count == 2, "a new stretch over warns again")
    #expect(said.map(\.resource) == ["CPU", "CPU"])
    #expect(said.map(\.time) == [3, 8])
    #expect(abs(said[0].cost - 1.4) < 1e-9)
    #expect(said[0].advice.hasPrefix("preset veryfast instead of medium"))
    #expect(budget.warningsSoFar == said)
  }

  @Test func theDiskWriteRateIsWeighedAgainstThePrediction() {
    let clock = ManualClock()
    let meter = LiveCostMeter(
      cores: 1, windowSeconds: 1, warmUpSeconds: 0, budget: Self.budget(writeRate: 2_000_000),
      clock: clock,
      cpuSeconds: { 0 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    clock.advance(by: 1_000_000_000)
    let reading = meter.sample(bytesWritten: 3_000_000, lagRepeats: 0)
    #expect(reading.resources.map(\.kind) == ["cpu", "disk-write-rate"])
    #expect(reading.largest?.name == "disk write rate")
    #expect(abs((reading.largest?.cost ?? 0) - 1.5) < 1e-9)
    #expect(reading.newWarnings.map(\.advice) == ["frame rate 25 (`dualcam budget` lists more)"])
    #expect(reading.warning?.hasPrefix("disk write rate over budget (cost 1.50)") == true)
  }

  @Test func withoutAPredictionOnlyTheCPUIsMeasured() {
    let clock = ManualClock()
    let meter = LiveCostMeter(cores: 1, warmUpSeconds: 0, clock: clock, cpuSeconds: { 0 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    clock.advance(by: 1_000_000_000)
    #expect(meter.sample(bytesWritten: 9_000_000, lagRepeats: 0).resources.map(\.kind) == ["cpu"])
  }

  static func output(_ name: String, busy: Double, frames: Int64) -> SessionSnapshot.Output {
    SessionSnapshot.Output(
      name: name, frames: frames, bytes: 0, busySeconds: busy, busyFrames: frames, queued: 1,
      queueCapacity: 4)
  }

  @Test func eachOutputThreadIsWeighedByItsTimePerFrame() throws {
    let clock = ManualClock()
    let meter = LiveCostMeter(
      cores: 2, windowSeconds: 1, warmUpSeconds: 0, budget: Self.budget(writeRate: nil),
      frameRate: FrameRate(numerator: 25), clock: clock, cpuSeconds: { 0 })
    _ = meter.sample(
      bytesWritten: 0, lagRepeats: 0,
      outputs: [
        Self.output("dualview", busy: 10, frames: 500), Self.output("front", busy: 1, frames: 500),
      ])
    clock.advance(by: 1_000_000_000)
    // 25 frames in the second: the dual view took 42 ms each (of 40), the front 4 ms.
    let reading = meter.sample(
      bytesWritten: 0, lagRepeats: 0,
      outputs: [
        Self.output("dualview", busy: 11.05, frames: 525),
        Self.output("front", busy: 1.1, frames: 525),
      ])
    let dual = try #require(reading.outputs.first { $0.name == "dualview" })
    #expect(abs(dual.millisecondsPerFrame - 42) < 1e-6 && dual.intervalMilliseconds == 40)
    #expect(abs(dual.cost - 1.05) < 1e-6)
    #expect(
      abs((reading.outputs.first { $0.name == "front" }?.millisecondsPerFrame ?? 0) - 4) < 1e-6)
    #expect(reading.largest?.name == "dualview output")
    #expect(reading.newWarnings.map(\.resource) == ["dualview output"])
    #expect(
      reading.newWarnings.first?.advice.hasPrefix("preset veryfast instead of medium") == true)
    #expect(reading.warning?.hasPrefix("dualview output over budget (cost 1.05)") == true)
  }

  @Test func theUSBBusIsWeighedFromTheBytesTheCamerasSend() throws {
    let clock = ManualClock()
    let decided = Self.budget(writeRate: nil).decided
    let bus = USBBusLoad(
      name: "USB bus usb1", speed: .high, cameras: [.front, .back], otherDemand: 0)
    let budget = TakeBudget(
      decided: decided, cores: 1, advice: ["usb-bus": "front camera MJPEG instead of YUYV"],
      usbBuses: [bus])
    let meter = LiveCostMeter(
      cores: 1, windowSeconds: 2, warmUpSeconds: 0, budget: budget, clock: clock,
      cpuSeconds: { 0 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0, cameraBytes: [.front: 1_000, .back: 0])
    clock.advance(by: 2_000_000_000)
    let sent: [CameraPosition: Int64] = [.front: 1_000 + 2 * 55_296_000, .back: 2 * 55_296_000]
    let reading = meter.sample(bytesWritten: 0, lagRepeats: 0, cameraBytes: sent)
    #expect(reading.cameraBytesPerSecond == [.front: 55_296_000, .back: 55_296_000])
    let usb = try #require(reading.resources.first { $0.kind == "usb-bus" })
    #expect(usb.name == "USB bus usb1")
    #expect(
      abs(usb.cost - bus.cost(bytesPerSecond: [.front: 55_296_000, .back: 55_296_000])) < 1e-12)
    #expect(usb.cost > 1, "two YUYV 720p30 streams are more than a USB 2.0 bus carries")
    #expect(reading.resources.map(\.kind) == ["usb-bus", "cpu"], "USB first, as predicted")
    #expect(
      reading.newWarnings.first?.advice.hasPrefix("front camera MJPEG instead of YUYV") == true)
  }

  @Test func theStartUpIsNotWeighedAndACostIsShownOnlyOverASecond() {
    let clock = ManualClock()
    let cpu = FakeCPU()
    let meter = LiveCostMeter(
      cores: 1, budget: Self.budget(writeRate: nil), clock: clock, cpuSeconds: cpu.read)
    var said: [TakeBudgetRecord.Warning] = []
    // The encoders' start-up: 1.8 cores' worth for two seconds, polled ten times a second.
    for _ in 0..<20 {
      clock.advance(by: 100_000_000)
      cpu.spend(0.18)
      let reading = meter.sample(bytesWritten: 0, lagRepeats: 0)
      #expect(reading.cpuCost == nil && reading.resources.isEmpty, "the start-up is not weighed")
      said += reading.newWarnings
    }
    // Then a light take: a tenth of a second is no window yet; a second is shown.
    clock.advance(by: 100_000_000)
    cpu.spend(0.05)
    #expect(meter.sample(bytesWritten: 0, lagRepeats: 0).cpuCost == nil)
    for _ in 0..<100 {
      clock.advance(by: 100_000_000)
      cpu.spend(0.05)
      said += meter.sample(bytesWritten: 0, lagRepeats: 0).newWarnings
    }
    #expect(said.isEmpty, "a light take warns of nothing: \(said)")
    #expect(abs((meter.sample(bytesWritten: 0, lagRepeats: 0).cpuCost ?? 0) - 0.5) < 1e-6)
  }

  @Test func aMomentOverIsNoWarningAWholeWindowIs() {
    let clock = ManualClock()
    let cpu = FakeCPU()
    let meter = LiveCostMeter(
      cores: 1, windowSeconds: 3, warmUpSeconds: 0, budget: Self.budget(writeRate: nil),
      clock: clock, cpuSeconds: cpu.read)
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    var said: [TakeBudgetRecord.Warning] = []
    func run(tenths: Int, cpuPerTenth: Double) {
      for _ in 0..<tenths {
        clock.advance(by: 100_000_000)
        cpu.spend(cpuPerTenth)
        said += meter.sample(bytesWritten: 0, lagRepeats: 0).newWarnings
      }
    }
    // 1.5 cores for a second and a half, while the window is not yet whole: shown, not said.
    run(tenths: 15, cpuPerTenth: 0.15)
    #expect(said.isEmpty)
    run(tenths: 40, cpuPerTenth: 0.03)
    #expect(said.isEmpty)
    // Over for a whole window: said once.
    run(tenths: 40, cpuPerTenth: 0.13)
    #expect(said.map(\.resource) == ["CPU"])
    #expect(said.allSatisfy { $0.cost > 1 && $0.repeatedFrames == nil })
  }

  @Test func repeatedFramesUnderOneAreSaidAsWhatTheyAreNotAsOver() {
    let clock = ManualClock()
    let meter = LiveCostMeter(
      cores: 2, warmUpSeconds: 0, budget: Self.budget(writeRate: nil), clock: clock,
      cpuSeconds: { 0.44 })
    _ = meter.sample(bytesWritten: 0, lagRepeats: 0)
    clock.advance(by: 1_000_000_000)
    let reading = meter.sample(bytesWritten: 0, lagRepeats: 5)
    #expect(reading.newWarnings.count == 1)
    let warning = reading.newWarnings.first
    #expect(warning?.repeatedFrames == 5)
    let line = warning.map(LiveResourceCost.line) ?? ""
    #expect(line.hasPrefix("CPU: the encoders fell behind and repeated 5 frames (cost 0.00)"))
    #expect(!line.contains("over budget"))
  }
}
