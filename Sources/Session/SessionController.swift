public import Audio
public import Capture
import Compositor
public import DualCamCore
import Encoding
public import Foundation

/// Drives a recording session: two sources, the scheduler, and per take the three outputs.
///
/// States: idle → previewing → recording ⇄ paused → finalizing → previewing. The TUI and the
/// `record` command call these methods from a control thread (the TUI stops a take from a
/// thread of its own while its main thread goes on reading); the per-frame work happens on the
/// sources', the scheduler's and the outputs' own threads, and the controller only reads their
/// counters. Everything the control calls share sits behind one lock (`control`).
///
/// Every wait — for the cameras' first frames, the scheduler's and the outputs' — goes through
/// the injected clock, so a test drives a whole take on a `ManualClock`.
public final class SessionController: Sendable {
  /// Where the session is in its lifecycle.
  public enum State: String, Sendable, Codable {
    case idle, previewing, recording, paused, finalizing
  }

  /// The settings the next take uses; only the layout can change after `init`.
  public var settings: RecordingSettings { control.withLock { $0.settings } }
  /// The front camera.
  public let front: any CameraSource
  /// The back camera.
  public let back: any CameraSource

  /// The sound input, when the session records sound.
  public var audioSource: (any AudioSource)? { audioInput?.source }
  /// Why the session records no sound although an input was chosen automatically (it could
  /// not be opened); nil otherwise.
  public var audioNote: String? { control.withLock { $0.audioNote } }

  let audioInput: SessionAudio?
  /// The second sound input (`--audio2`), when the session has one.
  let audioInput2: SessionAudio?
  private let audioRequired: Bool
  private let clock: any MonotonicClock
  private let wake = SchedulerWake()
  private let sink: SessionFrameSink
  private let control: Locked<Control>
  /// Test hook: how long (on the clock) each output takes to write a frame.
  let simulatedWriteTime: OutputWorker.WriteTime?

  /// What the control calls share, read and changed only holding the lock.
  private struct Control: Sendable {
    var state = State.idle
    var settings: RecordingSettings
    var scheduler: SlotScheduler?
    var take: TakeInProgress?
    var checkpointer: TakeCheckpointer?
    var audioNote: String?
    /// Watches the free space of the running take's disk.
    var diskGuard: DiskSpaceGuard?
    var diskSpaceProbe: DiskSpaceGuard.Probe = DiskSpaceGuard.freeBytes
    var diskCheckInterval = 1.0
    var takeBudget: TakeBudget?
    /// The take being finalized: its scheduler and outputs, for the progress of saving.
    var saving: (scheduler: SlotScheduler, workers: OutputSet<OutputWorker>)?
  }

  /// The budget of the next take (predicted and decided before it), written into its
  /// `metadata.json` with the measured cost at the end; nil records no budget.
  public var takeBudget: TakeBudget? {
    get { control.withLock { $0.takeBudget } }
    set { control.withLock { $0.takeBudget = newValue } }
  }

  /// Reads a folder's free space (tests stand in a small disk); used from the next take on.
  var diskSpaceProbe: DiskSpaceGuard.Probe {
    get { control.withLock { $0.diskSpaceProbe } }
    set { control.withLock { $0.diskSpaceProbe = newValue } }
  }
  /// How often the free space is checked during a take, in seconds.
  var diskCheckInterval: Double {
    get { control.withLock { $0.diskCheckInterval } }
    set { control.withLock { $0.diskCheckInterval = newValue } }
  }

  /// How many frames may wait in each camera's inbox before the oldest is dropped.
  static let inboxCapacity = 4
  /// How many frames may wait for each output.
  static let outputQueueCapacity = 6

  /// Creates an idle session; nothing runs until `startPreview()`.
  /// With `audio`, takes also record that sound input; when `audioRequired` is false (an input
  /// chosen automatically) a session whose input cannot be opened records without sound and
  /// says why in `audioNote`. With `audio2` as well, takes record a second input (which must
  /// open), as a second track or mixed into the first (`AudioSettings.arrangement`).
  public convenience init(
    settings: RecordingSettings, front: any CameraSource, back: any CameraSource,
    clock: any MonotonicClock = SystemMonotonicClock(), audio: (any AudioSource)? = nil,
    audioRequired: Bool = true, audio2: (any AudioSource)? = nil
  ) {
    self.init(
      settings: settings, front: front, back: back, clock: clock, simulatedWriteTime: nil,
      audio: audio, audioRequired: audioRequired, audio2: audio2)
  }

