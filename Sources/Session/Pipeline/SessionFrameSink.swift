import Capture
import DualCamCore
import Synchronization

/// Where both sources deliver: one inbox per camera for the scheduler, and the latest frame of
/// each camera for the preview.
///
/// Runs on the capture threads, so it never blocks: a full inbox drops its oldest frame and
/// counts it.
final class SessionFrameSink: FrameSink, Sendable {
  /// Everything the sink keeps for one camera.
  final class Channel: Sendable {
    /// Frames waiting for the scheduler.
    let inbox: BoundedQueue<FrameBuffer>
    /// The newest frame, for the preview; holds one reference.
    let preview = Locked<FrameBuffer?>(nil)
    /// Frames dropped because the scheduler did not keep up.
    let inboxDrops = Atomic<Int>(0)
    /// Set while the source reports its signal lost.
    let signalLost = Atomic<Bool>(false)

    init(inboxCapacity: Int) { inbox = BoundedQueue(capacity: inboxCapacity) }
  }

  /// Something a source reported, and when.
  struct Event: Sendable {
    var time: MonotonicTime
    var text: String
    /// The camera and whether it lost (true) or regained (false) its signal.
    var camera: CameraPosition
    var signalLost: Bool
  }

  private let channels: [Channel]
  private let wake: SchedulerWake
  private let clock: any MonotonicClock
  private let events = Locked<[Event]>([])

  init(inboxCapacity: Int, wake: SchedulerWake, clock: any MonotonicClock) {
    channels = CameraPosition.allCases.map { _ in Channel(inboxCapacity: inboxCapacity) }
    self.wake = wake
    self.clock = clock
  }

  /// The state kept for `position`.
  func channel(_ position: CameraPosition) -> Channel { channels[position.rawValue] }

  func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
    let buffer = frame
    let channel = channels[position.rawValue]
    // The preview keeps its own reference to the newest frame and gives back the one before.
    buffer.retain()
    let replaced = channel.preview.withLock { latest in
      let previous = latest
      latest = buffer
      return previous
    }
    replaced?.release()

    if let dropped = channel.inbox.pushDroppingOldest(buffer) {
      dropped.release()
      channel.inboxDrops.add(1, ordering: .relaxed)
    }
    wake.notify()
  }

  func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {
    let channel = channels[position.rawValue]
    switch event {
    case .signalLost(let reason):
      channel.signalLost.store(true, ordering: .relaxed)
      record("\(position) camera: signal lost (\(reason))", camera: position, signalLost: true)
    case .signalRestored:
      channel.signalLost.store(false, ordering: .relaxed)
      record("\(position) camera: signal restored", camera: position, signalLost: false)
    }
    wake.notify()
  }

  /// The newest frame of `position`, retained for the caller (who must release it).
  func latestFrame(_ position: CameraPosition) -> FrameBuffer? {
    channels[position.rawValue].preview.withLock { latest in
      latest?.retain()
      return latest
    }
  }

  /// Source events so far, oldest first.
  var eventLog: [Event] { events.withLock { $0 } }

  private func record(_ text: String, camera: CameraPosition, signalLost: Bool) {
    let event = Event(time: clock.now(), text: text, camera: camera, signalLost: signalLost)
    events.withLock { $0.append(event) }
  }

  /// Gives back every frame held (at shutdown, after the sources stopped).
  func drain() {
    for channel in channels {
      while let frame = channel.inbox.tryPop() { frame.release() }
      let latest = channel.preview.withLock { latest in
        defer { latest = nil }
        return latest
      }
      latest?.release()
    }
  }
}

/// Wakes the scheduler thread when there is something new for it (a frame, a command, room in
/// an output queue).
final class SchedulerWake: Sendable {
  private let signal = ConditionSignal()
  private let generation = Atomic<UInt64>(0)

  func notify() {
    generation.add(1, ordering: .releasing)
    signal.broadcast()
  }

  /// The current generation; pass it to `wait` to sleep until something newer happens.
  var current: UInt64 { generation.load(ordering: .acquiring) }

  /// Sleeps until `notify()` is called after `seen` was read, or until `clock` reaches
  /// `deadline`.
  func wait(after seen: UInt64, deadline: MonotonicTime, clock: any MonotonicClock) {
    clock.wait(
      on: signal, until: { generation.load(ordering: .acquiring) != seen }, deadline: deadline)
  }

  /// Sleeps until `condition` holds (re-checked at every `notify()`, e.g. each delivered
  /// frame) or until `clock` reaches `deadline`; returns whether it held.
  @discardableResult
  func wait(
    until condition: () -> Bool, deadline: MonotonicTime, clock: any MonotonicClock
  ) -> Bool {
    clock.wait(on: signal, until: condition, deadline: deadline)
  }
}
