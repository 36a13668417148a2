import Audio
import DualCamCore
import Synchronization

/// A sound card played by the test: what opening does, and what each wait/read sees.
final class FakeALSASystem: ALSASystem, @unchecked Sendable {
  // Safe to share: every field is behind the mutex.
  enum Step: Sendable {
    /// A period is ready: `available` frames end at `time`.
    case period(time: MonotonicTime, available: Int)
    /// The next wait fails with `code`.
    case failure(Int32)
  }

  struct State {
    var openError: ALSACallError?
    var offered = ALSACapabilities(rates: 8_000...48_000, channels: 1...2, sampleFormats: [.s16])
    var scripts: [[Step]] = []
    var opens = 0
    var recoveries: [Int32] = []
    /// PCM handles opened and not yet freed (closed).
    var livePCMs = 0
  }

  let state = Mutex(State())

  init(scripts: [[Step]] = []) {
    state.withLock { $0.scripts = scripts }
  }

  func openCapture(_ name: String) throws(ALSACallError) -> any ALSAPCM {
    let result: Result<[Step], ALSACallError> = state.withLock { state in
      if let error = state.openError { return .failure(error) }
      state.opens += 1
      return .success(state.scripts.isEmpty ? [] : state.scripts.removeFirst())
    }
    switch result {
    case .success(let script): return FakePCM(system: self, script: script)
    case .failure(let error): throw error
    }
  }

  func captureDevices() -> [AudioDeviceDescription] {
    [
      AudioDeviceDescription(name: "hw:CARD=Mic,DEV=0", description: "USB Mic — direct"),
      AudioDeviceDescription(name: "default", description: "Default input"),
      AudioDeviceDescription(name: "hw:CARD=Mic,DEV=0", description: "USB Mic — direct"),
    ]
  }
}

final class FakePCM: ALSAPCM, @unchecked Sendable {
  // Safe to share: every field is behind the mutex.
  private let system: FakeALSASystem
  private let script: Mutex<(steps: [FakeALSASystem.Step], granted: ALSAConfiguration?)>

  init(system: FakeALSASystem, script: [FakeALSASystem.Step]) {
    self.system = system
    self.script = Mutex((script, nil))
    system.state.withLock { $0.livePCMs += 1 }
  }

  deinit { system.state.withLock { $0.livePCMs -= 1 } }

  func capabilities() throws(ALSACallError) -> ALSACapabilities {
    system.state.withLock { $0.offered }
  }

  func configure(_ request: ALSARequest) throws(ALSACallError) -> ALSAConfiguration {
    let offered = system.state.withLock { $0.offered }
    guard offered.sampleFormats.contains(request.format.sampleFormat) else {
      throw ALSACallError(operation: "snd_pcm_hw_params_set_format", code: ALSAErrno.invalid)
    }
    guard offered.channels.contains(request.format.channels) else {
      throw ALSACallError(operation: "snd_pcm_hw_params_set_channels", code: ALSAErrno.invalid)
    }
    var format = request.format
    format.sampleRate = min(
      max(format.sampleRate, offered.rates.lowerBound), offered.rates.upperBound)
    let granted = ALSAConfiguration(
      format: format, periodFrames: request.periodFrames,
      bufferFrames: request.periodFrames * request.periodsPerBuffer)
    script.withLock { $0.granted = granted }
    return granted
  }

  func wait(timeoutMilliseconds: Int32) throws(ALSACallError) -> Bool {
    let next: FakeALSASystem.Step? = script.withLock { $0.steps.first }
    switch next {
    case .none:
      SystemMonotonicClock().sleep(until: SystemMonotonicClock().now() + 2_000_000)
      return false
    case .failure(let code):
      script.withLock { _ = $0.steps.removeFirst() }
      throw ALSACallError(operation: "snd_pcm_wait", code: code)
    case .period:
      return true
    }
  }

  func timestamp() throws(ALSACallError) -> ALSATimestamp {
    guard case .period(let time, let available) = script.withLock({ $0.steps.first }) else {
      throw ALSACallError(operation: "snd_pcm_htimestamp", code: ALSAErrno.badState)
    }
    return ALSATimestamp(availableFrames: available, time: time)
  }

  func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(ALSACallError) -> Int {
    let granted = script.withLock { state -> ALSAConfiguration? in
      state.steps.removeFirst()
      return state.granted
    }
    guard let granted else { return 0 }
    let count = min(frames, granted.periodFrames)
    buffer.initializeMemory(
      as: UInt8.self, repeating: 0, count: count * granted.format.bytesPerFrame)
    return count
  }

  func recover(from code: Int32) throws(ALSACallError) {
    system.state.withLock { $0.recoveries.append(code) }
  }
}

/// Collects what a source delivers.
final class RecordingAudioSink: AudioSink, @unchecked Sendable {
  // Safe to share: every field is behind the mutex.
  struct Period: Equatable {
    var firstFrameIndex: Int64
    var captureTime: MonotonicTime
    var frames: Int
    var followsGap: Bool
  }

  let periods = Mutex<[Period]>([])
  let events = Mutex<[AudioSourceEvent]>([])
  let buffers = Mutex<[AudioPeriodBuffer]>([])
  let keepBuffers: Bool

  init(keepBuffers: Bool = false) { self.keepBuffers = keepBuffers }

  func deliver(_ period: AudioPeriodBuffer) {
    periods.withLock {
      $0.append(
        Period(
          firstFrameIndex: period.firstFrameIndex, captureTime: period.captureTime,
          frames: period.frameCount, followsGap: period.followsGap))
    }
    if keepBuffers {
      buffers.withLock { $0.append(period) }
    } else {
      period.release()
    }
  }

  func audioEvent(_ event: AudioSourceEvent) { events.withLock { $0.append(event) } }

  /// Waits (real time, up to two seconds) until `condition` holds.
  func waitUntil(_ condition: (RecordingAudioSink) -> Bool) -> Bool {
    let clock = SystemMonotonicClock()
    let deadline = clock.now() + 2_000_000_000
    while clock.now() < deadline {
      if condition(self) { return true }
      clock.sleep(until: clock.now() + 1_000_000)
    }
    return condition(self)
  }
}