  /// Creates an idle session whose outputs take `simulatedWriteTime` of clock time per frame
  /// (tests make encoders fall behind this way on a `ManualClock`).
  init(
    settings: RecordingSettings, front: any CameraSource, back: any CameraSource,
    clock: any MonotonicClock, simulatedWriteTime: OutputWorker.WriteTime?,
    audio: (any AudioSource)? = nil, audioRequired: Bool = true,
    audio2: (any AudioSource)? = nil
  ) {
    let muted = settings.audioSettings.muted
    audioInput = audio.map { SessionAudio(source: $0, muted: muted) }
    audioInput2 = audio == nil ? nil : audio2.map { SessionAudio(source: $0, muted: muted) }
    self.audioRequired = audioRequired
    control = Locked(Control(settings: settings))
    self.front = front
    self.back = back
    self.clock = clock
    self.simulatedWriteTime = simulatedWriteTime
    sink = SessionFrameSink(inboxCapacity: Self.inboxCapacity, wake: wake, clock: clock)
  }

  deinit { shutdown() }

  /// The current state.
  public var state: State { control.withLock { $0.state } }

  // MARK: - Lifecycle

  /// Checks everything that can be checked before a camera is opened or a file created: sizes,
  /// layout, codec and container, and the output folder.
  public func validate() throws(DualCamError) {
    try Self.check(settings, frontSize: front.info.size, backSize: back.info.size)
    try checkStreamCopySources()
    _ = try OutputLocation.prepare(explicit: settings.outputDirectory)
  }

  /// Checks settings for two sources of the given sizes without opening anything: sizes,
  /// layout, codec, container and preset.
  public static func check(_ settings: RecordingSettings, frontSize: ImageSize, backSize: ImageSize)
    throws(DualCamError)
  {
    _ = try settings.size.validatedAsCameraSize()
    _ = try StackLayout(settings: settings.layout, frontSize: frontSize, backSize: backSize)
    let specs = try outputSpecs(
      settings, in: URL(fileURLWithPath: "/nonexistent"), name: "check", frontSize: frontSize,
      backSize: backSize)
    for spec in specs { try spec.validate() }
    if settings.audioSettings.input != .none {
      _ = try settings.audioSettings.validated(
        container: settings.container, videoCodec: settings.codec)
    }
  }

  /// Nil when `layout` can be applied now, else why not (a running take keeps its canvas size).
  public func canApplyLayout(_ layout: LayoutSettings) -> DualCamError? {
    do {
      let canvas = try StackLayout(
        settings: layout, frontSize: front.info.size, backSize: back.info.size
      ).canvasSize
      let (take, state) = control.withLock { ($0.take, $0.state) }
      if let take, state == .recording || state == .paused, take.specs.dualView.size != canvas {
        return .invalidArgument(
          "this layout makes the dual view \(canvas) instead of \(take.specs.dualView.size), and a "
            + "running take cannot change its size",
          fix: "stop the take first, or keep the canvas")
      }
      return nil
    } catch {
      return error
    }
  }

  /// Uses `layout` for the dual view from now on. During a take it applies from the next frame
  /// (and is written to the metadata), provided the canvas keeps its size.
  public func updateLayout(_ layout: LayoutSettings) throws(DualCamError) {
    let compositor = try StackCompositor(
      settings: layout, frontSize: front.info.size, backSize: back.info.size)
    if let problem = canApplyLayout(layout) { throw problem }
    control.withLock { control in
      if var take = control.take, control.state == .recording || control.state == .paused {
        // Slots decided so far keep the old layout; the next one is the first with the new.
        let frame = control.scheduler?.latestReport.statistics.slots ?? 0
        take.outputs.workers.dualView.replaceCompositor(compositor, fromFrame: frame)
        take.layoutChanges.append(.init(atFrame: frame, layout: layout))
        control.take = take
      }
      control.settings.layout = layout
    }
  }

