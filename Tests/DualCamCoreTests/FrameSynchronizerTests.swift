import Capture
import DualCamCore
import TestSupport
import Testing

@Suite("FrameSynchronizer: the presentation clock contract")
struct FrameSynchronizerTests {
  let period = FrameRate(numerator: 30).periodNanoseconds

  func seconds(_ value: Double) -> Int64 { Int64(value * 1e9) }

  @Test("two ideal cameras: slot k pairs frame k of each, nothing repeated or lost")
  func idealCameras() {
    var simulation = SyncSimulation()
    simulation.frontStartOffset = 0
    simulation.backStartOffset = 0
    simulation.actions = [(seconds(10), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 300)
    #expect(outcome.slots.map(\.index) == Array(0..<300))
    for slot in outcome.slots {
      #expect(slot.frontSequence == UInt64(slot.index))
      #expect(slot.backSequence == UInt64(slot.index))
    }
    #expect(outcome.statistics.front.duplicates == 0)
    #expect(outcome.statistics.back.droppedTotal == 0)
    #expect(outcome.statistics.skewMaxNanoseconds == 0)
    #expect(outcome.leakedBuffers == 0)
  }

  @Test("cameras out of phase: every pair is skewed by the phase, none repeated")
  func phaseOffset() throws {
    var simulation = SyncSimulation()
    simulation.back = try SyntheticCameraOptions(parsing: "phase=12ms")
    simulation.actions = [(seconds(5), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 150)
    #expect(outcome.statistics.skewMaxNanoseconds == 12_000_000)
    #expect(outcome.statistics.skewMeanNanoseconds == 12_000_000)
    #expect(outcome.statistics.back.duplicates == 0)
    #expect(outcome.statistics.back.droppedTotal == 0)
  }

  @Test("a 29.97 fps camera against a 30 fps clock repeats the frames it never made")
  func rateMismatch() throws {
    var simulation = SyncSimulation()
    simulation.back = try SyntheticCameraOptions(parsing: "fps=29.97")
    simulation.actions = [(seconds(60), .stop)]
    let outcome = simulation.run()
    let back = outcome.statistics.back

    #expect(outcome.slots.count == 1800)
    // 60 s at 30 − 29.97 fps: about 1.8 frames short, each one a repeated slot.
    #expect((1...2).contains(back.duplicates))
    #expect(back.duplicates == outcome.slots.count - back.framesUsed)
    #expect(back.droppedTotal == 0)
    #expect(outcome.slots.filter(\.backRepeated).count == back.duplicates)
    #expect(outcome.statistics.skewMaxNanoseconds <= period / 2 + 1)
  }

  @Test("a camera running twice as fast loses every other frame, counted")
  func fastCamera() throws {
    var simulation = SyncSimulation()
    simulation.back = try SyntheticCameraOptions(parsing: "fps=60")
    simulation.actions = [(seconds(4), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 120)
    #expect(outcome.statistics.back.duplicates == 0)
    #expect(abs(outcome.statistics.back.droppedUnused - 120) <= 2)
    #expect(
      outcome.statistics.skewMaxNanoseconds <= FrameRate(numerator: 60).periodNanoseconds / 2 + 1)
  }

  @Test("jitter below half a frame changes no pairing, and skew stays within it")
  func jitter() throws {
    var simulation = SyncSimulation()
    simulation.front = try SyntheticCameraOptions(parsing: "jitter=4ms,seed=3")
    simulation.back = try SyntheticCameraOptions(parsing: "jitter=4ms,seed=9")
    simulation.actions = [(seconds(10), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 300)
    #expect(outcome.statistics.front.duplicates == 0)
    #expect(outcome.statistics.back.duplicates == 0)
    #expect(outcome.statistics.front.droppedTotal == 0)
    #expect(outcome.statistics.skewMaxNanoseconds <= 8_000_000)
    #expect(outcome.statistics.skewMaxNanoseconds > 0)
  }

  @Test("frames a camera loses show as sequence gaps, and their slots repeat a neighbour")
  func sourceDrops() throws {
    var simulation = SyncSimulation()
    simulation.frontStartOffset = 0
    simulation.backStartOffset = 0
    simulation.back = try SyntheticCameraOptions(parsing: "drop-every=10")
    simulation.actions = [(seconds(10), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 300)
    #expect(outcome.statistics.back.droppedBySource == 29)
    #expect(outcome.statistics.back.duplicates == 29)
    let used = Set(outcome.slots.compactMap(\.backSequence))
    for lost in stride(from: UInt64(10), to: 300, by: 10) {
      #expect(!used.contains(lost), "frame \(lost) was lost by the camera yet appears")
    }
    for slot in outcome.slots {
      // The lost frame's slot takes a neighbour (whichever is nearer by a nanosecond of rounding).
      #expect(abs(Int64(slot.backSequence!) - slot.index) <= 1)
    }
  }

  @Test("pause removes exactly the paused span; numbering and timestamps continue")
  func pauseAndResume() throws {
    var simulation = SyncSimulation()
    simulation.actions = [(seconds(3), .pause), (seconds(5), .resume), (seconds(8), .stop)]
    let outcome = simulation.run()
    let pauseStart = simulation.start + seconds(3)
    let pauseEnd = simulation.start + seconds(5)

    #expect(abs(outcome.slots.count - 180) <= 1)
    #expect(outcome.slots.map(\.index) == Array(0..<Int64(outcome.slots.count)))
    for slot in outcome.slots {
      for time in [slot.frontTime, slot.backTime].compactMap({ $0 }) {
        #expect(time < pauseStart || time >= pauseEnd, "slot \(slot.index) used a paused frame")
      }
    }
    let resumed = try #require(outcome.slots.first { $0.target >= pauseEnd })
    #expect(resumed.target - pauseEnd < period, "the recorded timeline resumes within a frame")
    #expect(abs(outcome.statistics.front.discardedWhilePaused - 60) <= 2)
    #expect(outcome.statistics.front.duplicates == 0)
    #expect(outcome.leakedBuffers == 0)
  }

  @Test(
    "a take lasts its recording time minus its pauses, within one frame",
    arguments: [
      [
        (1.0, SyncSimulation.Action.pause), (1.4, .resume), (2.7, .pause), (3.9, .resume),
        (6.33, .stop),
      ],
      [(0.5, .pause), (0.52, .resume), (4.0, .stop)],
      [(2.0, .pause), (3.0, .stop)],
    ])
  func durationExcludesPauses(_ script: [(Double, SyncSimulation.Action)]) throws {
    var simulation = SyncSimulation()
    simulation.front = try SyntheticCameraOptions(parsing: "jitter=3ms")
    simulation.back = try SyntheticCameraOptions(parsing: "fps=29.97,phase=7ms")
    simulation.actions = script.map { (seconds($0.0), $0.1) }
    let outcome = simulation.run()

    var recorded = 0.0
    var segmentStart: Double? = 0
    for (time, action) in script {
      switch action {
      case .pause, .stop:
        if let start = segmentStart { recorded += time - start }
        segmentStart = nil
      case .resume: segmentStart = time
      }
    }
    let duration = Double(outcome.slots.count) / 30
    #expect(abs(duration - recorded) <= 1.0 / 30 + 1e-9, "duration \(duration) vs \(recorded)")
    #expect(outcome.leakedBuffers == 0)
  }

  @Test("a camera that has delivered nothing leaves its slots empty, counted, and the take goes on")
  func missingCamera() {
    var simulation = SyncSimulation()
    // The first back frame comes 20 ms after slot 30's target; slot 29's wait ends before it.
    simulation.backStartOffset = seconds(1.02)
    simulation.actions = [(seconds(3), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 90)
    #expect(outcome.statistics.back.missingSlots == 30)
    #expect(
      outcome.slots.prefix(30).allSatisfy { $0.backSequence == nil && $0.frontSequence != nil })
    #expect(outcome.slots.dropFirst(30).allSatisfy { $0.backSequence != nil })
  }

  @Test("a slot waits for a late camera until its lateness runs out, not longer")
  func latenessBound() {
    let pool = FramePool(format: .i420, size: ImageSize(width: 2, height: 2), capacity: 8)
    var synchronizer = FrameSynchronizer(
      rate: FrameRate(numerator: 30), minimumLatenessNanoseconds: 40_000_000)
    let start = MonotonicTime.seconds(10)
    synchronizer.start(at: start)
    let frame = pool.lease()!
    frame.captureTime = start + 1_000_000
    synchronizer.offer(frame, camera: .front)

    #expect(synchronizer.nextSlot(now: start + 39_000_000) == nil)
    let slot = synchronizer.nextSlot(now: start + 40_000_000)
    #expect(slot?.index == 0)
    #expect(slot?.front === frame)
    #expect(slot?.back == nil)
    slot?.release()
    synchronizer.stop(at: start + 30_000_000)
    #expect(synchronizer.phase == .finished)
    _ = consume synchronizer
    #expect(pool.availableCount == pool.capacity)
  }
}

@Test("a slot limit ends the take after exactly that many frames")
func slotLimit() {
  let pool = FramePool(format: .i420, size: ImageSize(width: 2, height: 2), capacity: 8)
  let rate = FrameRate(numerator: 30)
  var synchronizer = FrameSynchronizer(rate: rate)
  let start = MonotonicTime.seconds(5)
  synchronizer.start(at: start)
  synchronizer.limitSlots(to: 3)
  var emitted = 0
  for step in 0..<10 {
    for camera in CameraPosition.allCases {
      let frame = pool.lease()!
      frame.captureTime = start + rate.time(ofFrame: Int64(step))
      frame.sequence = UInt64(step)
      synchronizer.offer(frame, camera: camera)
    }
    while let slot = synchronizer.nextSlot(now: start + rate.time(ofFrame: Int64(step))) {
      slot.release()
      emitted += 1
    }
  }
  #expect(emitted == 3)
  #expect(synchronizer.phase == .finished)
  _ = consume synchronizer
  #expect(pool.availableCount == pool.capacity)
}

extension SyncSlot? {
  static func == (lhs: SyncSlot?, rhs: SyncSlot?) -> Bool {
    lhs?.index == rhs?.index && lhs?.front === rhs?.front && lhs?.back === rhs?.back
  }
}
