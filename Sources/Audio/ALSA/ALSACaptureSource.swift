public import DualCamCore

/// A sound card (or PipeWire/PulseAudio through `default`) captured through libasound.
///
/// Every period is stamped with the CLOCK_MONOTONIC capture time of its first frame, taken from
/// the device's own timestamp rather than from when the thread happened to read it (see
/// `ALSAPeriodReader`). Overruns are recovered and counted; when the device goes away mid-take
/// (a USB microphone unplugged) the source reports `signalLost`, tries to re-open it every half
/// second with the same format and, once back, reports `signalRestored`; the frames missed
/// meanwhile are counted as a gap.
public final class ALSACaptureSource: AudioSource, @unchecked Sendable {
  // Safe to share: `pool` and `reader` are set in `start` before the capture thread exists and
  // only the capture thread touches `reader` afterwards; `state` is behind a mutex.
  /// How often a lost device is looked for again, like a camera.
  public static let reopenIntervalNanoseconds: Int64 = 500_000_000

  private let system: any ALSASystem
  private let request: ALSARequest
  private let advisor: ALSAFailureAdvisor
  private let state: Locked<AudioSourceInfo>
  private let loop = AudioCaptureLoop()

  /// Creates a source for `device` (`default`, `hw:1,0`, `plughw:CARD=Mic`) asking for `format`
  /// in periods of `periodFrames` frames (the device picks the nearest it can).
  public init(
    device: String, format: AudioFormat, periodFrames: Int? = nil,
    system: any ALSASystem = LibASoundSystem()
  ) {
    self.system = system
    let frames = periodFrames ?? max(format.sampleRate / 100, 64)
    request = ALSARequest(format: format, periodFrames: frames)
    advisor = ALSAFailureAdvisor(device: device)
    state = Locked(
      AudioSourceInfo(
        kind: "alsa", label: device, device: device, format: format, periodFrames: frames))
  }

  public var info: AudioSourceInfo { state.withLock { $0 } }

  public var counters: AudioCaptureCounters { loop.counters }

  public func start(
    clock: any MonotonicClock, sink: any AudioSink, bufferCount: Int
  ) throws(DualCamError) {
    let opened = try open()
    let granted = opened.configuration
    let device = advisor.device
    let label = system.captureDevices().first { $0.name == device }?.description ?? device
    state.withLock {
      $0.format = granted.format
      $0.periodFrames = granted.periodFrames
      $0.label = label
    }
    let pool = AudioPeriodPool(
      format: granted.format, capacityFrames: granted.periodFrames, capacity: max(bufferCount, 2))
    // Read into this when every pool buffer is held downstream: the device must still be
    // drained, or it overruns.
    let spill = AudioPeriodPool(
      format: granted.format, capacityFrames: granted.periodFrames, capacity: 1)
    // The capture thread takes the reader out of this box, so that the thread's closure keeps
    // no copy of the first handle: when the card is unplugged the reader lets go of it and the
    // handle is closed at once, which the kernel needs before it can drop the card (and give
    // it a new number when it comes back).
    let handoff = Locked<ALSAPeriodReader?>(
      ALSAPeriodReader(
        pcm: opened.pcm, configuration: granted, clock: clock, sink: sink, pool: pool,
        spill: spill))
    loop.start(name: "audio-alsa") { [self] loop in
      guard var reader = handoff.withLock({ box in box.take() }) else { return }
      while loop.isRunning {
        if reader.isOpen {
          reader.readPeriod(loop: loop)
        } else {
          let next = clock.now() + Self.reopenIntervalNanoseconds
          guard clock.sleep(until: next, interrupt: loop.interrupt), loop.isRunning else { break }
          if let again = try? open(), again.configuration == granted {
            reader.restore(again.pcm)
            loop.count { $0.reopens += 1 }
          }
        }
      }
      reader.close()
    }
  }

  public func stop() { loop.stop() }

  /// Opens and configures the device, or says in words why it cannot.
  private func open() throws(DualCamError) -> (pcm: any ALSAPCM, configuration: ALSAConfiguration) {
    let pcm: any ALSAPCM
    do throws(ALSACallError) {
      pcm = try system.openCapture(advisor.device)
    } catch {
      throw advisor.openFailed(error)
    }
    let configuration: ALSAConfiguration
    do throws(ALSACallError) {
      configuration = try pcm.configure(request)
    } catch {
      throw advisor.configureFailed(
        error, wanted: request.format, offered: try? pcm.capabilities())
    }
    guard configuration.format.sampleRate == request.format.sampleRate else {
      let granted = configuration.format.sampleRate
      let offered = (try? pcm.capabilities())?.rates ?? granted...granted
      throw advisor.unsupportedRate(request.format.sampleRate, offered: offered)
    }
    return (pcm, configuration)
  }
}
