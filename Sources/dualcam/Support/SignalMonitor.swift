import Foundation
import Synchronization

/// Flags raised by signals; the handlers only store atomics (async-signal-safe), and the record
/// loop polls them.
private let stopSignalled = Atomic<Bool>(false)
private let pauseToggles = Atomic<Int>(0)

/// Turns SIGINT, SIGTERM and SIGHUP (a closed SSH session) into "stop and finalize", and
/// SIGUSR1 into "pause/resume".
final class SignalMonitor {
  private var pauseTogglesSeen = 0

  init() {
    // A parent may hand us these signals blocked (libdispatch blocks them in its threads and
    // children inherit the mask); a recorder that ignores SIGTERM from its supervisor would lose
    // the take's finalization, so unblock them before any pipeline thread is started.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&handled, number) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    signal(SIGINT) { _ in stopSignalled.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in stopSignalled.store(true, ordering: .relaxed) }
    signal(SIGHUP) { _ in stopSignalled.store(true, ordering: .relaxed) }
    signal(SIGUSR1) { _ in pauseToggles.add(1, ordering: .relaxed) }
  }

  /// True once a stop was asked for.
  var stopRequested: Bool { Self.isStopRequested }

  /// True once a stop was asked for, readable from any thread.
  static var isStopRequested: Bool { stopSignalled.load(ordering: .relaxed) }

  /// True when an odd number of SIGUSR1 arrived since the last call: two quick toggles cancel
  /// out instead of being taken for one.
  func takePauseToggle() -> Bool {
    let count = pauseToggles.load(ordering: .relaxed)
    defer { pauseTogglesSeen = count }
    return (count - pauseTogglesSeen) % 2 == 1
  }
}
