import Capture
import Compositor
import DualCamCore
import Foundation
@testable import Session
import TestSupport
import Testing

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
      backCamera: ((RecordingSettings) -> any CameraSource)? = nil,
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
        let distanceA = abs(Self.captureTime(a, origin: rig.origin, rate: backRate, phase: 9_000_000) - target)
        let distanceB = abs(Self.captureTime(b, origin: rig.origin, rate: backRate, phase: 9_000_000) - target)
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
}
