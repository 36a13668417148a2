/// Takes a burst of the same signal for one request: a signal seen within `window` of the last
/// one acted on is ignored.
///
/// A user who presses a key bound to `kill -USR1` twice, or a script that sends the signal to a
/// process group and to the process, means one pause, not a pause and a resume. The record loop
/// polls every 0.1 s, so how far apart two signals are is known only to that resolution; the
/// window (0.3 s) is chosen so that signals less than 0.2 s apart always count once and signals
/// 0.4 s or more apart always count separately.
public struct SignalDebouncer: Sendable {
  /// Signals seen within this many nanoseconds of the last accepted one are ignored.
  public let windowNanoseconds: Int64
  private var lastAccepted: MonotonicTime?
  private var countSeen = 0

  /// The window of the record command's SIGUSR1.
  public static let pauseWindowNanoseconds: Int64 = 300_000_000

  /// Creates a debouncer with `windowNanoseconds`.
  public init(windowNanoseconds: Int64 = Self.pauseWindowNanoseconds) {
    self.windowNanoseconds = windowNanoseconds
  }

  /// Whether signals arrived since the last call that should be acted on: `count` is the number
  /// received so far (the handler's counter), `now` the time of this check.
  public mutating func accept(count: Int, at now: MonotonicTime) -> Bool {
    guard count != countSeen else { return false }
    countSeen = count
    if let lastAccepted, now - lastAccepted < windowNanoseconds { return false }
    lastAccepted = now
    return true
  }
}
