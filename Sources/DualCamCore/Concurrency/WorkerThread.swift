import Foundation

/// A dedicated, named OS thread that runs one closure and can be joined.
///
/// Pipeline stages run on threads of their own rather than on Swift concurrency's cooperative
/// pool: a capture or encoder loop blocks in poll(), sleeps and libav calls, which must never
/// starve other work.
///
/// The closure is `sending`: what it captures may be single-thread objects made for it (a
/// capture loop's state, a renderer), handed over whole and used by the new thread alone.
///
/// `@unchecked Sendable`: `thread` and `joined` are used only by the one thread that calls
/// `join()` (the owner that started it) and by `deinit`.
public final class WorkerThread: @unchecked Sendable {
  /// The name shown by `top -H` and debuggers (at most 15 characters are kept by Linux).
  public let name: String
  private var thread: pthread_t?
  private var joined = false

  private final class Body {
    let name: String
    let work: () -> Void
    init(name: String, work: @escaping () -> Void) {
      self.name = name
      self.work = work
    }
  }

  /// Starts `work` on a new thread called `name`.
  public init(name: String, _ work: sending @escaping () -> Void) {
    self.name = name
    let body = Unmanaged.passRetained(Body(name: name, work: work)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        // Foundation forwards this to pthread_setname_np, which Glibc hides behind _GNU_SOURCE.
        Thread.current.name = String(body.name.prefix(15))
        body.work()
        return nil
      }, body)
    precondition(result == 0, "could not start thread \(name): error \(result)")
    thread = handle
  }

  /// Waits for the closure to return. Calling it again does nothing.
  public func join() {
    guard !joined, let thread else { return }
    joined = true
    pthread_join(thread, nil)
  }

  deinit {
    if !joined, let thread { pthread_detach(thread) }
  }
}
