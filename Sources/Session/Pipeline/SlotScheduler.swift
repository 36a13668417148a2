import DualCamCore

/// The session's scheduler thread: it moves frames from the camera inboxes into the
/// `FrameSynchronizer` and hands every decided slot to all three outputs at once.
///
/// Stages never call each other; this thread is the only one that sees both cameras and all
/// outputs. A slot is dispatched only when all three output queues have room, so output frame
/// k reaches every file or none. While outputs are briefly full the synchronizer buffers. When
/// the encoders fall behind real time for longer, slots are still decided on time (so the two
/// cameras stay paired), and the ones that cannot be written are recorded as a repeat of the
/// last pair written — a frozen picture rather than drifting cameras, counted as encoder lag.
/// At most half a second of such repeats is owed at any time (`EncoderLag`): beyond that a
/// slot is held (written in no file, the picture before lasting longer), so a take over budget
/// neither queues work without end nor makes its stop wait for it.
///
/// `@unchecked Sendable`: `report` is read and written only holding `reportSignal`'s mutex,
/// `written` only on the scheduler thread, and `thread` only by the one control thread that
/// calls `shutdown()`; commands cross over in a `Mutex`.
final class SlotScheduler: @unchecked Sendable {
  /// The three outputs of a take and the stand-in frames for a camera without signal.
  struct Outputs: Sendable {
    var workers: OutputSet<OutputWorker>
    /// Shown in place of a camera that has delivered nothing (one reference held here).
    var placeholderFront: FrameBuffer
    var placeholderBack: FrameBuffer
    /// The take's sound, when it has any (scheduler thread only).
    var audio: TakeAudio?

    var haveRoom: Bool { workers.allSatisfy { $0.queue.hasRoom } }

    /// The first failed output, checked without building a collection (this runs every loop).
    var firstError: (String, DualCamError)? {
      for worker in workers {
        if let error = worker.error { return (worker.name, error) }
      }
      if let error = audio?.error { return ("sound", error) }
      return nil
    }
  }

  /// Requests from the session controller, applied on the scheduler thread in order.
  enum Command: Sendable {
    case start(at: MonotonicTime, outputs: Outputs, frameLimit: Int64?)
    case pause(at: MonotonicTime)
    case resume(at: MonotonicTime)
    case stop(at: MonotonicTime)
    case shutdown
  }

  /// What the scheduler tells the controller.
  struct Report: Sendable {
    var statistics = SyncStatistics()
    var phase = FrameSynchronizer.Phase.idle
    /// Set when a take's last slot has been dispatched; cleared by the next start.
    var takeEnded = false
    /// Slots that showed the previous pair again because the encoders were behind.
    var lagRepeats: Int64 = 0
    /// Of those, the slots held: no frame in any file (the one before lasts longer).
    var lagHeld: Int64 = 0
    /// Repeats still owed to the files (at the end of a take: what the stop still waits for).
    var lagBacklog: Int64 = 0
    /// Slots handed to the outputs so far (repeats included): each file's frames once written.
    var dispatched: Int64 = 0
    /// Frames written that repeat the frame written just before, per camera (front, back): what
    /// a viewer of the files sees, whatever the reason (a slow camera, encoder lag).
    var writtenRepeats: (front: Int64, back: Int64) = (0, 0)
    /// The first output error of the take: which output and what happened.
    var outputFailure: String?
    var outputError: DualCamError?
    /// The take's sound counters (nil: no sound).
    var audio: TakeAudio.Counters?
  }

  /// Both cameras, built once: `CameraPosition.allCases` makes a new array on every call, and
  /// this loop runs for every frame.
  private static let positions: [CameraPosition] = [.front, .back]

