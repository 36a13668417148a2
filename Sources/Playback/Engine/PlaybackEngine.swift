public import DualCamCore
import Foundation

/// Plays a take: decodes its files on a thread of its own into small pools, timed to an
/// injected clock, and publishes the newest picture for the interface to take.
///
/// Commands (play, pause, seek, step, speed, view) only record a request and wake the thread;
/// they never wait for decoding. Seeks land on the exact frame, a new view shows the same
/// frame number from the other file, and side by side decodes front and back at the same
/// frame. While playing, a frame whose moment has passed is skipped and counted, never shown
/// late. Errors (a damaged file, the take deleted) stop playback and are reported in
/// `status.error`. Call `close()` when done: the thread holds the engine until then.
public final class PlaybackEngine: @unchecked Sendable {
  // @unchecked: `shared` is only touched under `signal`'s mutex; `cursors`, `schedule` and the
  // other thread-side fields only on the engine's thread (after `init` hands them over).

  /// The take playing.
  public let take: PlaybackTake
  private let clock: any MonotonicClock
  private let signal = ConditionSignal()
  private var shared: Shared
  private var thread: WorkerThread?

  // Engine thread only.
  private var cursors: [PlaybackOutput: FrameCursor] = [:]
  private var schedule: PlaybackSchedule
  private var shownView: PlaybackView?
  private var wasPlaying = false
  private var lastFolderCheck: MonotonicTime

  /// What commands ask for and what the thread publishes, under `signal`'s mutex.
  private struct Shared {
    var status = PlaybackStatus()
    var picture: PlaybackPicture?
    var seekTarget: Int64?
    /// A seek the thread has taken and not yet shown: where relative moves start from.
    var seekInFlight: Int64?
    var requests: Int64 = 0
    var servicedRequests: Int64 = 0
    var servicedTime = MonotonicTime.zero
    var stopping = false
  }

  /// How often the thread checks that the take's folder still exists, in clock time.
  static let folderCheckInterval: Int64 = 1_000_000_000
  /// How soon to try again when every picture buffer is still held.
  static let retryInterval: Int64 = 5_000_000

  /// Opens `take`'s three files and starts at `frame` in `view`, paused.
  public init(
    take: PlaybackTake, clock: any MonotonicClock, view: PlaybackView = .dualview,
    frame: Int64 = 0
  ) throws(DualCamError) {
    self.take = take
    self.clock = clock
    for output in PlaybackOutput.allCases {
      guard let file = take.files[output] else { continue }
      cursors[output] = try FrameCursor(output, file: file, frameRate: take.frameRate)
    }
    var shared = Shared()
    shared.status.view = view
    shared.seekTarget = min(max(frame, 0), take.frameCount - 1)
    shared.requests = 1
    self.shared = shared
    schedule = PlaybackSchedule(rate: take.frameRate, speed: .normal, frame: 0, at: clock.now())
    lastFolderCheck = clock.now()
    thread = WorkerThread(name: "dualcam-player") { [self] in run() }
  }

  deinit { shared.picture?.release() }

  /// Stops the thread and lets go of the pictures. Calling it again does nothing.
  public func close() {
    signal.locked { shared.stopping = true }
    signal.broadcast()
    thread?.join()
    thread = nil
    signal.locked {
      shared.picture?.release()
      shared.picture = nil
    }
  }

  // MARK: - Commands (any thread)

  /// Where playback is now.
  public var status: PlaybackStatus { signal.locked { shared.status } }

  /// The newest picture, with a reference for the caller (`release()` it), if it is newer
  /// than picture number `seen` (`status.pictureNumber` of the last one taken).
  public func picture(newerThan seen: Int64) -> (PlaybackPicture, number: Int64)? {
    signal.locked {
      guard shared.status.pictureNumber > seen, let picture = shared.picture else { return nil }
      return (picture.retained(), shared.status.pictureNumber)
    }
  }

  /// Plays from where it is (from the start again once it reached the end).
  public func play() {
    request { shared in
      guard shared.status.error == nil else { return }
      if shared.status.reachedEnd || shared.status.frame >= take.frameCount - 1 {
        shared.seekTarget = 0
      }
      shared.status.isPlaying = true
      shared.status.reachedEnd = false
    }
  }

  /// Holds the current frame.
  public func pause() { request { $0.status.isPlaying = false } }

  /// Plays when paused, pauses when playing.
  public func togglePlaying() {
    if status.isPlaying { pause() } else { play() }
  }

  /// Shows frame `index` (clamped to the take), exactly; playing goes on from there.
  public func seek(toFrame index: Int64) {
    request { shared in
      shared.seekTarget = min(max(index, 0), take.frameCount - 1)
      shared.status.reachedEnd = false
    }
  }

  /// Moves by `seconds` of the take (negative: back) from the frame shown or asked for last.
  public func seek(bySeconds seconds: Double) {
    let frames = Int64(saturating: (seconds * take.frameRate.framesPerSecond).rounded())
    move(by: frames, pausing: false)
  }

  /// Pauses and moves by `frames` frames (negative: back).
  public func step(by frames: Int64) { move(by: frames, pausing: true) }

  /// Goes to the first frame.
  public func seekToStart() { seek(toFrame: 0) }

  /// Goes to the last frame and pauses there.
  public func seekToEnd() {
    request { shared in
      shared.seekTarget = take.frameCount - 1
      shared.status.isPlaying = false
    }
  }

  /// Plays at `speed` from now on.
  public func setSpeed(_ speed: PlaybackSpeed) { request { $0.status.speed = speed } }

  /// Shows `view` from the same frame number.
  public func setView(_ view: PlaybackView) { request { $0.status.view = view } }

