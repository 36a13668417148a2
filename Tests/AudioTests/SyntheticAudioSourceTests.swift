import Audio
import DualCamCore
import Testing

@Suite("Synthetic audio source")
struct SyntheticAudioSourceTests {
  @Test func periodsAreStampedAndClicksStartOnTheCamerasFrames() throws {
    let clock = ManualClock(start: .seconds(1000))
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float)
    // Cameras started 3 ms before the sound card; a click every 15th frame at 30 fps.
    let cameraStart = clock.now() - 3_000_000
    options.clickOrigin = cameraStart
    options.clickEveryFrames = 15
    let source = SyntheticAudioSource(options: options)
    let sink = RecordingAudioSink(keepBuffers: true)
    try source.start(clock: clock, sink: sink, bufferCount: 200)
    // 1.2 s in 10 ms steps: a period is delivered once its last frame is captured.
    for _ in 0..<120 {
      clock.advance(by: 10_000_000)
      #expect(sink.waitUntil { _ in true })
    }
    #expect(sink.waitUntil { $0.periods.withLock { $0.count } == 120 })
    source.stop()

    let buffers = sink.buffers.withLock { $0 }
    var onsets: [MonotonicTime] = []
    var previous: Float = 0
    for (number, buffer) in buffers.enumerated() {
      #expect(buffer.firstFrameIndex == Int64(number) * 480)
      #expect(buffer.captureTime == .seconds(1000) + Int64(number) * 10_000_000)
      for frame in 0..<buffer.frameCount {
        let value = buffer.sample(frame: frame, channel: 1)
        if value > 0.5, previous <= 0.5 {
          onsets.append(buffer.captureTime + Int64(frame) * 1_000_000_000 / 48_000)
        }
        previous = value
      }
      buffer.release()
    }
    // Camera frames 15, 30 (0 came before the card started): 0.5 s and 1 s after their start.
    let frameTimes = [15, 30].map { cameraStart + FrameRate(numerator: 30).time(ofFrame: $0) }
    #expect(onsets.count == frameTimes.count)
    for (onset, frame) in zip(onsets, frameTimes) {
      // The first frame captured at or after the camera frame: within one audio frame.
      #expect(onset >= frame)
      #expect(onset - frame < 1_000_000_000 / 48_000 + 1)
    }
  }

  @Test func aFastCardDeliversMoreFramesPerSecond() {
    var options = SyntheticAudioOptions()
    options.clockErrorPPM = 250
    let signal = SyntheticAudioSignal(start: .zero, options: options)
    // 48012 frames take one second of the monotonic clock.
    #expect(signal.captureTime(ofFrame: 48_012) == .seconds(1))
  }

  @Test func samplesRoundTripThroughEveryFormat() {
    for sampleFormat in AudioSampleFormat.allCases {
      var options = SyntheticAudioOptions()
      options.format = AudioFormat(sampleRate: 8_000, channels: 1, sampleFormat: sampleFormat)
      let signal = SyntheticAudioSignal(start: .zero, options: options)
      let pool = AudioPeriodPool(format: options.format, capacityFrames: 80, capacity: 1)
      let buffer = pool.lease()!
      signal.render(frames: 80, from: 7, into: buffer)
      for frame in 0..<80 {
        let expected = signal.sample(ofFrame: Int64(7 + frame))
        #expect(abs(buffer.sample(frame: frame, channel: 0) - expected) < 1e-4)
      }
      buffer.release()
      #expect(pool.availableCount == 1)
    }
  }
}
