import Foundation
import Synchronization

/// Flags raised by signals; the handlers only store atomics (async-signal-safe), and the record
/// loop polls them.
private let stopSignalled = Atomic<Bool>(false)
private let pauseToggles = Atomic<Int>(0)

/// Turns SIGINT and SIGTERM into "stop and finalize" and SIGUSR1 into "pause/resume".
final class SignalMonitor {
  private var pauseTogglesSeen = 0

  init() {
    signal(SIGINT) { _ in stopSignalled.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in stopSignalled.store(true, ordering: .relaxed) }
    signal(SIGUSR1) { _ in pauseToggles.add(1, ordering: .relaxed) }
  }

  /// True once a stop was asked for.
  var stopRequested: Bool { stopSignalled.load(ordering: .relaxed) }

  /// True when a SIGUSR1 arrived since the last call.
  func takePauseToggle() -> Bool {
    let count = pauseToggles.load(ordering: .relaxed)
    defer { pauseTogglesSeen = count }
    return count != pauseTogglesSeen
  }
}
