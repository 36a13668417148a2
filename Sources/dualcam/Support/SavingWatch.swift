import Foundation
import Session
import Synchronization

/// Says what the stop of a take still waits for while `SessionController.stopRecording()`
/// works, and lets the user leave: a stop signal (Ctrl-C again) during saving ends the process
/// at once, and the take is left for `dualcam recover`, which finishes it from its files.
///
/// Leaving is safe at any point: the files are written in fragments, the index rewrite goes
/// through a temporary file, and the take's lock dies with the process, which is how recovery
/// tells an interrupted take from a running one.
final class SavingWatch: Sendable {
  private let finished = Atomic<Bool>(false)
  private let ended = DispatchSemaphore(value: 0)

  /// Starts watching `session`'s stop of the take in `folder`; stop signals counted before this
  /// (the one that asked for the stop) do not count.
  /// `reports` says the progress (`inPlace`: one line redrawn on a terminal, otherwise a line
  /// every five seconds, as the recording's progress line).
  init(session: SessionController, folder: URL?, reports: Bool, inPlace: Bool) {
    let signalsBefore = SignalMonitor.stopSignalCount
    let interval = inPlace ? 0.25 : 5.0
    let thread = Thread { [self] in
      var lastSaid = Date.distantPast
      var drewInPlace = false
      defer { ended.signal() }
      while !finished.load(ordering: .relaxed) {
        Thread.sleep(forTimeInterval: 0.1)
        if SignalMonitor.stopSignalCount > signalsBefore {
          if drewInPlace { Console.writeError("\r\u{1B}[2K") }
          Self.leave(folder: folder)
        }
        guard reports, Date().timeIntervalSince(lastSaid) >= interval,
          let saving = session.snapshot().saving
        else { continue }
        lastSaid = Date()
        let line =
          "saving \(saving.percentDone)%: \(saving.summary)"
          + " (Ctrl-C again leaves the take to `dualcam recover`)"
        if inPlace {
          Console.writeError("\r\u{1B}[2K" + line)
          drewInPlace = true
        } else {
          Console.status(line)
        }
      }
      if drewInPlace { Console.writeError("\r\u{1B}[2K") }
    }
    thread.name = "saving-watch"
    thread.start()
  }

  /// Ends the watch once the stop has returned, its line cleared.
  func finish() {
    finished.store(true, ordering: .relaxed)
    ended.wait()
  }

  /// Ends the process, leaving the take where it is for recovery.
  private static func leave(folder: URL?) -> Never {
    Console.status(
      "stopped while saving: " + (folder.map(TakeLeftToRecover.advice(for:)) ?? ""))
    _exit(130)
  }
}
