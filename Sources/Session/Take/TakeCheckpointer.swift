import DualCamCore

/// Rewrites a running take's `metadata.json` every few seconds on the session's clock, so that
/// a take interrupted by a crash is recovered with its settings, sources and counters up to
/// then. One thread per take, asleep between checkpoints; `stop()` wakes and joins it.
final class TakeCheckpointer: Sendable {
  private let interrupt: ClockInterrupt
  private let thread: WorkerThread

  /// Starts calling `write` every `interval` nanoseconds of `clock` time, the first time one
  /// interval from now.
  init(clock: any MonotonicClock, every interval: Int64, write: @escaping @Sendable () -> Void) {
    let interrupt = ClockInterrupt()
    self.interrupt = interrupt
    thread = WorkerThread(name: "checkpoint") {
      var due = clock.now() + interval
      while clock.sleep(until: due, interrupt: interrupt) {
        write()
        due = due + interval
      }
    }
  }

  /// Stops the checkpoints; returns once the last one (if one is being written) is on disk.
  func stop() {
    interrupt.fire()
    thread.join()
  }
}
