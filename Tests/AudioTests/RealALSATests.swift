import Audio
import DualCamCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs only where a sound card exists (the lead's VM loads snd-aloop for it).
@Suite("Real ALSA capture")
struct RealALSATests {
  /// The first `hw:` capture device libasound lists, if any.
  static let device: String? = {
    guard access("/proc/asound/cards", R_OK) == 0 else { return nil }
    return LibASoundSystem().captureDevices().first { $0.name.hasPrefix("hw:") }?.name
  }()

  @Test(
    .enabled(
      if: device != nil,
      "no ALSA capture device on this machine (load snd-aloop or snd-dummy to run it)"))
  func opensARealDeviceAndStampsPeriodsOnTheMonotonicClock() throws {
    let clock = SystemMonotonicClock()
    let source = ALSACaptureSource(
      device: "plug" + Self.device!,
      format: AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .s16))
    let sink = RecordingAudioSink()
    let started = clock.now()
    try source.start(clock: clock, sink: sink, bufferCount: 16)
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } >= 20 })
    source.stop()
    let periods = sink.periods.withLock { $0 }
    #expect(source.info.format.sampleRate == 48_000)
    // Stamps on CLOCK_MONOTONIC: after the start (less the device's buffer), before now.
    #expect(periods.first!.captureTime > started - 1_000_000_000)
    #expect(periods.last!.captureTime < clock.now())
    for (earlier, later) in zip(periods, periods.dropFirst()) {
      let step = later.captureTime - earlier.captureTime
      let expected = Int64(earlier.frames) * 1_000_000_000 / 48_000
      #expect(abs(step - expected) < 5_000_000, "period step \(step) ns")
      #expect(later.firstFrameIndex == earlier.firstFrameIndex + Int64(earlier.frames))
    }
  }
}
