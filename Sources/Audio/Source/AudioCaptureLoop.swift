import DualCamCore
import Synchronization

/// The capture thread every audio source runs: a running flag, an interrupt that ends clock
/// sleeps at once, and the counters.
///
/// The body runs while `isRunning` and passes `interrupt` to every clock sleep. `stop()` returns
/// once the thread has ended, so no period is delivered after it.
final class AudioCaptureLoop: @unchecked Sendable {
  // Safe to share: `thread` and `interrupt` change only in start/stop, which the owning source
  // calls from one control thread; everything the capture thread touches is atomic or locked.
  private let running = Atomic<Bool>(false)
  private let counted = Locked(AudioCaptureCounters())
  private var thread: WorkerThread?
  private(set) var interrupt = ClockInterrupt()

  init() {}

  var isRunning: Bool { running.load(ordering: .acquiring) }

  func start(name: String, _ body: @escaping @Sendable (AudioCaptureLoop) -> Void) {
    precondition(thread == nil, "audio capture loop \(name) started twice")
    interrupt = ClockInterrupt()
    running.store(true, ordering: .releasing)
    thread = WorkerThread(name: name) { [self] in body(self) }
  }

  func stop() {
    running.store(false, ordering: .releasing)
    interrupt.fire()
    thread?.join()
    thread = nil
  }

  /// Updates the counters (a short lock, no allocation).
  func count(_ update: (inout AudioCaptureCounters) -> Void) {
    counted.withLock { update(&$0) }
  }

  var counters: AudioCaptureCounters { counted.withLock { $0 } }
}