  /// Starts both sources and the scheduler; frames flow to the preview.
  public func startPreview() throws(DualCamError) {
    guard state == .idle else { return }
    let scheduler = SlotScheduler(
      rate: settings.frameRate, clock: clock, sink: sink, wake: wake, audio: audioInput,
      audio2: audioInput2)
    let buffers = Self.framesHeldPerCamera
    do throws(DualCamError) {
      try front.start(clock: clock, sink: sink, bufferCount: buffers)
      do throws(DualCamError) {
        try back.start(clock: clock, sink: sink, bufferCount: buffers)
      } catch {
        front.stop()
        throw error
      }
    } catch {
      scheduler.shutdown()
      throw error
    }
    var audioNote: String?
    if let audioInput {
      do {
        try audioInput.start(clock: clock)
      } catch {
        guard !audioRequired else {
          front.stop()
          back.stop()
          scheduler.shutdown()
          throw error
        }
        // An input chosen automatically that cannot be opened: the takes go on without sound.
        audioNote = "no sound: \(error.problem)"
      }
    }
    if let audioInput2, audioInput?.isRunning == true {
      do {
        try audioInput2.start(clock: clock)
      } catch {
        // The second input was named by the user: no take starts without it.
        audioInput?.stop()
        front.stop()
        back.stop()
        scheduler.shutdown()
        throw error
      }
    }
    control.withLock { control in
      control.scheduler = scheduler
      control.audioNote = audioNote
      control.state = .previewing
    }
  }

  /// Starts a take: creates its folder and three files, then starts the presentation clock.
  /// With `frameLimit`, the take ends by itself after exactly that many frames (the snapshot's
  /// `takeEnded` turns true; call `stopRecording()` to finalize). Returns the partial folder.
  @discardableResult
  public func startRecording(frameLimit: Int64? = nil) throws(DualCamError) -> URL {
    if state == .idle { try startPreview() }
    let (state, scheduler, settings) = control.withLock { ($0.state, $0.scheduler, $0.settings) }
    guard state == .previewing, let scheduler else {
      throw .invalidArgument("a take is already being recorded", fix: "stop it first")
    }
    waitForFirstFrames()
    let root = try OutputLocation.prepare(explicit: settings.outputDirectory)
    let compositor = try StackCompositor(
      settings: settings.layout, frontSize: front.info.size, backSize: back.info.size)
    let startDate = Date()
    let folder = try TakeFolder.create(in: root, startingAt: startDate)
    // Made before the files, so that their writes find it (`WriteHooks`).
    let reserve = TakeSpaceReserve(in: folder.partialURL)
    let specs: OutputSet<OutputSpec>
    let writers: OutputSet<OutputWriter>
    let audioEncoders: [AudioEncoder]
    let takeAudio: TakeAudio?
    let placeholderFront = PlaceholderFrame.make(size: front.info.size, position: .front)
    let placeholderBack = PlaceholderFrame.make(size: back.info.size, position: .back)
    do {
      specs = try outputSpecs(in: folder.partialURL, name: folder.name)
      for spec in specs { try spec.validate() }
      audioEncoders = try makeAudioEncoders()
      writers = try OutputWriter.openAll(
        specs: specs,
        standIns: OutputSet(dualView: nil, front: placeholderFront, back: placeholderBack),
        audio: audioEncoders)
      let mixing = audioInput2?.isRunning == true && audioArrangement == .mix
      takeAudio =
        audioEncoders.isEmpty
        ? nil
        : try Self.makeTakeAudio(
          encoders: audioEncoders, writers: writers, videoRate: settings.frameRate,
          mixing: mixing, mute: audioInput?.mute ?? MuteSwitch(muted: false))
    } catch {
      placeholderFront.release()
      placeholderBack.release()
      reserve?.remove()
      folder.discard()
      throw error
    }
    let outputs = SlotScheduler.Outputs(
      workers: OutputSet { role in
        OutputWorker(
          role: role, compositor: compositor, writer: writers[role],
          queueCapacity: Self.outputQueueCapacity, wake: wake, clock: clock,
          writeTime: simulatedWriteTime)
      },
      placeholderFront: placeholderFront, placeholderBack: placeholderBack, audio: takeAudio)
    guard let lock = TakeLock(in: folder.partialURL) else {
      reserve?.remove()
      folder.discard()
      throw .outputUnavailable(
        "cannot create the lock file in \(folder.partialURL.path)",
        fix: "check that the output folder is on a local, writable file system")
    }
    let startTime = clock.now()
    let take = TakeInProgress(
      folder: folder, lock: lock, specs: specs, outputs: outputs, startTime: startTime,
      startDate: startDate, layout: settings.layout, reserve: reserve)
    let workers = Array(outputs.workers)
    let (interval, probe) = control.withLock { ($0.diskCheckInterval, $0.diskSpaceProbe) }
    let diskGuard = DiskSpaceGuard(folder: folder.partialURL, interval: interval, probe: probe) {
      let written = workers.map(\.framesWritten).min() ?? 0
      return DiskSpaceGuard.Progress(
        bytesWritten: workers.reduce(0) { $0 + $1.bytesWritten }, framesWritten: written,
        framesPending: max(0, scheduler.latestReport.statistics.slots - written))
    }
    control.withLock { control in
      control.take = take
      control.diskGuard = diskGuard
    }
    takeBudget?.takeStarted(loadSample(workers: []))
    checkpointMetadata()
    scheduler.resetReport()
    scheduler.send(.start(at: startTime, outputs: outputs, frameLimit: frameLimit))
    // The session keeps its own checkpoint on its clock, whichever front end drives it.
    let checkpointer = TakeCheckpointer(clock: clock, every: Self.checkpointInterval) {
      [weak self] in self?.checkpointMetadata()
    }
    control.withLock { control in
      control.checkpointer = checkpointer
      control.state = .recording
    }
    return folder.partialURL
  }

