public import Capture
public import DualCamCore
import Synchronization

/// A `FrameSink` that keeps what it is given: frame numbers, capture times and events.
public final class CollectingSink: FrameSink, @unchecked Sendable {
  /// One delivered frame, copied out before the buffer is released.
  public struct Delivery: Sendable, Equatable {
    public var position: CameraPosition
    public var sequence: UInt64
    public var captureTime: MonotonicTime
    public var stamp: FrameStamp?
  }

  private let state = Mutex<([Delivery], [SourceEvent])>(([], []))
  private let readStamps: Bool

  /// Creates a sink; with `readStamps` it also reads each frame's stamp from its pixels.
  public init(readStamps: Bool = true) { self.readStamps = readStamps }

  public func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
    let buffer = frame
    let delivery = Delivery(
      position: position, sequence: buffer.sequence, captureTime: buffer.captureTime,
      stamp: readStamps ? FrameStamp.read(from: buffer.image) : nil)
    buffer.release()
    state.withLock { $0.0.append(delivery) }
  }

  public func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {
    state.withLock { $0.1.append(event) }
  }

  /// Frames delivered so far.
  public var deliveries: [Delivery] { state.withLock { $0.0 } }
  /// Events reported so far.
  public var events: [SourceEvent] { state.withLock { $0.1 } }
}
