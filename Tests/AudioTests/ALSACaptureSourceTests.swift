import Audio
import DualCamCore
import Testing

@Suite("ALSA capture source (fake libasound)")
struct ALSACaptureSourceTests {
  let format = AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .s16)
  let start = MonotonicTime.seconds(1000)

  private func startError(
    _ system: FakeALSASystem, format: AudioFormat? = nil
  ) -> DualCamError? {
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format ?? self.format, periodFrames: 480, system: system)
    do {
      try source.start(clock: ManualClock(start: start), sink: RecordingAudioSink(), bufferCount: 4)
      source.stop()
      return nil
    } catch {
      return error
    }
  }

  @Test func missingDeviceSaysSoAndHowToList() {
    let system = FakeALSASystem()
    system.state.withLock {
      $0.openError = ALSACallError(
        operation: "snd_pcm_open", code: ALSAErrno.noEntry, message: "No such file or directory")
    }
    let error = startError(system)
    #expect(
      error?.problem == "there is no sound capture device 'hw:1,0' (No such file or directory)")
    #expect(error?.fix.contains("dualcam devices") == true)
    #expect(error?.exitCode == 66)
  }

  @Test func busyDeviceSaysAnotherProgramHoldsIt() {
    let system = FakeALSASystem()
    system.state.withLock {
      $0.openError = ALSACallError(operation: "snd_pcm_open", code: ALSAErrno.busy)
    }
    let error = startError(system)
    #expect(error?.problem == "sound device 'hw:1,0' is busy: another program is recording from it")
  }

  @Test func unsupportedRateNamesWhatTheDeviceOffers() {
    let system = FakeALSASystem()
    system.state.withLock {
      $0.offered = ALSACapabilities(rates: 48_000...48_000, channels: 1...2, sampleFormats: [.s16])
    }
    var asked = format
    asked.sampleRate = 44_100
    let error = startError(system, format: asked)
    #expect(error?.problem == "sound device 'hw:1,0' cannot record at 44100 Hz; it offers 48000 Hz")
    #expect(error?.fix.hasPrefix("use --audio-rate 48000") == true)
  }

  @Test func unsupportedChannelsAndFormatAreNamed() {
    let system = FakeALSASystem()
    system.state.withLock {
      $0.offered = ALSACapabilities(rates: 8_000...48_000, channels: 1...1, sampleFormats: [.s16])
    }
    #expect(
      startError(system)?.problem
        == "sound device 'hw:1,0' cannot record 2 channels; it records 1")
    var float = format
    float.channels = 1
    float.sampleFormat = .float
    #expect(
      startError(system, format: float)?.problem
        == "sound device 'hw:1,0' cannot capture float samples; it offers s16")
  }

  @Test func periodIsStampedWithTheCaptureTimeOfItsFirstFrame() throws {
    // 960 frames were waiting when the driver stamped its position at t: the oldest of them,
    // the first one read, was captured 20 ms before t.
    let stamp = start + 500_000_000
    let system = FakeALSASystem(scripts: [[.period(time: stamp, available: 960)]])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format, periodFrames: 480, system: system)
    try source.start(clock: ManualClock(start: start), sink: sink, bufferCount: 4)
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } == 1 })
    source.stop()
    let period = sink.periods.withLock { $0[0] }
    #expect(period.captureTime == stamp - 20_000_000)
    #expect(period.firstFrameIndex == 0)
    #expect(period.frames == 480)
    #expect(source.counters.periodsStampedOnRead == 0)
  }

  @Test func aStampOffTheMonotonicClockIsReplacedByTheReadTime() throws {
    // Wall-clock time (2026), as a device that ignored the monotonic timestamp type reports.
    let wallClock = MonotonicTime.seconds(1_790_000_000)
    let clock = ManualClock(start: start)
    let system = FakeALSASystem(scripts: [[.period(time: wallClock, available: 480)]])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "default", format: format, periodFrames: 480, system: system)
    try source.start(clock: clock, sink: sink, bufferCount: 4)
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } == 1 })
    source.stop()
    #expect(sink.periods.withLock { $0[0].captureTime } == start - 10_000_000)
    #expect(source.counters.periodsStampedOnRead == 1)
    #expect(source.info.label == "Default input")
  }

  @Test func overrunIsRecoveredCountedAndItsGapMeasured() throws {
    let first = start + 100_000_000
    let system = FakeALSASystem(scripts: [
      [
        .period(time: first, available: 480),
        .failure(ALSAErrno.overrun),
        // 30 ms after the first period ended, the stream captures again.
        .period(time: first + 40_000_000, available: 480),
      ]
    ])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format, periodFrames: 480, system: system)
    try source.start(clock: ManualClock(start: start), sink: sink, bufferCount: 4)
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } == 2 })
    source.stop()
    let periods = sink.periods.withLock { $0 }
    #expect(periods[1].firstFrameIndex == 480 + 1440)
    #expect(periods[1].followsGap)
    #expect(!periods[0].followsGap)
    let counters = source.counters
    #expect(counters.xruns == 1)
    #expect(counters.gaps == 1)
    #expect(counters.missingFrames == 1440)
    #expect(counters.periodsDelivered == 2)
    #expect(system.state.withLock { $0.recoveries } == [ALSAErrno.overrun])
  }

  @Test func unpluggedDeviceIsReportedReopenedAndItsGapCounted() throws {
    let clock = ManualClock(start: start)
    let first = start + 10_000_000
    let system = FakeALSASystem(scripts: [
      [.period(time: first, available: 480), .failure(ALSAErrno.noDevice)],
      // Back one second after the first period ended.
      [.period(time: first + 1_010_000_000, available: 480)],
    ])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format, periodFrames: 480, system: system)
    try source.start(clock: clock, sink: sink, bufferCount: 4)
    #expect(sink.waitUntil { $0.events.withLock { $0.count } == 1 })
    #expect(
      sink.events.withLock { $0 } == [.signalLost(reason: "the sound device was disconnected")])
    // Still unplugged at the first retry.
    system.state.withLock {
      $0.openError = ALSACallError(operation: "snd_pcm_open", code: ALSAErrno.noEntry)
    }
    clock.advance(by: ALSACaptureSource.reopenIntervalNanoseconds)
    #expect(sink.waitUntil { _ in true })
    system.state.withLock { $0.openError = nil }
    var restored = false
    for _ in 0..<40 where !restored {
      clock.advance(by: ALSACaptureSource.reopenIntervalNanoseconds)
      restored = sink.waitUntil { $0.periods.withLock { $0.count } == 2 }
    }
    source.stop()
    #expect(restored)
    #expect(sink.events.withLock { $0.last } == .signalRestored)
    let periods = sink.periods.withLock { $0 }
    #expect(periods.count == 2)
    #expect(periods[1].firstFrameIndex == 480 + 48_000)
    #expect(periods[1].followsGap)
    #expect(source.counters.signalLosses == 1)
    #expect(source.counters.missingFrames == 48_000)
    #expect(source.counters.gaps == 1)
  }

  @Test func anUnpluggedCardsHandleIsFreedAtOnceAndTheCardReopened() throws {
    let clock = ManualClock(start: start)
    let first = start + 10_000_000
    let system = FakeALSASystem(scripts: [
      [.period(time: first, available: 480), .failure(ALSAErrno.noDevice)],
      [.period(time: first + 2_010_000_000, available: 480)],
    ])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format, periodFrames: 480, system: system)
    try source.start(clock: clock, sink: sink, bufferCount: 4)
    // (The capture thread may already have met the unplug: only one handle was ever open.)
    #expect(system.state.withLock { $0.livePCMs } <= 1)
    #expect(sink.waitUntil { $0.events.withLock { $0.count } == 1 })
    // Lost: nothing holds the first handle any more, before any re-open is tried (the kernel
    // can only drop an unplugged card once every handle on it is closed).
    #expect(sink.waitUntil { _ in system.state.withLock { $0.livePCMs } == 0 })
    #expect(system.state.withLock { $0.opens } == 1)
    var restored = false
    for _ in 0..<40 where !restored {
      clock.advance(by: ALSACaptureSource.reopenIntervalNanoseconds)
      restored = sink.waitUntil { $0.periods.withLock { $0.count } == 2 }
    }
    #expect(restored)
    #expect(system.state.withLock { ($0.opens, $0.livePCMs) } == (2, 1))
    #expect(source.counters.reopens == 1)
    source.stop()
    #expect(system.state.withLock { $0.livePCMs } == 0)
    #expect(source.counters.gaps == 1)
    #expect(source.counters.missingFrames == 96_000)
  }

  @Test func aDeviceThatStopsDeliveringIsTreatedAsLost() throws {
    let clock = ManualClock(start: start)
    let system = FakeALSASystem(scripts: [[.period(time: start + 10_000_000, available: 480)]])
    let sink = RecordingAudioSink()
    let source = ALSACaptureSource(
      device: "hw:1,0", format: format, periodFrames: 480, system: system)
    try source.start(clock: clock, sink: sink, bufferCount: 4)
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } == 1 })
    #expect(sink.events.withLock { $0.isEmpty })
    clock.advance(by: 2_100_000_000)
    #expect(sink.waitUntil { $0.events.withLock { $0.count } == 1 })
    source.stop()
    #expect(
      sink.events.withLock { $0 }
        == [.signalLost(reason: "the sound device stopped delivering sound")])
  }

  @Test func devicesListDefaultFirstAndEachOnce() {
    let devices = AudioDeviceDiscovery.captureDevices(system: FakeALSASystem())
    #expect(devices.map(\.name) == ["default", "hw:CARD=Mic,DEV=0"])
  }
}