  /// Pauses the take: no frame captured from now until `resume()` reaches any file.
  public func pause() {
    let now = clock.now()
    control.withLock { control in
      guard control.state == .recording, let scheduler = control.scheduler else { return }
      control.take?.pauseStarted = now
      scheduler.send(.pause(at: now))
      control.state = .paused
    }
  }

  /// Resumes a paused take; the files continue with the next frame number.
  public func resume() {
    let now = clock.now()
    control.withLock { control in
      guard control.state == .paused, let scheduler = control.scheduler,
        var take = control.take, let started = take.pauseStarted
      else { return }
      take.pauses.append(
        PauseSpan(start: started, end: now, atFrame: scheduler.latestReport.statistics.slots))
      take.pauseStarted = nil
      control.take = take
      scheduler.send(.resume(at: now))
      control.state = .recording
    }
  }

  /// Pauses a recording take or resumes a paused one.
  public func togglePause() {
    if state == .paused { resume() } else { pause() }
  }

  /// Ends the take: waits for its last frames, closes and finalizes the three files, writes
  /// `metadata.json` and renames the folder. The session returns to previewing.
  public func stopRecording() throws(DualCamError) -> TakeResult {
    let stopTime = clock.now()
    // Claimed in one step, so two threads can never both finalize the take.
    let claimed = control.withLock {
      control -> (
        SlotScheduler, TakeInProgress, TakeCheckpointer?, DiskSpaceGuard?, RecordingSettings
      )? in
      guard control.state == .recording || control.state == .paused,
        let scheduler = control.scheduler, var take = control.take
      else { return nil }
      control.state = .finalizing
      if let started = take.pauseStarted {
        take.pauses.append(
          PauseSpan(start: started, end: nil, atFrame: scheduler.latestReport.statistics.slots))
        take.pauseStarted = nil
      }
      control.take = take
      control.saving = (scheduler, take.outputs.workers)
      let checkpointer = control.checkpointer
      control.checkpointer = nil
      return (scheduler, take, checkpointer, control.diskGuard, control.settings)
    }
    guard let (scheduler, take, checkpointer, diskGuard, settings) = claimed else {
      throw .invalidArgument("no take is being recorded", fix: "start one first")
    }
    // No checkpoint may land after (and over) the final metadata.
    checkpointer?.stop()
    let endedByItself = scheduler.latestReport.takeEnded  // its frame limit was reached
    scheduler.send(.stop(at: stopTime))
    let report = scheduler.waitForTakeEnd()
    // The cameras' bytes count up to the stop (they go on for the preview afterwards).
    let atStop = loadSample(workers: [])
    // A write that found the disk full (the reserve then gave room, and the guard may have
    // seen that room since), or else the guard's check.
    let guardSaw = diskGuard?.stop()
    let lowSpace = take.reserve?.diskFull ?? guardSaw
    let endDate = Date()
    control.withLock { control in
      control.take = nil
      control.diskGuard = nil
    }
    defer {
      control.withLock {
        $0.state = .previewing
        $0.saving = nil
      }
    }

    let finished = TakeFinisher.finishOutputs(take.outputs)
    var errors = finished.compactMap { output in
      output.error.map { "\(output.name): \($0.problem)" }
    }
    if let failed = report.outputFailure, let error = report.outputError {
      errors.insert("\(failed) output failed while recording: \(error.problem)", at: 0)
    }
    if report.statistics.slots == 0 && errors.isEmpty {
      take.reserve?.remove()
      take.folder.discard()
      throw .invalidArgument(
        "the take was stopped before its first frame; nothing was saved",
        fix: "record for at least one frame")
    }
    let stop = TakeStop(
      report: report, endedByItself: endedByItself, lowSpace: lowSpace, finished: Array(finished),
      frameRate: settings.frameRate, folder: take.folder.partialURL)
    var metadata = TakeMetadataBuilder(
      settings: settings, take: take, report: report, stopTime: stopTime, endDate: endDate,
      sources: (front, back), outputs: finished, errors: errors + stop.notes,
      events: sink.eventLog, inboxDrops: inboxDrops,
      status: errors.isEmpty ? .complete : .stoppedOnError
    ).build()
    (metadata.audio, metadata.audio2) = audioRecords(report.audio, take: take.outputs.audio)
    metadata.stopReason = stop.reason
    // The CPU time counts to now, finishing the files included; the outputs' to their last frame.
    var end = atStop
    end.cpuSeconds = TakeBudget.processCPUSeconds()
    end.outputs = take.outputs.workers.map(\.progress)
    end.lagRepeats = metadata.sync.repeatedForEncoderLag
    metadata.budget = takeBudget?.record(for: metadata, final: end, rate: settings.frameRate)
    if metadata.status == .complete {
      takeBudget?.learn(final: end, rate: settings.frameRate)
    }
    // The metadata is written before the real error is raised, and its own failure (likely on
    // a full disk) never hides that error.
    var metadataProblem: DualCamError?
    do {
      try TakeMetadataBuilder.write(metadata, to: take.folder.partialURL)
    } catch {
      metadataProblem = error
    }
    // Its room is no longer needed: the files are closed and the metadata written.
    take.reserve?.remove()
    if let error = report.outputError ?? finished.first(where: { $0.error != nil })?.error {
      take.lock.release()
      // A full disk the reserve could not cover: the files are cut to what they all hold.
      throw FailedTakeEnding.end(
        take.folder.partialURL, error: error, metadataProblem: metadataProblem,
        cut: take.reserve?.diskFull != nil)
    }
    if let metadataProblem { throw metadataProblem }
    take.lock.release()
    let folder = try take.folder.finalize()
    return TakeResult(folder: folder, metadata: metadata, problem: stop.problem)
  }

