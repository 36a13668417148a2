import Budget
import Capture
import Compositor
import DualCamCore
import Foundation
import Media
import Playback
import TestSupport
import Testing

@testable import Session

/// Whole takes — synthetic cameras, scheduler, compositor, encoders, muxers — on a
/// `ManualClock`: the test moves the time from event to event and waits at each step until every
/// thread is idle, so what is recorded depends only on the clock, never on the machine's load.
/// Every count is exact; the real-time suites (`RecordedTakeTests`) stay as end-to-end checks.
@Suite("Takes on the manual clock have exact counts", .serialized)
struct ManualClockTakeTests {
  static let size = ImageSize(width: 320, height: 240)
  static let rate = FrameRate(numerator: 30)
  static let second: Int64 = 1_000_000_000
  static let millisecond: Int64 = 1_000_000
  /// Threads that wait on the clock while previewing: one per synthetic camera and the scheduler.
  static let previewThreads = 3
  /// During a take also one per output file and the checkpoint writer.
  static let takeThreads = 7

  /// A session on a manual clock and the driver that moves it.
  final class Rig {
    let folder: TemporaryFolder
    let clock = ManualClock()
    let session: SessionController
    var driver: ClockDriver
    /// When the cameras started (their frame 0).
    let origin: MonotonicTime

    init(
      front: String = "synthetic", back: String = "synthetic",
      backCamera: ((RecordingSettings) throws -> any CameraSource)? = nil,
      writeTime: OutputWorker.WriteTime? = nil
    ) throws {
      folder = try TemporaryFolder()
      var settings = RecordingSettings()
      settings.size = ManualClockTakeTests.size
      settings.frameRate = ManualClockTakeTests.rate
      settings.outputDirectory = folder.url.path
      session = SessionController(
        settings: settings,
        front: try SourceSpec(parsing: front).makeSource(
          position: .front, size: settings.size, rate: settings.frameRate),
        back: try backCamera?(settings)
          ?? SourceSpec(parsing: back).makeSource(
            position: .back, size: settings.size, rate: settings.frameRate),
        clock: clock, simulatedWriteTime: writeTime)
      driver = ClockDriver(clock: clock, threads: ManualClockTakeTests.previewThreads)
      origin = clock.now()
      try session.startPreview()
      try driver.settle()
    }

    /// Starts a take of `frames` frames once the clock has moved `lead` past the cameras' start.
    func start(frames: Int64, lead: Int64 = 0) throws {
      try driver.advance(by: lead)
      try session.startRecording(frameLimit: frames)
      driver.threads = ManualClockTakeTests.takeThreads
      try driver.settle()
    }

    /// Runs the take to its frame limit and finalizes it.
    func finish() throws -> TakeResult {
      try driver.run(until: { session.snapshot().takeEnded }, within: 60 * second)
      let result = try session.stopRecording()
      driver.threads = ManualClockTakeTests.previewThreads
      return result
    }

    /// Shuts the session down even when a test failed mid-take: a thread keeps the clock moving
    /// so that the take can end.
    func close() {
      let done = ClockInterrupt()
      let clock = clock
      let ticker = WorkerThread(name: "ticker") {
        while !done.isFired {
          clock.advance(by: 10 * ManualClockTakeTests.millisecond)
          usleep(1000)
        }
      }
      session.shutdown()
      done.fire()
      ticker.join()
    }
  }

  /// Capture time of frame `n` of a camera started at `origin` with `phase`, at `rate`.
  static func captureTime(
    _ n: Int64, origin: MonotonicTime, rate: FrameRate = rate, phase: Int64 = 0
  ) -> MonotonicTime {
    origin + phase + rate.time(ofFrame: n)
  }