  private let rate: FrameRate
  private let clock: any MonotonicClock
  private let sink: SessionFrameSink
  private let wake: SchedulerWake
  private let commands = Locked<[Command]>([])
  private let reportSignal = ConditionSignal()
  private var report = Report()  // guarded by reportSignal
  private var thread: WorkerThread?
  /// What was last written for each camera (scheduler thread only).
  private var written = (front: WrittenFrames(), back: WrittenFrames())
  /// Slots handed to the outputs in this take (scheduler thread only).
  private var dispatchedSlots: Int64 = 0

  /// The session's sound input, emptied on every wake (nil: no sound).
  private let audioInput: SessionAudio?
  /// The second sound input, likewise (nil: none).
  private let audioInput2: SessionAudio?

  init(
    rate: FrameRate, clock: any MonotonicClock, sink: SessionFrameSink, wake: SchedulerWake,
    audio: SessionAudio? = nil, audio2: SessionAudio? = nil
  ) {
    audioInput = audio
    audioInput2 = audio2
    self.rate = rate
    self.clock = clock
    self.sink = sink
    self.wake = wake
    thread = WorkerThread(name: "scheduler") { [self] in run() }
  }

  /// Clears the previous take's report, so that no reader sees its `takeEnded` once a new take
  /// has been requested.
  func resetReport() {
    publish { $0 = Report(phase: .idle) }
  }

  /// Queues `command` for the scheduler thread.
  func send(_ command: Command) {
    commands.withLock { $0.append(command) }
    wake.notify()
  }

  /// The latest report.
  var latestReport: Report { reportSignal.locked { report } }

  /// Blocks until the take's last slot has been dispatched; returns the final report.
  func waitForTakeEnd() -> Report {
    var result = Report()
    clock.wait(
      on: reportSignal,
      until: {
        result = report
        return report.takeEnded
      }, deadline: nil)
    return result
  }

  /// Stops the thread (after any take has ended) and joins it.
  func shutdown() {
    send(.shutdown)
    thread?.join()
    thread = nil
  }

  // MARK: - Thread

  private func run() {
    var synchronizer = FrameSynchronizer(rate: rate)
    var outputs: Outputs?
    var lag = EncoderLag(limit: Self.backlogLimit(at: rate))
    while true {
      let seen = wake.current
      // Swapping in an empty array allocates nothing when there is no command (nearly always).
      let pending = commands.withLock { list in
        let taken = list
        list = []
        return taken
      }
      for command in pending {
        switch command {
        case .start(let time, let newOutputs, let frameLimit):
          outputs = newOutputs
          synchronizer.start(at: time)
          if let frameLimit { synchronizer.limitSlots(to: frameLimit) }
          publish { $0 = Report(phase: .recording) }
        case .pause(let time): synchronizer.pause(at: time)
        case .resume(let time): synchronizer.resume(at: time)
        case .stop(let time): synchronizer.stop(at: time)
        case .shutdown:
          return
        }
      }

      drainInboxes(into: &synchronizer)
      audioInput?.drain(into: outputs?.audio, input: 0, now: clock.now())
      audioInput2?.drain(into: outputs?.audio, input: 1, now: clock.now())
      for position in Self.positions {
        let lost = sink.channel(position).signalLost.load(ordering: .relaxed)
        synchronizer.setSignalLost(lost, camera: position)
      }

      if let current = outputs {
        if let (name, error) = current.firstError,
          synchronizer.phase == .recording
            || synchronizer.phase == .paused
        {
          // A file can no longer be written: end the take here, keeping what is on disk.
          synchronizer.stop(at: clock.now())
          publish {
            $0.outputFailure = name
            $0.outputError = error
          }
        }
        lag.dispatchDue(
          from: &synchronizer, to: current, now: clock.now(), grace: lagGrace,
          decided: { current.audio?.slotDecided(index: $0, target: $1) },
          dispatch: { dispatch($0, to: current) })
        if let audio = current.audio {
          if synchronizer.phase == .finished && lag.backlog == 0 && !audio.isDone {
            // The last slot is decided: complete the sound (its last frames are still being
            // captured for up to a frame interval), then drain the encoder.
            audio.finish(
              soundEnded: audioInput?.isRunning != true,
              secondEnded: audioInput2?.isRunning != true)
          }
          audio.pump(now: clock.now())
          let counters = audio.counters
          publish { $0.audio = counters }
        }
        let statistics = synchronizer.statistics
        let phase = synchronizer.phase
        let lagRepeats = lag.repeats
        let lagHeld = lag.held
        let lagBacklog = lag.backlog
        let writtenRepeats = (written.front.repeats, written.back.repeats)
        let dispatched = dispatchedSlots
        publish {
          $0.dispatched = dispatched
          $0.statistics = statistics
          $0.phase = phase
          $0.lagRepeats = lagRepeats
          $0.lagHeld = lagHeld
          $0.lagBacklog = lagBacklog
          $0.writtenRepeats = writtenRepeats
        }
        if phase == .finished && lag.backlog == 0 && current.audio?.isDone != false {
          current.placeholderFront.release()
          current.placeholderBack.release()
          lag.reset()
          written = (WrittenFrames(), WrittenFrames())
          dispatchedSlots = 0
          outputs = nil
          synchronizer = FrameSynchronizer(rate: rate)
          publish { $0.takeEnded = true }
        }
      }

      let idleDeadline = clock.now() + 100_000_000
      var deadline = min(synchronizer.nextDeadline ?? idleDeadline, idleDeadline)
      if outputs?.audio != nil {
        // Sound is rendered and encoded as it comes, not only when a frame arrives.
        deadline = min(deadline, clock.now() + 20_000_000)
      }
      if let current = outputs, !current.haveRoom { deadline = deadline + lagGrace }
      wake.wait(after: seen, deadline: deadline, clock: clock)
    }
  }

