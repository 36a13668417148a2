public import Budget
public import DualCamCore

/// What a take used between two instants, from the counters it keeps: the process's CPU time,
/// the bytes its files grew by, each output thread's busy time, each camera's bytes and the
/// frames repeated for encoder lag. The live cost (over the last seconds) and the measured cost
/// in `metadata.json` (over the whole take) are both read from one.
public struct TakeLoad: Sendable {
  /// The counters at one instant.
  public struct Sample: Sendable {
    /// When it was read.
    public var time: MonotonicTime
    /// The process's CPU seconds (every thread).
    public var cpuSeconds: Double
    /// Bytes of the three files together.
    public var bytesWritten: Int64
    /// Output frames repeated because the encoders fell behind.
    public var lagRepeats: Int64
    /// Each output's busy seconds and the frames written in them, in the take's order.
    public var outputs: [SessionSnapshot.Output]
    /// Bytes each camera's device handed over.
    public var cameraBytes: [CameraPosition: Int64]

    /// The counters of `snapshot`, read at `time` with the process at `cpuSeconds`.
    public init(snapshot: SessionSnapshot, time: MonotonicTime, cpuSeconds: Double) {
      self.time = time
      self.cpuSeconds = cpuSeconds
      bytesWritten = snapshot.outputs.reduce(0) { $0 + $1.bytes }
      lagRepeats = snapshot.lagRepeats
      outputs = snapshot.outputs
      cameraBytes = [.front: snapshot.front.bytesReceived, .back: snapshot.back.bytesReceived]
    }

    /// Counters given one by one (tests, and a take's start before any output has run).
    public init(
      time: MonotonicTime, cpuSeconds: Double, bytesWritten: Int64 = 0, lagRepeats: Int64 = 0,
      outputs: [SessionSnapshot.Output] = [], cameraBytes: [CameraPosition: Int64] = [:]
    ) {
      self.time = time
      self.cpuSeconds = cpuSeconds
      self.bytesWritten = bytesWritten
      self.lagRepeats = lagRepeats
      self.outputs = outputs
      self.cameraBytes = cameraBytes
    }
  }

  /// One output thread's load over the span.
  public struct OutputLoad: Sendable, Equatable {
    /// `dualview`, `front` or `back`.
    public var name: String
    /// Milliseconds its thread spent per frame.
    public var millisecondsPerFrame: Double
    /// Milliseconds between frames at the take's rate.
    public var intervalMilliseconds: Double
    /// The time per frame over the interval: above 1.0 the output cannot keep up on its own.
    public var cost: Double { millisecondsPerFrame / intervalMilliseconds }
    /// Processor milliseconds its encoder took per frame encoded (its slice threads
    /// included); nil for a stream copy.
    public var encoderCPUMillisecondsPerFrame: Double?
    /// Frames its encoder encoded in the span.
    public var encodedFrames: Int64
    /// Processor milliseconds the dual view's compositor took per frame; nil for the cameras'
    /// files.
    public var compositorCPUMillisecondsPerFrame: Double?
    /// Frames the compositor composed in the span.
    public var composedFrames: Int64 = 0
    /// `name`'s thread took `millisecondsPerFrame` of every `intervalMilliseconds`, its encoder
    /// `encoderCPUMillisecondsPerFrame` of processor time over `encodedFrames`.
    public init(
      name: String, millisecondsPerFrame: Double, intervalMilliseconds: Double,
      encoderCPUMillisecondsPerFrame: Double? = nil, encodedFrames: Int64 = 0
    ) {
      self.name = name
      self.millisecondsPerFrame = millisecondsPerFrame
      self.intervalMilliseconds = intervalMilliseconds
      self.encoderCPUMillisecondsPerFrame = encoderCPUMillisecondsPerFrame
      self.encodedFrames = encodedFrames
    }
  }

  /// The earlier and later counters.
  public let first: Sample
  public let last: Sample

  /// The load between `first` and `last`; nil when they span no time.
  public init?(from first: Sample, to last: Sample) {
    guard last.time > first.time else { return nil }
    self.first = first
    self.last = last
  }

  /// Seconds between the two samples.
  public var seconds: Double { Double(last.time - first.time) / 1e9 }

  /// CPU seconds per second over `cores`.
  public func cpuCost(cores: Double) -> Double {
    max(0, last.cpuSeconds - first.cpuSeconds) / seconds / max(cores, 1e-3)
  }

  /// Bytes per second the files grew by.
  public var diskBytesPerSecond: Double {
    Double(max(0, last.bytesWritten - first.bytesWritten)) / seconds
  }

  /// Frames repeated for encoder lag in the span.
  public var lagRepeats: Int64 { max(0, last.lagRepeats - first.lagRepeats) }

  /// Each output that wrote frames in the span, against a frame interval of `rate`. An output
  /// missing from `first` (the take's start) counts from zero.
  public func outputLoads(rate: FrameRate) -> [OutputLoad] {
    let interval = 1000 / rate.framesPerSecond
    return last.outputs.compactMap { output in
      let before = first.outputs.first { $0.name == output.name }
      let frames = output.busyFrames - (before?.busyFrames ?? 0)
      guard frames > 0 else { return nil }
      let milliseconds = (output.busySeconds - (before?.busySeconds ?? 0)) * 1000 / Double(frames)
      let encoded = output.encodedFrames - (before?.encodedFrames ?? 0)
      let encoderSeconds = output.encoderCPUSeconds - (before?.encoderCPUSeconds ?? 0)
      var load = OutputLoad(
        name: output.name, millisecondsPerFrame: milliseconds, intervalMilliseconds: interval,
        encoderCPUMillisecondsPerFrame: encoded > 0 ? encoderSeconds * 1000 / Double(encoded) : nil,
        encodedFrames: encoded)
      let composed = output.composedFrames - (before?.composedFrames ?? 0)
      if composed > 0 {
        load.composedFrames = composed
        load.compositorCPUMillisecondsPerFrame =
          (output.compositorCPUSeconds - (before?.compositorCPUSeconds ?? 0)) * 1000
          / Double(composed)
      }
      return load
    }
  }

  /// Bytes per second each camera's device handed over.
  public var cameraBytesPerSecond: [CameraPosition: Double] {
    var rates: [CameraPosition: Double] = [:]
    for (camera, bytes) in last.cameraBytes {
      rates[camera] = Double(max(0, bytes - (first.cameraBytes[camera] ?? 0))) / seconds
    }
    return rates
  }

  /// Each bus's cost from what its cameras sent, by the bus's name.
  public func usbCosts(_ buses: [USBBusLoad]) -> [(name: String, cost: Double)] {
    let rates = cameraBytesPerSecond
    return buses.map { ($0.name, $0.cost(bytesPerSecond: rates)) }
  }
}