  /// Blocks (in real time, up to `timeout` seconds) until the thread has carried out every
  /// command so far and caught up with the clock's present time; returns the status then.
  /// For tests and for callers that must see a command's effect.
  @discardableResult
  public func settle(timeout: Double = 10) -> PlaybackStatus {
    let now = clock.now()
    let deadline = SystemMonotonicClock().now() + Int64(timeout * 1e9)
    signal.wait(
      until: {
        shared.stopping
          || (shared.servicedRequests == shared.requests && shared.servicedTime >= now)
      }, deadline: deadline)
    return status
  }

  private func move(by frames: Int64, pausing: Bool) {
    request { shared in
      let from = shared.seekTarget ?? shared.seekInFlight ?? shared.status.frame
      shared.seekTarget = min(max(from + frames, 0), take.frameCount - 1)
      shared.status.reachedEnd = false
      if pausing { shared.status.isPlaying = false }
    }
  }

  private func request(_ change: (inout Shared) -> Void) {
    signal.locked {
      change(&shared)
      shared.requests += 1
    }
    signal.broadcast()
  }

  // MARK: - The engine's thread

  private func run() {
    while true {
      let now = clock.now()
      let (wanted, stopping) = signal.locked {
        shared.seekInFlight = shared.seekTarget
        return (
          Wanted(
            seek: shared.seekTarget.take(), playing: shared.status.isPlaying,
            speed: shared.status.speed, view: shared.status.view, frame: shared.status.frame,
            failed: shared.status.error != nil, requests: shared.requests),
          shared.stopping
        )
      }
      if stopping { return }
      let wake = service(wanted, now: now)
      signal.locked {
        shared.seekInFlight = nil
        shared.servicedRequests = wanted.requests
        shared.servicedTime = now
      }
      signal.broadcast()
      sleep(until: wake, serviced: wanted.requests)
    }
  }

  /// What the thread is asked for, copied out of `shared` at the start of a turn.
  private struct Wanted {
    var seek: Int64?
    var playing: Bool
    var speed: PlaybackSpeed
    var view: PlaybackView
    var frame: Int64
    var failed: Bool
    var requests: Int64
  }

  /// One turn: shows what was asked for or what is due; returns when to look again (nil: only
  /// when a command comes).
  private func service(_ wanted: Wanted, now: MonotonicTime) -> MonotonicTime? {
    guard !wanted.failed else { return nil }
    do throws(DualCamError) {
      if now - lastFolderCheck >= Self.folderCheckInterval {
        lastFolderCheck = now
        guard FileManager.default.fileExists(atPath: take.folder.path) else {
          fail("The take \(take.name) was deleted or moved while playing")
          return nil
        }
      }
      var frame = wanted.frame
      if wanted.seek != nil || wanted.view != shownView {
        frame = wanted.seek ?? wanted.frame
        guard try show(frame, view: wanted.view, dropped: 0) else {
          // Every buffer is still held: ask again shortly rather than lose the seek.
          signal.locked { shared.seekTarget = shared.seekTarget ?? frame }
          return now + Self.retryInterval
        }
        schedule.restart(at: frame, time: now, speed: wanted.speed)
      }
      guard wanted.playing else {
        wasPlaying = false
        return nil
      }
      if !wasPlaying || schedule.speed != wanted.speed {
        schedule.restart(at: frame, time: now, speed: wanted.speed)
        wasPlaying = true
      }
      let last = take.frameCount - 1
      let due = min(schedule.frameDue(at: now), last)
      if due > frame, try !show(due, view: wanted.view, dropped: due - frame - 1) {
        return now + Self.retryInterval
      }
      if due >= last {
        signal.locked {
          shared.status.isPlaying = false
          shared.status.reachedEnd = true
        }
        wasPlaying = false
        return nil
      }
      return schedule.time(of: due + 1)
    } catch {
      fail(error.description)
      return nil
    }
  }

  /// Decodes `frame` for `view` and publishes it; false when no buffer was free.
  private func show(_ frame: Int64, view: PlaybackView, dropped: Int64) throws(DualCamError)
    -> Bool
  {
    // No arrays here: this runs for every frame shown.
    guard let primary = try cursors[view.primaryOutput]?.decode(frame) else { return false }
    var secondary: FrameBuffer?
    if let output = view.secondaryOutput {
      do throws(DualCamError) {
        secondary = try cursors[output]?.decode(frame)
      } catch {
        primary.release()
        throw error
      }
      guard secondary != nil else {
        primary.release()
        return false
      }
    }
    let picture = PlaybackPicture(
      frame: frame, view: view, primary: primary, secondary: secondary)
    shownView = view
    let previous = signal.locked {
      let previous = shared.picture
      shared.picture = picture
      shared.status.frame = frame
      shared.status.view = view
      shared.status.shownFrames += 1
      shared.status.droppedFrames += dropped
      shared.status.pictureNumber += 1
      return previous
    }
    previous?.release()
    return true
  }

  private func fail(_ message: String) {
    signal.locked {
      shared.status.error = message
      shared.status.isPlaying = false
    }
  }

  /// Waits for `deadline` on the clock, or for a command after the `serviced` ones (one that
  /// came during the turn wakes it at once). The system clock is waited on directly; another
  /// clock (a test's) is polled every 2 ms of real time.
  private func sleep(until deadline: MonotonicTime?, serviced requests: Int64) {
    let real = SystemMonotonicClock()
    let limit: MonotonicTime
    switch (deadline, clock is SystemMonotonicClock) {
    case (let deadline?, true): limit = deadline
    // Paused: woken by commands; a look now and then notices a deleted take.
    case (nil, true): limit = real.now() + 250_000_000
    default: limit = real.now() + 2_000_000
    }
    signal.wait(until: { shared.stopping || shared.requests != requests }, deadline: limit)
  }
}
