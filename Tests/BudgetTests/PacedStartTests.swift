import Budget
import DualCamCore
import Foundation
import Testing

@Suite("Paced encoders start their schedule together, and never wait for one that failed")
struct PacedStartTests {
  @Test("every encoder gets the same start, once the last has arrived")
  func together() {
    let start = PacedStart(encoders: 3)
    let starts = Locked<[Int: ContinuousClock.Instant]>([:])
    let arrivedLast = Locked<ContinuousClock.Instant?>(nil)
    let finished = DispatchSemaphore(value: 0)
    for encoder in 0..<3 {
      _ = WorkerThread(name: "paced-\(encoder)") {
        // The last one arrives well after the others, which must wait for it.
        if encoder == 2 {
          usleep(50_000)
          arrivedLast.withLock { $0 = ContinuousClock.now }
        }
        let instant = start.together(encoder)
        starts.withLock { $0[encoder] = instant }
        finished.signal()
      }
    }
    for _ in 0..<3 {
      #expect(finished.wait(timeout: .now() + 10) == .success)
    }
    let all = starts.withLock { $0 }
    #expect(all.count == 3)
    #expect(Set(all.values).count == 1)
    if let first = all.values.first, let last = arrivedLast.withLock({ $0 }) {
      #expect(first >= last)
    }
  }

  @Test("an encoder that failed before the schedule counts as arrived")
  func failedEncoder() {
    let start = PacedStart(encoders: 3)
    let finished = DispatchSemaphore(value: 0)
    // Not joined: were they to wait for the failed encoder for ever, the test fails instead.
    for encoder in 0..<2 {
      _ = WorkerThread(name: "paced-\(encoder)") {
        _ = start.together(encoder)
        finished.signal()
      }
    }
    usleep(20_000)
    start.leave(2)
    for _ in 0..<2 {
      #expect(finished.wait(timeout: .now() + 10) == .success)
    }
  }
}