  /// Writes the take's `metadata.json` as it stands (status `recording`), so that a take
  /// interrupted by a crash is recovered with its settings, sources and counters up to here.
  /// Cheap enough to call every few seconds.
  public func checkpointMetadata() {
    let (take, scheduler, settings) = control.withLock { ($0.take, $0.scheduler, $0.settings) }
    guard let take, let scheduler else { return }
    let now = clock.now()
    let report = scheduler.latestReport
    var metadata = TakeMetadataBuilder(
      settings: settings, take: take, report: report, stopTime: now,
      endDate: Date(), sources: (front, back), outputs: nil, errors: [], events: sink.eventLog,
      inboxDrops: inboxDrops, status: .recording
    ).build()
    (metadata.audio, metadata.audio2) = audioRecords(report.audio, take: take.outputs.audio)
    metadata.budget = takeBudget?.record(for: metadata)
    try? TakeMetadataBuilder.write(metadata, to: take.folder.partialURL)
  }

  /// Stops any take (finalizing it), the sources and the scheduler.
  public func shutdown() {
    if state == .recording || state == .paused { _ = try? stopRecording() }
    guard let scheduler = control.withLock({ $0.scheduler }) else { return }
    front.stop()
    back.stop()
    scheduler.shutdown()
    audioInput2?.stop()
    audioInput?.stop()
    control.withLock { $0.scheduler = nil }
    sink.drain()
    control.withLock { $0.state = .idle }
  }

