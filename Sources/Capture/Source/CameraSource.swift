public import DualCamCore

/// Anything that delivers timestamped frames: a V4L2 camera, a synthetic test pattern, a file.
///
/// A source runs its own capture thread between `start` and `stop` and hands every frame to the
/// sink as soon as it has it. It must never block on the sink: the session's queues drop (and
/// count) rather than stall a camera. Frames are I420 buffers from the source's own pool; the
/// sink takes over the reference.
public protocol CameraSource: AnyObject, Sendable {
  /// What the source is, for the user, the metadata and the budget.
  var info: SourceInfo { get }
  /// Starts capturing; frames go to `sink` until `stop()`. `bufferCount` is the size of the
  /// frame pool the source allocates: every frame held downstream keeps one buffer out.
  func start(clock: any MonotonicClock, sink: any FrameSink, bufferCount: Int) throws(DualCamError)
  /// Stops capturing and joins the capture thread; no frame is delivered after it returns.
  func stop()
  /// What the capture stage counted so far.
  var counters: CaptureCounters { get }
  /// True when every frame carries the camera's own compressed picture (`FrameBuffer.packet`),
  /// so its file can be a stream copy. False unless the source says otherwise.
  var deliversCompressedPictures: Bool { get }
  /// Zooms the camera optically or in its firmware when it can; otherwise tells the caller to
  /// zoom digitally. `factor` runs from 1 (none) to `CameraZoom.maximumFactor`.
  func zoom(to factor: Double) -> ZoomOutcome
}

extension CameraSource {
  public var deliversCompressedPictures: Bool { false }

  /// Sources without zoom hardware leave zooming to the compositor.
  public func zoom(to factor: Double) -> ZoomOutcome { .digital(CameraZoom.clamp(factor)) }
}

/// Receives frames and events from a source, on the source's capture thread.
public protocol FrameSink: AnyObject, Sendable {
  /// A new frame; the sink takes over the caller's reference.
  func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition)
  /// Something happened to the source that the user should know about.
  func sourceEvent(_ event: SourceEvent, from position: CameraPosition)
}

/// Events a source reports besides frames.
public enum SourceEvent: Sendable, Equatable {
  /// The source stopped delivering (unplugged, end of a non-looping file, read error).
  case signalLost(reason: String)
  /// The source delivers again after a loss.
  case signalRestored
}

/// Counters of one source's capture stage.
public struct CaptureCounters: Sendable, Hashable, Codable {
  /// Frames delivered to the sink.
  public var delivered: Int = 0
  /// Frames the source had but could not deliver because every pool buffer was in use.
  public var droppedNoBuffer: Int = 0
  /// Bytes the device handed over (a V4L2 buffer's `bytesused`, a file's frame), every frame
  /// counted, kept or not: for a USB camera, what really crossed the bus.
  public var bytesReceived: Int64 = 0

  /// Zeroed counters.
  public init() {}
}
