import DualCamCore
import Foundation
import Synchronization
import Testing

@Suite("Thread processor clocks: another thread's time, and the threads a piece of code starts")
struct ThreadCPUClockTests {
  /// Spins the calling thread for `seconds` of its own processor time.
  static func spin(_ seconds: Double) {
    let start = ThreadCPUClock.currentThreadSeconds()
    var sink = 0
    while ThreadCPUClock.currentThreadSeconds() - start < seconds { sink &+= 1 }
    withExtendedLifetime(sink) {}
  }

  /// A thread started with pthread_create alone, as a C library starts its workers: it keeps
  /// its creator's name, spins 30 ms, says its id and waits for `release`.
  final class PlainThread: Sendable {
    let id = Mutex<Int32?>(nil)
    let release = DispatchSemaphore(value: 0)
    let handle = Mutex<pthread_t?>(nil)

    func start() {
      let context = Unmanaged.passRetained(self).toOpaque()
      var thread = pthread_t()
      #expect(
        pthread_create(
          &thread, nil,
          { context in
            let me = Unmanaged<PlainThread>.fromOpaque(context!).takeRetainedValue()
            ThreadCPUClockTests.spin(0.03)
            me.id.withLock { $0 = ThreadCPUClock.current.threadID }
            me.release.wait()
            return nil
          }, context) == 0)
      handle.withLock { $0 = thread }
    }

    func waitUntilRunning() -> Int32 {
      while true {
        if let id = id.withLock({ $0 }) { return id }
        usleep(1000)
      }
    }

    func finish() {
      release.signal()
      if let thread = handle.withLock({ $0 }) { pthread_join(thread, nil) }
    }
  }

  @Test("the threads started in the census, named as their creator, and nothing else")
  func census() throws {
    let found = Mutex<[ThreadCPUClock]>([])
    let started = Mutex<Int32?>(nil)
    let probe = WorkerThread(name: "census-probe") {
      let census = StartedThreads()
      let plain = PlainThread()
      plain.start()
      // A thread of another name started meanwhile (as a capture thread might be) is not one.
      let elsewhere = WorkerThread(name: "elsewhere") { ThreadCPUClockTests.spin(0.01) }
      started.withLock { $0 = plain.waitUntilRunning() }
      found.withLock { $0 = census.clocks() }
      elsewhere.join()
      let clocks = found.withLock { $0 }
      #expect(clocks.first?.name == "census-probe")
      #expect((clocks.first?.seconds ?? 0) >= 0.03)
      plain.finish()
      // An ended thread has no clock any more: once the kernel has reaped it, which can come
      // a moment after `pthread_join` returns (the join waits for the thread to clear its id,
      // early in its exit).
      #expect(Self.becomesNil(clocks.first))
    }
    probe.join()
    #expect(found.withLock { $0.map(\.threadID) } == [started.withLock { $0 }!])
  }

  /// Whether `clock` stops reading within five seconds.
  static func becomesNil(_ clock: ThreadCPUClock?) -> Bool {
    for _ in 0..<5000 {
      if clock?.seconds == nil { return true }
      usleep(1000)
    }
    return false
  }

  @Test("the calling thread's time grows with its work")
  func ownTime() {
    let clock = ThreadCPUClock.current
    let before = clock.seconds ?? -1
    Self.spin(0.02)
    #expect((clock.seconds ?? 0) - before >= 0.02)
    #expect(ThreadCPUClock.all().contains(clock))
  }
}