  // MARK: - Reading

  /// The take's counters now, for its measured cost: the process's CPU time, the cameras'
  /// bytes and `workers`' busy time (none at the take's start: its workers have done nothing).
  private func loadSample(workers: [OutputWorker]) -> TakeLoad.Sample {
    TakeLoad.Sample(
      time: clock.now(), cpuSeconds: TakeBudget.processCPUSeconds(),
      outputs: workers.map(\.progress),
      cameraBytes: [
        .front: front.counters.bytesReceived, .back: back.counters.bytesReceived,
      ])
  }

  /// What a stop still waits for: each output's frames to come (those handed to it and the
  /// repeats still owed) against those in its file, at the pace it kept during the take.
  private static func savingProgress(
    _ report: SlotScheduler.Report, _ workers: OutputSet<OutputWorker>
  ) -> SavingProgress {
    let outputs: [SavingProgress.Output] = workers.map { worker in
      let progress = worker.progress
      return SavingProgress.Output(
        name: worker.name, framesDue: report.dispatched + report.lagBacklog,
        framesWritten: progress.frames,
        secondsPerFrame: progress.busyFrames > 0
          ? progress.busySeconds / Double(progress.busyFrames) : nil)
    }
    return SavingProgress(outputs: outputs)
  }

  /// Counters for the progress line, the status bar and the diagnostics panel.
  public func snapshot() -> SessionSnapshot {
    let (state, scheduler, take, settings, diskGuard, saving) = control.withLock {
      ($0.state, $0.scheduler, $0.take, $0.settings, $0.diskGuard, $0.saving)
    }
    let report = scheduler?.latestReport ?? SlotScheduler.Report()
    let now = clock.now()
    var wall = 0.0
    var paused = 0.0
    if let take {
      wall = Double(now - take.startTime) / 1e9
      paused = take.pausedNanoseconds(until: now) / 1e9
    }
    func camera(_ position: CameraPosition, _ source: any CameraSource) -> SessionSnapshot.Camera {
      let counters = source.counters
      let sync = report.statistics[camera: position]
      return SessionSnapshot.Camera(
        // Frames lost before the synchronizer (no free buffer, a full inbox) leave gaps in the
        // sequence numbers it sees, so its total already includes them.
        label: source.info.label, delivered: counters.delivered, dropped: sync.droppedTotal,
        duplicates: sync.duplicates,
        signalLost: sink.channel(position).signalLost.load(ordering: .relaxed),
        maxArrivalDelay: Double(sync.maxArrivalDelayNanoseconds) / 1e9,
        bytesReceived: counters.bytesReceived)
    }
    let lowSpace = take == nil ? nil : take?.reserve?.diskFull ?? diskGuard?.lowSpace
    let outputs: [SessionSnapshot.Output] =
      take.map { take in
        take.outputs.workers.map(\.progress) as [SessionSnapshot.Output]
      } ?? []
    var snapshot = SessionSnapshot(
      state: state, recordedFrames: report.statistics.slots,
      recordedSeconds: Double(report.statistics.slots) / settings.frameRate.framesPerSecond,
      wallSeconds: wall, pausedSeconds: paused, lagRepeats: report.lagRepeats,
      front: camera(.front, front),
      back: camera(.back, back), outputs: outputs,
      failure: report.outputError.map { "\(report.outputFailure ?? "output"): \($0.problem)" }
        ?? lowSpace.map {
          $0.foundByWrite
            ? "the disk is full: the take stops and finishes with the room it set aside"
            : "the disk is almost full (\(DiskSpaceGuard.LowSpace.megabytes($0.freeBytes)) "
              + "free): the take stops while its files can still be finished"
        },
      takeFolder: take?.folder.partialURL,
      takeEnded: take != nil && (report.takeEnded || lowSpace != nil))
    snapshot.audio = take == nil ? nil : audioStatus(report.audio)
    if state == .finalizing, let saving {
      snapshot.saving = Self.savingProgress(saving.scheduler.latestReport, saving.workers)
    }
    snapshot.diskFull = lowSpace != nil
    snapshot.soundInput = soundInput()
    return snapshot
  }

