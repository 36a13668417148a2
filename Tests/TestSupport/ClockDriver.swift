public import DualCamCore

/// Runs threads paced by a `ManualClock` from event to event, waiting at every step until they
/// have nothing left to do (swift-nio's `EmbeddedEventLoop.advanceTime`, for real threads).
///
/// Every wait of a session's threads goes through its clock, so the clock knows when they are
/// all blocked with nothing to wake them. The driver then moves the time to the earliest
/// deadline any of them sleeps for, and waits again. What the threads do depends only on the
/// clock's readings, never on how fast the machine is, so counts come out exact.
///
/// Threads woken at the same instant still run in either order, as they would in real time.
/// Where their order matters, a test keeps their events at different instants (two real cameras
/// never capture at the same nanosecond either).
public struct ClockDriver {
  /// The clock the threads run on.
  public let clock: ManualClock
  /// How many threads wait on the clock when all is quiet (it changes as threads start and
  /// end, e.g. with a take's outputs).
  public var threads: Int

  /// Drives `clock`, expecting `threads` threads.
  public init(clock: ManualClock, threads: Int) {
    self.clock = clock
    self.threads = threads
  }

  /// The threads did not settle (or a condition never came true) within the time allowed.
  public struct Stuck: Error, CustomStringConvertible {
    /// What was expected.
    public var description: String
  }

  /// Waits until the threads have nothing left to do at the current time.
  public func settle() throws {
    guard clock.waitUntilIdle(threads: threads) else {
      throw Stuck(description: "\(threads) threads did not settle at \(clock.now())")
    }
  }

  /// Moves the time `nanoseconds` ahead, stopping at every deadline on the way.
  public func advance(by nanoseconds: Int64) throws {
    let target = clock.now() + nanoseconds
    try settle()
    while let next = clock.nextDeadline, next <= target {
      clock.advance(to: next)
      try settle()
    }
    clock.advance(to: target)
    try settle()
  }

  /// Moves from deadline to deadline until `condition` holds (checked whenever the threads are
  /// idle), at most `limit` nanoseconds of clock time.
  public func run(until condition: () -> Bool, within limit: Int64) throws {
    let end = clock.now() + limit
    try settle()
    while !condition() {
      guard let next = clock.nextDeadline, next <= end else {
        throw Stuck(description: "the condition did not hold by \(end)")
      }
      clock.advance(to: next)
      try settle()
    }
  }
}
