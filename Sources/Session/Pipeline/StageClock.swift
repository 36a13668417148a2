import DualCamCore
import Synchronization

/// The processor time one thread spends in one stage of its work (an output's encoder, the
/// dual view's compositor) and how many times it ran it: two reads of the thread's own clock
/// per frame, no allocation. Read from any thread.
final class StageClock: Sendable {
  private let nanoseconds = Atomic<Int64>(0)
  private let runs = Atomic<Int64>(0)

  /// Runs `stage` and counts its processor time on the calling thread.
  func time<Failure: Error>(_ stage: () throws(Failure) -> Void) throws(Failure) {
    let started = ThreadCPUClock.currentThreadSeconds()
    defer {
      let spent = ThreadCPUClock.currentThreadSeconds() - started
      nanoseconds.add(Int64(spent * 1e9), ordering: .relaxed)
      runs.add(1, ordering: .relaxed)
    }
    try stage()
  }

  /// Processor seconds counted so far.
  var seconds: Double { Double(nanoseconds.load(ordering: .relaxed)) / 1e9 }

  /// Times the stage ran.
  var count: Int64 { runs.load(ordering: .relaxed) }
}