  private func drainInboxes(into synchronizer: inout FrameSynchronizer) {
    // The scheduler wakes when a frame is delivered, so the drain time is its arrival time.
    let arrival = clock.now()
    for position in Self.positions {
      let inbox = sink.channel(position).inbox
      while let frame = inbox.tryPop() {
        synchronizer.offer(frame, camera: position, arrival: arrival)
      }
    }
  }

  /// The most repeats an encoder backlog may owe: half a second of frames, at least four.
  static func backlogLimit(at rate: FrameRate) -> Int64 {
    max(4, Int64((rate.framesPerSecond / 2).rounded()))
  }

  /// How far past its deadline a slot may wait for room in the outputs before it is recorded
  /// as a repeat: long enough to ride out a hiccup (a disk flush, a slow keyframe).
  private var lagGrace: Int64 { 4 * rate.periodNanoseconds }

  private func dispatch(_ slot: SyncSlot, to outputs: Outputs) {
    // The slot brings one reference per frame; each frame goes to two jobs, so one more each.
    // A placeholder is owned by the outputs and needs both references taken here.
    let front = slot.front ?? outputs.placeholderFront
    let back = slot.back ?? outputs.placeholderBack
    if slot.front == nil { front.retain() }
    if slot.back == nil { back.retain() }
    front.retain()
    back.retain()
    written.front.note(front)
    written.back.note(back)
    dispatchedSlots += 1
    outputs.workers.forEach { role, worker in
      worker.queue.push(
        OutputJob(
          index: slot.index, front: role.shows(.front) ? front : nil,
          back: role.shows(.back) ? back : nil))
    }
  }

  private func publish(_ change: (inout Report) -> Void) {
    reportSignal.locked { change(&report) }
    reportSignal.broadcast()
  }
}

/// Counts written frames that repeat the one written before, recognising a frame by its capture
/// time and sequence number (buffers are reused, so identity would not do).
struct WrittenFrames {
  private var last: (time: MonotonicTime, sequence: UInt64, placeholder: Bool)?
  private(set) var repeats: Int64 = 0

  mutating func note(_ frame: FrameBuffer) {
    let key = (frame.captureTime, frame.sequence, frame.isPlaceholder)
    if let last, last == key { repeats += 1 }
    last = key
  }
}
