public import DualCamCore
import Synchronization

/// The capture thread every source runs, with what stopping it takes: a running flag, an
/// interrupt that ends clock sleeps at once, and the capture counters.
///
/// A source starts its loop body with `start(name:_:)`; the body runs while `isRunning`, passes
/// `interrupt` to every clock sleep, and counts what it delivers or drops. `stop()` returns once
/// the thread has ended, so no frame is delivered after it.
///
/// `@unchecked Sendable`: `thread` and `interrupt` are replaced only in `start` and `stop`,
/// which the one control thread calls, never while the capture thread could read them; the
/// counters and the running flag are atomics.
public final class CaptureLoop: @unchecked Sendable {
  private let running = Atomic<Bool>(false)
  private let delivered = Atomic<Int>(0)
  private let droppedNoBuffer = Atomic<Int>(0)
  private let bytesReceived = Atomic<Int64>(0)
  private var thread: WorkerThread?

  /// Fired by `stop()`; a sleep given it ends at once.
  public private(set) var interrupt = ClockInterrupt()

  /// Creates a loop that is not running.
  public init() {}

  /// True between `start` and `stop`.
  public var isRunning: Bool { running.load(ordering: .acquiring) }

  /// Runs `body` on a new thread called `name`; what it captures is handed to that thread.
  public func start(name: String, _ body: sending @escaping (CaptureLoop) -> Void) {
    precondition(thread == nil, "capture loop \(name) started twice")
    interrupt = ClockInterrupt()
    running.store(true, ordering: .releasing)
    thread = WorkerThread(name: name) { [self] in body(self) }
  }

  /// Stops the loop, wakes it from any sleep and waits for its thread to end.
  public func stop() {
    running.store(false, ordering: .releasing)
    interrupt.fire()
    thread?.join()
    thread = nil
  }

  /// Counts a frame handed to the sink.
  public func countDelivered() { delivered.add(1, ordering: .relaxed) }

  /// Counts a frame lost because every pool buffer was in use.
  public func countDroppedNoBuffer() { droppedNoBuffer.add(1, ordering: .relaxed) }

  /// Counts `bytes` that came from the device for one frame, whether it is kept or not.
  public func countReceived(bytes: Int) { bytesReceived.add(Int64(bytes), ordering: .relaxed) }

  /// What was counted so far.
  public var counters: CaptureCounters {
    var counters = CaptureCounters()
    counters.delivered = delivered.load(ordering: .relaxed)
    counters.droppedNoBuffer = droppedNoBuffer.load(ordering: .relaxed)
    counters.bytesReceived = bytesReceived.load(ordering: .relaxed)
    return counters
  }
}