  /// How fast the take fills the disk: from the bytes `snapshot` shows written once the take
  /// has run a few seconds, from the settings before.
  public func diskTimeEstimate(for snapshot: SessionSnapshot? = nil) -> DiskTimeEstimate {
    DiskTimeEstimate(
      settings: settings, frontSize: front.info.size, backSize: back.info.size,
      snapshot: snapshot)
  }

  // MARK: - Zoom

  /// Zooms camera `position` to `factor` (1…`CameraZoom.maximumFactor`): with the camera's own
  /// zoom when it has one (`.hardware`), else `.digital(factor)`, which the caller applies as
  /// the layout's front or back zoom.
  public func setZoom(_ factor: Double, for camera: CameraPosition) -> ZoomOutcome {
    (camera == .front ? front : back).zoom(to: factor)
  }

  /// The newest frame of `position` for the preview, retained: the caller releases it.
  public func latestFrame(_ position: CameraPosition) -> FrameBuffer? {
    sink.latestFrame(position)
  }

  // MARK: - Internals

  /// How long a take's start waits for a camera that has not delivered a frame yet. Real
  /// cameras take a few hundred milliseconds from stream-on to their first frame; starting the
  /// clock before that would open every take with "no signal" frames.
  static let firstFrameWait: Int64 = 3_000_000_000

  /// How often a running take's `metadata.json` is rewritten, on the session's clock.
  static let checkpointInterval: Int64 = 5_000_000_000

  /// Returns once both cameras have delivered a frame, or after `firstFrameWait` on the clock
  /// (a camera that stays silent is recorded as "no signal", which the metadata counts). Every
  /// delivery wakes the scheduler's signal, which is what this waits on.
  private func waitForFirstFrames() {
    let sink = sink
    wake.wait(
      until: {
        let front = sink.latestFrame(.front)
        let back = sink.latestFrame(.back)
        front?.release()
        back?.release()
        return front != nil && back != nil
      }, deadline: clock.now() + Self.firstFrameWait, clock: clock)
  }

  private var inboxDrops: (front: Int, back: Int) {
    (
      sink.channel(.front).inboxDrops.load(ordering: .relaxed),
      sink.channel(.back).inboxDrops.load(ordering: .relaxed)
    )
  }

  /// Frames of one camera that can be held at once: inbox, synchronizer, output queues
  /// (front/back and dual view), one in each encoder, the preview and one being filled.
  static var framesHeldPerCamera: Int { inboxCapacity + 7 + 2 * (outputQueueCapacity + 1) + 2 }

  func outputSpecs(in folder: URL, name: String) throws(DualCamError) -> OutputSet<OutputSpec> {
    try Self.outputSpecs(
      settings, in: folder, name: name, frontSize: front.info.size, backSize: back.info.size)
  }

  static func outputSpecs(
    _ settings: RecordingSettings, in folder: URL, name: String, frontSize: ImageSize,
    backSize: ImageSize
  ) throws(DualCamError) -> OutputSet<OutputSpec> {
    let canvas = try StackLayout(
      settings: settings.layout, frontSize: frontSize, backSize: backSize
    ).canvasSize
    let camera = settings.effectiveCameraCodec
    let copy = camera == .copy
    let sizes = OutputSet(dualView: canvas, front: frontSize, back: backSize)
    // Stream copies encode nothing and need no threads; the encoders share the cores.
    let threads = EncoderThreads.split(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      pixels: OutputSet { role in role == .dualView || !copy ? sizes[role].area : nil })
    return OutputSet { role in
      let size = sizes[role]
      let codec = role == .dualView ? settings.codec : camera.streamCodec
      let copies = role != .dualView && copy
      let fileName = "\(role)_\(name).\(settings.container.fileExtension)"
      return OutputSpec(
        name: role.rawValue, url: folder.appendingPathComponent(fileName), size: size,
        frameRate: settings.frameRate, codec: codec, container: settings.container,
        bitsPerSecond: copies
          ? nil
          : settings.bitrate.bitsPerSecond(size: size, rate: settings.frameRate, codec: codec),
        preset: copies ? nil : settings.preset(for: codec), encoderThreads: threads[role],
        streamCopy: copies)
    }
  }
}
