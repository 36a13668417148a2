import Audio
import DualCamCore
import Testing

/// The timeline against the real `FrameSynchronizer`: its slots, pauses and resumes, driven the
/// way the session drives them, put every click on the slot captured with it.
@Suite("Audio timeline with the real synchronizer")
struct SynchronizerAlignmentTests {
  @Test func clicksFollowTheSynchronizersSlotsThroughPauses() throws {
    let rate = FrameRate(numerator: 30)
    let origin = MonotonicTime.seconds(2000)
    let pool = FramePool(format: .i420, size: ImageSize(width: 16, height: 16), capacity: 24)
    var synchronizer = FrameSynchronizer(rate: rate)
    var options = SyntheticAudioOptions()
    options.format = AudioFormat(sampleRate: 48_000, channels: 1, sampleFormat: .s16)
    options.clickOrigin = origin
    options.clickEveryFrames = 20
    let signal = SyntheticAudioSignal(start: origin - 150_000_000, options: options)
    let periods = AudioPeriodPool(format: options.format, capacityFrames: 480, capacity: 1)
    let timeline = try AudioTimeline(format: options.format, videoRate: rate)
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 4096)
    defer { scratch.deallocate() }

    // Press record at +0.2 s, pause at 2.41 s, resume at 3.9 s, pause at 5.03 s, resume at
    // 5.5 s, stop at 8 s; cameras run 30 fps from `origin` (the back one 7 ms later).
    let events: [(MonotonicTime, (inout FrameSynchronizer, MonotonicTime) -> Void)] = [
      (origin + 200_000_000, { $0.start(at: $1) }),
      (origin + 2_410_000_000, { $0.pause(at: $1) }),
      (origin + 3_900_000_000, { $0.resume(at: $1) }),
      (origin + 5_030_000_000, { $0.pause(at: $1) }),
      (origin + 5_500_000_000, { $0.resume(at: $1) }),
      (origin + 8_000_000_000, { $0.stop(at: $1) }),
    ]
    var slots: [(index: Int64, target: MonotonicTime)] = []
    var output: [Float] = []
    var nextEvent = 0
    var nextFrame: Int64 = 0
    var nextPeriod: Int64 = 0
    var now = origin
    while synchronizer.phase != .finished {
      now = now + 1_000_000
      while nextEvent < events.count, events[nextEvent].0 <= now {
        events[nextEvent].1(&synchronizer, events[nextEvent].0)
        nextEvent += 1
      }
      for (offset, camera) in [CameraPosition.front, .back].enumerated() {
        let time = origin + rate.time(ofFrame: nextFrame) + Int64(offset) * 7_000_000
        if time <= now, let frame = pool.lease() {
          frame.captureTime = time
          frame.sequence = UInt64(nextFrame)
          synchronizer.offer(frame, camera: camera, arrival: time + 3_000_000)
        }
      }
      if origin + rate.time(ofFrame: nextFrame) + 7_000_000 <= now { nextFrame += 1 }
      while signal.captureTime(ofFrame: (nextPeriod + 1) * 480) <= now {
        let buffer = periods.lease()!
        signal.render(frames: 480, from: nextPeriod * 480, into: buffer)
        timeline.append(buffer)
        buffer.release()
        nextPeriod += 1
      }
      while let slot = synchronizer.nextSlot(now: now) {
        slots.append((slot.index, slot.targetTime))
        timeline.slotEmitted(index: slot.index, targetTime: slot.targetTime)
        slot.release()
      }
      timeline.render(now: now)
      while case let count = timeline.read(into: scratch, frames: 4096), count > 0 {
        output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: count))
      }
    }
    // The last slot's sound is still being captured: keep the card running until it is in.
    timeline.finish()
    while !timeline.isDrained {
      now = now + 1_000_000
      while signal.captureTime(ofFrame: (nextPeriod + 1) * 480) <= now {
        let buffer = periods.lease()!
        signal.render(frames: 480, from: nextPeriod * 480, into: buffer)
        timeline.append(buffer)
        buffer.release()
        nextPeriod += 1
      }
      timeline.render(now: now)
      while case let count = timeline.read(into: scratch, frames: 4096), count > 0 {
        output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: count))
      }
    }
    #expect(now < timeline.captureTimeNeeded! + 20_000_000, "no wait beyond the sound needed")
    #expect(timeline.statistics.silenceFrames == 0)

    #expect(Int64(output.count) == timeline.firstFrame(ofSlot: Int64(slots.count)))
    #expect(timeline.statistics.cuts == 2)
    // Each click captured at C belongs with the slot k whose target is at or before C and
    // whose successor (in the same segment) is after it: recorded time k/fps + (C − target).
    var expected: [Double] = []
    var number: Int64 = 0
    while signal.clickTime(number) < now {
      let click = signal.clickTime(number)
      number += 1
      guard let slot = slots.last(where: { $0.target <= click }),
        click - slot.target < rate.periodNanoseconds
      else { continue }
      let recorded = Double(rate.time(ofFrame: slot.index)) + Double(click - slot.target)
      expected.append(recorded * 48_000 / 1e9)
    }
    let found = TakeSimulation.clickOnsets(in: output)
    #expect(found.count == expected.count)
    let worst = zip(found, expected).map { abs(Double($0) - $1) }.max() ?? .infinity
    // Within 4 frames (83 µs): the click detector's resolution through the resampler.
    #expect(worst < 4, "worst click offset \(worst / 48) ms")
  }
}
