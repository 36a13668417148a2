public import DualCamCore

/// A built-in camera that paints a moving test pattern, stamped with its frame number and
/// capture time, at the pace of the injected clock.
///
/// It stands in for a real camera when none is connected and is how most tests check sync:
/// the stamps can be read back from the recorded files. Options add the faults of real
/// cameras (rate error, jitter, phase, lost frames) deterministically.
public final class SyntheticCamera: CameraSource, Sendable {
  public let info: SourceInfo
  private let position: CameraPosition
  private let options: SyntheticCameraOptions
  private let loop = CaptureLoop()

  /// Creates a synthetic camera for `position` producing `size` at `rate` unless `options`
  /// override them.
  public init(
    position: CameraPosition, size: ImageSize, rate: FrameRate,
    options: SyntheticCameraOptions = SyntheticCameraOptions()
  ) {
    self.position = position
    self.options = options
    let actualSize = options.size ?? size
    let actualRate = options.frameRate ?? rate
    var details: [String: String] = ["seed": String(options.seed)]
    if options.phaseNanoseconds > 0 { details["phase_ns"] = String(options.phaseNanoseconds) }
    if options.jitterNanoseconds > 0 { details["jitter_ns"] = String(options.jitterNanoseconds) }
    if options.dropProbability > 0 { details["drop_probability"] = String(options.dropProbability) }
    if options.dropEvery > 0 { details["drop_every"] = String(options.dropEvery) }
    info = SourceInfo(
      kind: .synthetic,
      label: options.label ?? "Synthetic test pattern (\(position))",
      identity: "synthetic:\(position)",
      size: actualSize, frameRate: actualRate, nativeFormat: "I420", details: details)
  }

  public func start(
    clock: any MonotonicClock, sink: any FrameSink, bufferCount: Int
  ) throws(DualCamError) {
    let pool = FramePool(format: .i420, size: info.size, capacity: bufferCount)
    let renderer = TestPatternRenderer(
      size: info.size, sourceID: UInt8(position.rawValue),
      label: options.label ?? "SYNTHETIC \(position)".uppercased())
    let firstTimeline = SyntheticTimeline(
      start: clock.now(), rate: info.frameRate, options: options)
    let position = position
    let frameBytes = PixelFormat.i420.byteCount(of: info.size)
    loop.start(name: "synth-\(position)") { loop in
      var timeline = firstTimeline
      while loop.isRunning {
        let capture = timeline.next()
        guard clock.sleep(until: capture.time, interrupt: loop.interrupt), loop.isRunning else {
          break
        }
        guard let frame = pool.lease() else {
          loop.countDroppedNoBuffer()
          continue
        }
        renderer.render(frameNumber: capture.sequence, captureTime: capture.time, into: frame.image)
        frame.captureTime = capture.time
        frame.sequence = capture.sequence
        loop.countReceived(bytes: frameBytes)
        loop.countDelivered()
        sink.deliver(frame, from: position)
      }
    }
  }

  public func stop() { loop.stop() }

  public var counters: CaptureCounters { loop.counters }
}
