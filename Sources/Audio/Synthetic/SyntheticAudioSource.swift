public import DualCamCore

/// A built-in sound card that plays a tone with clicks lined up with the synthetic cameras'
/// frames, at the pace of the injected clock.
///
/// It stands in for a microphone on machines without one and is how tests measure sync: a click
/// starts at the capture time of every Nth camera frame, and each period is stamped with the
/// capture time of its first frame exactly as an ALSA card's would be. The simulated card's
/// clock can run fast or slow (`clockErrorPPM`) to exercise drift correction.
public final class SyntheticAudioSource: AudioSource, @unchecked Sendable {
  // Safe to share: all state is immutable after init or owned by the capture loop.
  public let info: AudioSourceInfo
  private let options: SyntheticAudioOptions
  private let loop = AudioCaptureLoop()

  /// Creates a synthetic source playing `options`.
  public init(options: SyntheticAudioOptions = SyntheticAudioOptions()) {
    self.options = options
    info = AudioSourceInfo(
      kind: "synthetic", label: "Synthetic tone with clicks", device: "synthetic",
      format: options.format, periodFrames: options.periodFrames)
  }

  public func start(
    clock: any MonotonicClock, sink: any AudioSink, bufferCount: Int
  ) throws(DualCamError) {
    let format = try options.format.validated()
    guard options.periodFrames > 0 else {
      throw .invalidArgument("a synthetic audio period needs at least one frame", fix: "use 480")
    }
    let pool = AudioPeriodPool(
      format: format, capacityFrames: options.periodFrames, capacity: max(bufferCount, 1))
    let signal = SyntheticAudioSignal(start: clock.now(), options: options)
    let periodFrames = options.periodFrames
    loop.start(name: "audio-synth") { loop in
      var first: Int64 = 0
      while loop.isRunning {
        // A period exists once its last frame has been captured.
        let complete = signal.captureTime(ofFrame: first + Int64(periodFrames))
        guard clock.sleep(until: complete, interrupt: loop.interrupt), loop.isRunning else {
          break
        }
        defer { first += Int64(periodFrames) }
        guard let buffer = pool.lease() else {
          loop.count { $0.droppedNoBuffer += 1 }
          continue
        }
        signal.render(frames: periodFrames, from: first, into: buffer)
        loop.count {
          $0.periodsDelivered += 1
          $0.framesDelivered += Int64(periodFrames)
        }
        sink.deliver(buffer)
      }
    }
  }

  public func stop() { loop.stop() }

  public var counters: AudioCaptureCounters { loop.counters }
}