  @Test("a clean take: every file has exactly the frames asked for, camera frame k in slot k")
  func cleanTake() throws {
    let rig = try Rig()
    defer { rig.close() }
    try rig.start(frames: 45)
    let result = try rig.finish()
    let take = try TakeInspector(folder: result.folder)
    let sync = take.metadata.sync

    #expect(sync.frames == 45)
    for camera in [sync.front, sync.back] {
      #expect(camera.duplicates == 0 && camera.droppedTotal == 0 && camera.missingSlots == 0)
    }
    #expect(sync.repeatedForEncoderLag == 0)
    #expect(sync.frontRepeatsWritten == 0 && sync.backRepeatsWritten == 0)
    #expect(sync.skewMaxMilliseconds == 0, "both cameras capture at the same instants")
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: Self.size, backSize: Self.size))
    for file in [front, back, dual] {
      #expect(file.times.count == 45)
    }
    for k in 0..<45 {
      #expect(front.stamps[k]?.frameNumber == UInt32(k), "front frame \(k)")
      #expect(back.stamps[k]?.frameNumber == UInt32(k), "back frame \(k)")
      #expect(dual.frontStamps[k] == front.stamps[k] && dual.backStamps[k] == back.stamps[k])
    }
  }

  @Test("rate mismatch and lost frames: exact duplicates, drops and skew, in the files too")
  func faultsAreCountedExactly() throws {
    let rig = try Rig(front: "synthetic:drop-every=7", back: "synthetic:fps=25,phase=9ms")
    defer { rig.close() }
    // The back camera's first frame comes 9 ms after the start; the take starts one frame
    // period in, on the front camera's frame 1.
    let period = Self.rate.periodNanoseconds
    try rig.start(frames: 60, lead: period)
    let result = try rig.finish()
    let take = try TakeInspector(folder: result.folder)
    let sync = take.metadata.sync
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")

    // What each slot must hold. Slot k targets the front camera's frame k + 1; every 7th front
    // frame was never captured, and its two neighbours are equally close, so the slot takes the
    // earlier one again. The 25 fps back camera's closest frame repeats in one slot of six.
    let backRate = FrameRate(numerator: 25)
    var expectedFront: [Int64] = []
    var expectedBack: [Int64] = []
    var skews: [Int64] = []
    for k in Int64(0)..<60 {
      let target = Self.captureTime(k + 1, origin: rig.origin)
      let frontFrame = (k + 1) % 7 == 0 ? k : k + 1
      let backFrame = (Int64(0)..<60).min { a, b in
        let distanceA = abs(
          Self.captureTime(a, origin: rig.origin, rate: backRate, phase: 9_000_000) - target)
        let distanceB = abs(
          Self.captureTime(b, origin: rig.origin, rate: backRate, phase: 9_000_000) - target)
        return distanceA < distanceB || (distanceA == distanceB && a < b)
      }!
      expectedFront.append(frontFrame)
      expectedBack.append(backFrame)
      skews.append(
        abs(
          Self.captureTime(frontFrame, origin: rig.origin)
            - Self.captureTime(backFrame, origin: rig.origin, rate: backRate, phase: 9_000_000)))
    }
    #expect(front.stamps.map { $0.map { Int64($0.frameNumber) } } == expectedFront)
    #expect(back.stamps.map { $0.map { Int64($0.frameNumber) } } == expectedBack)

    #expect(sync.frames == 60)
    #expect(sync.front.duplicates == 8, "front frames 7, 14 … 56 were never captured")
    #expect(sync.front.droppedBySource == 8)
    #expect(sync.back.duplicates == 10, "50 back frames fill 60 slots")
    #expect(sync.back.droppedUnused == 0 && sync.front.droppedUnused == 0)
    #expect(sync.repeatedForEncoderLag == 0)
    #expect(sync.frontRepeatsWritten == 8 && sync.backRepeatsWritten == 10)
    let maxSkew = Double(skews.max()!) / 1e6
    let meanSkew = Double(skews.reduce(0, +)) / 60 / 1e6
    #expect(abs(sync.skewMaxMilliseconds - maxSkew) < 0.001)
    #expect(abs(sync.skewMeanMilliseconds - meanSkew) < 0.001)
    // A slot repeating a lost front frame is at most a frame period off; the 25 fps back camera
    // at most half its period.
    #expect(maxSkew <= 1000.0 / 30 + 1000.0 / 25 / 2)
  }

  @Test("a pause removes exactly the paused span: the frames captured in it, and its time")
  func pauseRemovesExactSpan() throws {
    let rig = try Rig()
    defer { rig.close() }
    try rig.start(frames: 60)
    // Slots 0…30 are decided by 1.01 s; the pause then lasts exactly half a second, in which
    // each camera captures frames 31…45.
    try rig.driver.advance(by: Self.second + 10 * Self.millisecond)
    rig.session.pause()
    try rig.driver.advance(by: Self.second / 2)
    rig.session.resume()
    let result = try rig.finish()
    let take = try TakeInspector(folder: result.folder)
    let metadata = take.metadata
    let sync = metadata.sync

    #expect(sync.frames == 60)
    #expect(metadata.pauses.count == 1)
    #expect(metadata.pauses.first?.atFrame == 31)
    #expect(sync.pausedSeconds == 0.5)
    #expect(sync.front.discardedWhilePaused == 15 && sync.back.discardedWhilePaused == 15)
    for camera in [sync.front, sync.back] {
      #expect(camera.duplicates == 0 && camera.droppedTotal == 0)
    }
    // The take ends the instant slot 59's frames arrive: 59 periods of recorded time, one frame
    // short of the files' two seconds, as the presentation clock allows.
    #expect(abs(sync.wallSeconds - sync.pausedSeconds - 59.0 / 30) < 1e-6)
    #expect(sync.durationSeconds == 2)
    for name in ["front", "back"] {
      let file = try take.decodeCamera(name)
      #expect(file.times.count == 60)
      let numbers = file.stamps.map { $0.map { Int($0.frameNumber) } }
      #expect(numbers == (0..<60).map { $0 < 31 ? $0 : $0 + 15 }, "\(name)")
      // Timestamps run on without a gap.
      for k in 1..<60 { #expect(abs(file.times[k] - file.times[k - 1] - 1.0 / 30) < 1e-6) }
    }
  }

  /// A rig whose back camera captures 1 ms after the front one and delivers nothing from `from`
  /// to `until` seconds after it starts.
  static func blackoutRig(from: Double, until: Double) throws -> Rig {
    try Rig(backCamera: { settings in
      BlackoutCamera(
        position: .back, size: settings.size, rate: settings.frameRate, from: from, until: until,
        options: try SyntheticCameraOptions(parsing: "phase=1ms"))
    })
  }

  @Test("a camera that goes silent: exactly its silent slots show NO SIGNAL, the take goes on")
  func signalLossIsExact() throws {
    // The back camera captures 1 ms after the front one and delivers nothing from 0.8 s to
    // 1.8 s after it starts: frames 24…53. The take starts on its frame 0. So slot 23 has both
    // frames 23 before the blackout, and the signal is back in time for slot 54's frame 54.
    let rig = try Self.blackoutRig(from: 0.8, until: 1.8)
    defer { rig.close() }
    try rig.start(frames: 75, lead: Self.millisecond)
    let result = try rig.finish()
    let take = try TakeInspector(folder: result.folder)
    let sync = take.metadata.sync
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")

    #expect(front.times.count == 75 && back.times.count == 75)
    #expect(sync.back.missingSlots == 30)
    #expect(sync.front.missingSlots == 0 && sync.front.duplicates == 0)
    #expect(front.stamps.map { $0.map { Int($0.frameNumber) } } == Array(0..<75))
    #expect(
      back.stamps.map { $0.map { Int($0.frameNumber) } }
        == (0..<75).map { (24..<54).contains($0) ? nil : $0 })
    #expect(
      take.metadata.errors.contains { $0.contains("back camera: signal lost (test blackout)") })
    #expect(take.metadata.errors.contains { $0.contains("back camera: signal restored") })
    #expect(take.metadata.status == .complete)
  }

  @Test("an encoder that stalls: slots stay on time, the overdue ones repeat, a bounded few held")
  func encoderLagIsExact() throws {
    // The dual view's encoder needs a whole second for frame 10; the others keep up.
    let rig = try Rig(writeTime: { name, index in
      name == "dualview" && index == 10 ? ManualClockTakeTests.second : 0
    })
    defer { rig.close() }
    try rig.start(frames: 60)
    let result = try rig.finish()
    let take = try TakeInspector(folder: result.folder)
    let sync = take.metadata.sync
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: Self.size, backSize: Self.size))

    // The dual view holds frame 10 until 1.333 s and its queue takes frames 11…16, so from slot
    // 17 no slot can go to all three outputs. A slot whose deadline (its target + 50 ms) plus
    // the grace of four periods passes before then shows frame 16 again: slots 17…34
    // (34: 1133 + 50 + 133 = 1317 ms). Slot 35's would pass at 1350 ms; it is written as decided.
    // At most 15 repeats (half a second) may be owed, so slots 17, 18 and 19 are held: no file
    // has a frame for them, and frame 16 lasts through them.
    #expect(SlotScheduler.backlogLimit(at: Self.rate) == 15)
    let slots = (0..<17).map { $0 } + (20..<60).map { $0 }
    let expected = slots.map { $0 < 35 ? min($0, 16) : $0 }
    #expect(sync.repeatedForEncoderLag == 18)
    #expect(sync.held == 3)
    #expect(front.stamps.map { $0.map { Int($0.frameNumber) } } == expected)
    #expect(back.stamps.map { $0.map { Int($0.frameNumber) } } == expected)
    for file in [front, back, dual] {
      #expect(file.times.count == 57)
      // Each frame at its slot's time: the gap is in the timestamps, the duration is whole.
      #expect(file.times.map { ($0 * 30).rounded() } == slots.map(Double.init))
      #expect(abs(file.info.duration - 2) < 0.001)
    }
    for name in ["dualview", "front", "back"] {
      #expect(take.metadata.outputs[name]?.frames == 57)
      #expect(take.metadata.outputs[name]?.durationSeconds == 2)
    }
    #expect(sync.framesInEachFile == 57)
    for camera in [sync.front, sync.back] {
      #expect(camera.duplicates == 0 && camera.droppedTotal == 0)
    }
    // Frames in the files that repeat the one before: the 15 written repeats.
    #expect(sync.frontRepeatsWritten == 15)
    #expect(sync.backRepeatsWritten == 15)
    for k in 0..<57 {
      #expect(dual.frontStamps[k] == front.stamps[k] && dual.backStamps[k] == back.stamps[k])
    }

    // A reader that seeks into the held slots lands on the frame that lasts through them, and
    // reads on to the frame after the gap.
    let reader = try VideoFileReader(url: take.url(of: "front"), frameRate: Self.rate)
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    let image = try #require(pool.lease())
    defer { image.release() }
    try reader.seek(toFrame: 18)
    guard case .frame(let held, _) = try reader.readFrame(into: image.image) else {
      Issue.record("no frame at slot 18")
      return
    }
    #expect(held == 16 && FrameStamp.read(from: image.image)?.frameNumber == 16)
    guard case .frame(let after, _) = try reader.readFrame(into: image.image) else {
      Issue.record("no frame after the gap")
      return
    }
    #expect(after == 20 && FrameStamp.read(from: image.image)?.frameNumber == 16)

    // The player counts the take's 60 slots and shows frame 16 through the held ones, whether
    // it lands there by a seek or steps through them.
    let playback = try PlaybackTake(folder: result.folder)
    #expect(playback.frameCount == 60)
    let engine = try PlaybackEngine(take: playback, clock: ManualClock(), view: .front)
    defer { engine.close() }
    var seen: Int64 = 0
    func shown(afterSeekingTo frame: Int64?) -> (frame: Int64, stamp: UInt32?)? {
      if let frame { engine.seek(toFrame: frame) } else { engine.step(by: 1) }
      engine.settle()
      guard let (picture, number) = engine.picture(newerThan: seen) else { return nil }
      defer { picture.release() }
      seen = number
      return (picture.frame, FrameStamp.read(from: picture.primary.image)?.frameNumber)
    }
    for slot: Int64 in [18, 17, 19, 40, 16] {
      let picture = shown(afterSeekingTo: slot)
      #expect(picture?.frame == slot)
      #expect(picture?.stamp == UInt32(slot < 35 ? min(slot, 16) : slot))
    }
    for slot: Int64 in 17...21 {
      let picture = shown(afterSeekingTo: nil)
      #expect(picture?.frame == slot && picture?.stamp == 16)
    }
  }

  @Test("a camera without signal when the take starts: the loss is the take's first event")
  func signalLostBeforeTheTake() throws {
    // The back camera goes silent 0.1 s after it starts and comes back at 1.0 s; the take
    // starts at 0.5 s, in the middle of it.
    let rig = try Self.blackoutRig(from: 0.1, until: 1.0)
    defer { rig.close() }
    try rig.start(frames: 45, lead: 500 * Self.millisecond)
    let result = try rig.finish()
    let errors = try TakeInspector(folder: result.folder).metadata.errors
    #expect(
      errors.first
        == "at 0.0 s: back camera: signal lost (test blackout), before the take started",
      "\(errors)")
    #expect(errors.contains { $0.hasSuffix("back camera: signal restored") })
    #expect(!errors.contains { $0.contains("front camera: signal lost") })
  }

  @Test("each output's time per frame is measured on the clock, live and in the metadata")
  func outputTimePerFrame() throws {
    // The dual view takes 20 ms a frame, the cameras' files 5 ms: on the manual clock the real
    // encoders take no time at all, so these are exactly what the outputs measure.
    let rig = try Rig(writeTime: { name, _ in
      (name == "dualview" ? 20 : 5) * ManualClockTakeTests.millisecond
    })
    defer { rig.close() }
    let decided = TakeBudgetRecord(
      mode: "ignore", verdict: "fits", cost: 0.1, limitingResource: "CPU", verdictBefore: "fits",
      costBefore: 0.1, changesApplied: [], changesSkipped: [], predicted: [])
    rig.session.takeBudget = TakeBudget(decided: decided, cores: 2)
    try rig.start(frames: 30)
    try rig.driver.run(
      until: { rig.session.snapshot().outputs.allSatisfy { $0.busyFrames >= 10 } },
      within: 10 * Self.second)
    let live = rig.session.snapshot().outputs
    #expect(live.map(\.name) == ["dualview", "front", "back"])
    #expect(
      live.map { $0.millisecondsPerFrame.map { ($0 * 1000).rounded() / 1000 } } == [20, 5, 5])
    #expect(live.allSatisfy { $0.queueCapacity > 0 && $0.queued <= $0.queueCapacity })
    // The encoders' processor time is real (the clock moves only for the threads' waits).
    #expect(live.allSatisfy { $0.encodedFrames >= 10 && $0.encoderCPUSeconds > 0 })
    // Every frame written before the stop: writing one takes clock time, which only the driver
    // moves.
    try rig.driver.run(
      until: { rig.session.snapshot().outputs.allSatisfy { $0.frames == 30 } },
      within: 10 * Self.second)
    let result = try rig.finish()
    let measured = try #require(try TakeInspector(folder: result.folder).metadata.budget?.measured)
    let outputs = try #require(measured.outputs)
    #expect(abs((outputs["dualview"]?.millisecondsPerFrame ?? 0) - 20) < 1e-6)
    #expect(abs((outputs["dualview"]?.cost ?? 0) - 0.6) < 1e-6, "20 ms of every 33.3")
    #expect(abs((outputs["front"]?.millisecondsPerFrame ?? 0) - 5) < 1e-6)
    // 320x240 I420 pictures from both synthetic cameras, counted from the take's start.
    let sent = try #require(measured.cameraBytesPerSecond)
    #expect(Set(sent.keys) == ["front", "back"] && sent.values.allSatisfy { $0 > 0 })
  }

  /// The budget's inputs for the rig's take, from cameras of `kind`.
  static func budgetInputs(_ kind: BudgetSource.Kind) -> BudgetInputs {
    var settings = RecordingSettings()
    settings.size = size
    settings.frameRate = rate
    func camera(_ position: CameraPosition) -> BudgetSource {
      BudgetSource(position: position, kind: kind, format: .i420, size: size, frameRate: rate)
    }
    return BudgetInputs(
      settings: settings, sources: [camera(.front), camera(.back)],
      cpu: CPUCapacity(cores: 2, source: "test"),
      memory: MemoryFacts(availableBytes: 8 << 30, source: "test"),
      disk: DiskFacts(freeBytes: 100_000_000_000, folder: "/takes"),
      calibration: CalibrationTable())
  }

  /// A take budget whose lessons go to a cache in `folder`.
  static func learningBudget(_ folder: TemporaryFolder) -> (TakeBudget, CalibrationCache) {
    let cache = CalibrationCache(
      folder: folder.url,
      machine: MachineFingerprint(cpuModel: "Test CPU", cores: 2, machineID: "take"))
    let decided = TakeBudgetRecord(
      mode: "ignore", verdict: "fits", cost: 0.1, limitingResource: "CPU", verdictBefore: "fits",
      costBefore: 0.1, changesApplied: [], changesSkipped: [], predicted: [])
    let lessons = TakeLessons(
      calibrator: Calibrator(cache: cache), inputs: budgetInputs(.otherCamera))
    return (TakeBudget(decided: decided, cores: 2, lessons: lessons), cache)
  }

  @Test("a complete take teaches the calibration what each encoder cost, one figure per work")
  func takeTeachesCalibration() throws {
    let cacheFolder = try TemporaryFolder()
    let rig = try Rig()
    defer { rig.close() }
    let (budget, cache) = Self.learningBudget(cacheFolder)
    let lessons = try #require(budget.lessons)
    func inputs(_ kind: BudgetSource.Kind) -> BudgetInputs { Self.budgetInputs(kind) }
    rig.session.takeBudget = budget
    try rig.start(frames: 90)
    let result = try rig.finish()
    let measured = try #require(try TakeInspector(folder: result.folder).metadata.budget?.measured)
    let outputs = try #require(measured.outputs)
    for name in ["dualview", "front", "back"] {
      #expect((outputs[name]?.encoderCPUMillisecondsPerFrame ?? 0) > 0, "\(name)")
    }
    #expect((outputs["dualview"]?.compositorCPUMillisecondsPerFrame ?? 0) > 0)
    #expect(outputs["front"]?.compositorCPUMillisecondsPerFrame == nil)
    // The dual view's compositing and encoder, and the cameras' encoder (alike, so one figure
    // of their 180 frames).
    let works = try BudgetModel.takeWorks(for: inputs(.otherCamera))
    #expect(works["dualview"]?.map(\.kind) == [.compose, .encode])
    let figures = cache.load().takeFigures
    // And the rest of the take, per output frame: whatever else the process did meanwhile
    // (other tests run beside this one), so only its presence and key are certain.
    #expect(figures.count == 4)
    let overhead = try #require(
      figures.first { $0.work == (try? BudgetModel.takeOverheadWork(for: inputs(.otherCamera))) })
    #expect(overhead.frames == 90 && overhead.cpuSecondsPerFrame > 0)
    #expect(overhead.work.detail == "other-camera i420 320x240 + other-camera i420 320x240")
    for work in works["dualview"] ?? [] {
      let figure = try #require(figures.first { $0.work == work })
      #expect(figure.frames == 90 && figure.framesPerSecond == 30)
    }
    let cameras = try #require(figures.first { $0.work == works["front"]?.first })
    #expect(cameras.frames == 180)
    let front = try #require(outputs["front"]?.encoderCPUMillisecondsPerFrame)
    let back = try #require(outputs["back"]?.encoderCPUMillisecondsPerFrame)
    #expect(abs(cameras.cpuSecondsPerFrame * 1000 - (front + back) / 2) < 1e-9)

    // Test patterns teach nothing; neither do outputs with too few frames.
    let load = TakeLoad.OutputLoad(
      name: "dualview", millisecondsPerFrame: 5, intervalMilliseconds: 33.3,
      encoderCPUMillisecondsPerFrame: 4, encodedFrames: 300)
    #expect(
      TakeLessons(calibrator: Calibrator(cache: cache), inputs: inputs(.synthetic))
        .figures([load], rate: Self.rate).isEmpty)
    var short = load
    short.encodedFrames = TakeLessons.minimumFrames - 1
    #expect(lessons.figures([short], rate: Self.rate).isEmpty)
    #expect(lessons.figures([load], rate: Self.rate).count == 1)
  }

  @Test("a take whose encoders fell behind teaches nothing; one that kept up does")
  func laggingTakeTeachesNothing() throws {
    let output = SessionSnapshot.Output(name: "front", frames: 300, bytes: 1000)
    var encoded = output
    encoded.encodedFrames = 300
    encoded.encoderCPUSeconds = 1.5
    encoded.busyFrames = 300
    encoded.busySeconds = 1.6
    let start = TakeLoad.Sample(time: .zero, cpuSeconds: 1, outputs: [output])
    var end = TakeLoad.Sample(
      time: .seconds(10), cpuSeconds: 4, lagRepeats: 3, outputs: [encoded])
    for repeats: Int64 in [3, 0] {
      let cacheFolder = try TemporaryFolder()
      let (budget, cache) = Self.learningBudget(cacheFolder)
      budget.takeStarted(start)
      end.lagRepeats = repeats
      budget.learn(final: end, rate: Self.rate)
      let figures = cache.load().takeFigures
      if repeats > 0 {
        #expect(figures.isEmpty, "the frames it repeated encode almost for free")
      } else {
        #expect(figures.map(\.cpuSecondsPerFrame) == [0.005], "1.5 s over 300 frames")
      }
    }
  }

  @Test("the session checkpoints its metadata every 5 s of its own clock")
  func checkpointsOnItsClock() throws {
    let rig = try Rig()
    defer { rig.close() }
    try rig.start(frames: 300)
    let folder = try #require(rig.session.snapshot().takeFolder)
    func checkpoint() throws -> TakeMetadata {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      return try decoder.decode(
        TakeMetadata.self, from: Data(contentsOf: folder.appendingPathComponent("metadata.json")))
    }
    #expect(try checkpoint().sync.frames == 0, "written once at the start")
    // Paused from 4.01 s, so the count stays put while the checkpoint is due.
    try rig.driver.advance(by: 4 * Self.second + 10 * Self.millisecond)
    rig.session.pause()
    try rig.driver.advance(by: 980 * Self.millisecond)
    #expect(try checkpoint().sync.frames == 0, "nothing before 5 s")
    try rig.driver.advance(by: 20 * Self.millisecond)
    let written = try checkpoint()
    #expect(written.status == .recording)
    #expect(written.sync.frames == 121)
    rig.session.resume()
    let result = try rig.finish()
    #expect(result.metadata.status == .complete && result.metadata.sync.frames == 300)
  }

  @Test("the disk estimate is measured from the bytes written once the take has run 3 s")
  func diskEstimateIsMeasured() throws {
    let rig = try Rig()
    defer { rig.close() }
    try rig.start(frames: 150)
    try rig.driver.advance(by: 2 * Self.second)
    let early = rig.session.snapshot()
    #expect(!rig.session.diskTimeEstimate(for: early).isMeasured)
    try rig.driver.advance(by: Self.second + 10 * Self.millisecond)
    let snapshot = rig.session.snapshot()
    let estimate = rig.session.diskTimeEstimate(for: snapshot)
    let bytes = snapshot.outputs.reduce(Int64(0)) { $0 + $1.bytes }
    #expect(estimate.isMeasured)
    #expect(estimate.bytesPerSecond == Double(bytes) / snapshot.recordedSeconds)
    _ = try rig.finish()
  }
}
