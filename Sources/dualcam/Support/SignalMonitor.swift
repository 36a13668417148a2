import DualCamCore
import Foundation
import Synchronization

/// Flags raised by signals; the handlers only store atomics (async-signal-safe), and the record
/// loop polls them.
private let stopSignalled = Atomic<Bool>(false)
private let stopSignals = Atomic<Int>(0)
private let pauseToggles = Atomic<Int>(0)

/// Turns SIGINT, SIGTERM and SIGHUP (a closed SSH session) into "stop and finalize", and
/// SIGUSR1 into "pause/resume".
final class SignalMonitor {
  private let clock: any MonotonicClock
  private var pauseDebouncer = SignalDebouncer()

  init(clock: any MonotonicClock = SystemMonotonicClock()) {
    self.clock = clock
    // A parent may hand us these signals blocked (libdispatch blocks them in its threads and
    // children inherit the mask); a recorder that ignores SIGTERM from its supervisor would lose
    // the take's finalization, so unblock them before any pipeline thread is started.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    signal(SIGINT) { _ in
      stopSignalled.store(true, ordering: .relaxed)
      stopSignals.add(1, ordering: .relaxed)
    }
    signal(SIGTERM) { _ in
      stopSignalled.store(true, ordering: .relaxed)
      stopSignals.add(1, ordering: .relaxed)
    }
    signal(SIGHUP) { _ in
      stopSignalled.store(true, ordering: .relaxed)
      stopSignals.add(1, ordering: .relaxed)
    }
    signal(SIGUSR1) { _ in pauseToggles.add(1, ordering: .relaxed) }
  }

  /// True once a stop was asked for.
  var stopRequested: Bool { Self.isStopRequested }

  /// True once a stop was asked for, readable from any thread.
  static var isStopRequested: Bool { stopSignalled.load(ordering: .relaxed) }

  /// How many stop signals have arrived, readable from any thread: one that arrives while the
  /// take is being saved means the user will not wait for it.
  static var stopSignalCount: Int { stopSignals.load(ordering: .relaxed) }

  /// True when SIGUSR1 arrived since the last call and should toggle pause: signals within
  /// `SignalDebouncer.pauseWindowNanoseconds` of the last toggle count as that one.
  func takePauseToggle() -> Bool {
    pauseDebouncer.accept(count: pauseToggles.load(ordering: .relaxed), at: clock.now())
  }
}
