import Audio
import DualCamCore
import Testing

/// The real libasound glue, against ALSA's `null` PCM (no sound card needed): configuration,
/// monotonic timestamps and reads go through the same calls as with a microphone.
@Suite("libasound through the null PCM")
struct LibASoundNullTests {
  static let nullOpens: Bool = (try? LibASoundSystem().openCapture("null")) != nil

  @Test(.enabled(if: nullOpens, "libasound's configuration has no `null` PCM here"))
  func configuresReadsAndStampsTheNullDevice() throws {
    let pcm = try LibASoundSystem().openCapture("null")
    let configuration = try pcm.configure(
      ALSARequest(
        format: AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .s16),
        periodFrames: 480))
    #expect(configuration.format.sampleRate == 48_000)
    #expect(configuration.periodFrames > 0)
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: configuration.periodFrames * 4, alignment: 16)
    defer { buffer.deallocate() }
    _ = try pcm.wait(timeoutMilliseconds: 100)
    let stamp = try pcm.timestamp()
    let read = try pcm.read(into: buffer, frames: configuration.periodFrames)
    #expect(read == configuration.periodFrames)
    // Stamped on CLOCK_MONOTONIC, the clock V4L2 frames carry.
    #expect(abs(stamp.time - SystemMonotonicClock().now()) < 1_000_000_000)
  }

  @Test func anUnknownDeviceIsAMissingDevice() {
    let source = ALSACaptureSource(
      device: "hw:CARD=NoSuchCard,DEV=0", format: AudioFormat(sampleRate: 48_000, channels: 2))
    #expect {
      try source.start(clock: ManualClock(), sink: RecordingAudioSink(), bufferCount: 4)
    } throws: { error in
      (error as? DualCamError)?.problem.hasPrefix(
        "there is no sound capture device 'hw:CARD=NoSuchCard,DEV=0'") == true
    }
  }

  @Test func listingLeavesOutTheNullDeviceAndOutputs() {
    let devices = AudioDeviceDiscovery.captureDevices()
    #expect(!devices.contains { $0.name == "null" })
    #expect(devices.allSatisfy { !$0.description.contains("\n") })
  }
}
