public import Capture
public import DualCamCore
import Synchronization

/// A synthetic camera that goes dark for a while, as an unplugged camera does: between
/// `from` and `until` seconds after it starts it delivers nothing, having reported
/// `.signalLost`, then reports `.signalRestored` and delivers again.
public final class BlackoutCamera: CameraSource, @unchecked Sendable {
  private let inner: SyntheticCamera
  private let window: (from: Double, until: Double)

  /// Wraps a synthetic camera for `position` (with `options`) with a blackout from `from` to
  /// `until` seconds.
  public init(
    position: CameraPosition, size: ImageSize, rate: FrameRate, from: Double, until: Double,
    options: SyntheticCameraOptions = SyntheticCameraOptions()
  ) {
    inner = SyntheticCamera(position: position, size: size, rate: rate, options: options)
    window = (from, until)
  }

  public var info: SourceInfo { inner.info }
  public var counters: CaptureCounters { inner.counters }

  public func start(
    clock: any MonotonicClock, sink: any FrameSink, bufferCount: Int
  ) throws(DualCamError) {
    let gate = Gate(
      sink: sink, start: clock.now(), from: Int64(window.from * 1e9),
      until: Int64(window.until * 1e9))
    try inner.start(clock: clock, sink: gate, bufferCount: bufferCount)
  }

  public func stop() { inner.stop() }

  /// Passes frames through outside the blackout and reports the transitions.
  private final class Gate: FrameSink, @unchecked Sendable {
    let sink: any FrameSink
    let start: MonotonicTime
    let from: Int64
    let until: Int64
    let state = Mutex(0)  // 0 before, 1 dark, 2 after

    init(sink: any FrameSink, start: MonotonicTime, from: Int64, until: Int64) {
      self.sink = sink
      self.start = start
      self.from = from
      self.until = until
    }

    func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
      let buffer = frame
      let offset = buffer.captureTime - start
      let phase = offset < from ? 0 : offset < until ? 1 : 2
      let previous = state.withLock { current in
        defer { current = max(current, phase) }
        return current
      }
      if phase == 1 && previous == 0 {
        sink.sourceEvent(.signalLost(reason: "test blackout"), from: position)
      }
      if phase == 2 && previous < 2 { sink.sourceEvent(.signalRestored, from: position) }
      if phase == 1 {
        buffer.release()
      } else {
        sink.deliver(buffer, from: position)
      }
    }

    func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {
      sink.sourceEvent(event, from: position)
    }
  }
}
