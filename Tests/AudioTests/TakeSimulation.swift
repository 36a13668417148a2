import Audio
import DualCamCore

/// Plays a synthetic sound card and a synchronizer's slots into an `AudioTimeline` the way a
/// session would, in simulated time, and keeps what comes out (channel 0).
struct TakeSimulation {
  /// A pause: after slot `afterSlot` is the last of its segment, the take is paused for
  /// `nanoseconds`.
  struct Pause {
    var afterSlot: Int64
    var nanoseconds: Int64
  }

  /// A run of slots: the first slot and its target time (as FrameSynchronizer computes it).
  struct Segment {
    var firstSlot: Int64
    var target: MonotonicTime
    var slotCount: Int64
  }

  let signal: SyntheticAudioSignal
  let videoRate: FrameRate
  let origin: MonotonicTime
  let slotCount: Int64
  let pauses: [Pause]
  /// Slots are emitted this long after their target (the synchronizer's wait).
  var slotLatency: Int64 = 80_000_000

  /// The segments the slots form: targets `origin + k/fps + time paused before`.
  var segments: [Segment] {
    var result: [Segment] = []
    var paused: Int64 = 0
    var first: Int64 = 0
    for pause in pauses + [Pause(afterSlot: slotCount - 1, nanoseconds: 0)] {
      result.append(
        Segment(
          firstSlot: first, target: origin + videoRate.time(ofFrame: first) + paused,
          slotCount: pause.afterSlot + 1 - first))
      paused += pause.nanoseconds
      first = pause.afterSlot + 1
    }
    return result
  }

  func target(ofSlot slot: Int64) -> MonotonicTime {
    let segment = segments.last { $0.firstSlot <= slot }!
    return segment.target + videoRate.time(ofFrame: slot - segment.firstSlot)
  }

  /// Runs the take in 10 ms steps; `dropPeriods` says which periods the card loses.
  func run(
    timeline: AudioTimeline, dropPeriods: (Int64) -> Bool = { _ in false }
  ) -> [Float] {
    let options = signal.options
    let pool = AudioPeriodPool(
      format: options.format, capacityFrames: options.periodFrames, capacity: 1)
    let channels = timeline.format.channels
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 4096 * channels)
    defer { scratch.deallocate() }
    var output: [Float] = []
    func drain() {
      while true {
        let count = timeline.read(into: scratch, frames: 4096)
        if count == 0 { return }
        for frame in 0..<count { output.append(scratch[frame * channels]) }
      }
    }
    var period: Int64 = 0
    var slot: Int64 = 0
    let end = target(ofSlot: slotCount - 1) + slotLatency + 1_000_000_000
    var now = signal.start
    while now < end {
      now = now + 10_000_000
      while true {
        let first = period * Int64(options.periodFrames)
        guard signal.captureTime(ofFrame: first + Int64(options.periodFrames)) <= now else {
          break
        }
        if !dropPeriods(period) {
          let buffer = pool.lease()!
          signal.render(frames: options.periodFrames, from: first, into: buffer)
          timeline.append(buffer)
          buffer.release()
        }
        period += 1
      }
      while slot < slotCount, target(ofSlot: slot) + slotLatency <= now {
        timeline.slotEmitted(index: slot, targetTime: target(ofSlot: slot))
        slot += 1
      }
      timeline.render(now: now)
      drain()
    }
    timeline.finish(soundEnded: true)
    timeline.render(now: now)
    drain()
    return output
  }

  /// Output frames where a click begins (the level crosses half the click's height upwards).
  static func clickOnsets(in samples: [Float], threshold: Float = 0.45) -> [Int64] {
    var onsets: [Int64] = []
    var above = false
    for (index, value) in samples.enumerated() {
      if !above, value >= threshold {
        onsets.append(Int64(index))
        above = true
      } else if above, value < threshold / 2 {
        above = false
      }
    }
    return onsets
  }

  /// Where each click captured during a segment must land in the output (fractional frame),
  /// and whether it is within `margin` ns of a cut (where a fade softens it).
  func expectedClickFrames(
    rate: Int, margin: Int64 = 10_000_000
  ) -> [(frame: Double, nearCut: Bool)] {
    var expected: [(frame: Double, nearCut: Bool)] = []
    var number: Int64 = 0
    let lastTarget = target(ofSlot: slotCount - 1) + videoRate.periodNanoseconds
    while signal.clickTime(number) < lastTarget {
      let click = signal.clickTime(number)
      number += 1
      for segment in segments {
        let offset = click - segment.target
        let length = videoRate.time(ofFrame: segment.slotCount)
        guard offset >= 0, offset < length else { continue }
        let recorded =
          Double(videoRate.time(ofFrame: segment.firstSlot)) + Double(offset)
        let nearCut = (segment.firstSlot > 0 && offset < margin) || offset > length - margin
        expected.append((recorded * Double(rate) / 1e9, nearCut))
      }
    }
    return expected
  }
}
