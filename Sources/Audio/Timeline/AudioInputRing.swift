/// The captured frames a timeline has not used yet, as interleaved floats, by their position on
/// the source's sample clock.
///
/// A fixed ring allocated once. Frames in a gap (between one period's end and the next's
/// `firstFrameIndex`) are marked absent and read back as silence, and so are frames older than
/// the ring holds or not captured yet, so a reader can ask for any range and learn how much of
/// it was real sound.
final class AudioInputRing {
  let channels: Int
  let capacityFrames: Int
  private let samples: UnsafeMutableBufferPointer<Float>
  private let present: UnsafeMutableBufferPointer<Bool>
  /// One past the newest frame written.
  private(set) var head: Int64 = 0
  /// The oldest frame still held.
  private(set) var tail: Int64 = 0
  private var empty = true

  init(channels: Int, capacityFrames: Int) {
    self.channels = channels
    self.capacityFrames = capacityFrames
    samples = .allocate(capacity: channels * capacityFrames)
    samples.initialize(repeating: 0)
    present = .allocate(capacity: capacityFrames)
    present.initialize(repeating: false)
  }

  deinit {
    samples.deallocate()
    present.deallocate()
  }

  /// True before the first period.
  var isEmpty: Bool { empty }

  /// Copies a period in, converting its samples to floats (and its channels to the ring's: the
  /// first ones kept, or the last one repeated). Frames older than the newest held are ignored.
  func append(_ period: AudioPeriodBuffer) {
    let first = period.firstFrameIndex
    if empty {
      head = first
      tail = first
      empty = false
    }
    // A gap: the frames between are absent. One longer than the ring empties it at once.
    if first - head >= Int64(capacityFrames) {
      present.update(repeating: false)
      head = first
      tail = first
    }
    while head < first {
      markAbsent(head)
      head += 1
    }
    for frame in 0..<period.frameCount {
      let index = first + Int64(frame)
      guard index >= head else { continue }
      let slot = Int(index.modulo(capacityFrames))
      for channel in 0..<channels {
        samples[slot * channels + channel] = period.sample(
          frame: frame, channel: min(channel, period.format.channels - 1))
      }
      present[slot] = true
      head = index + 1
      tail = max(tail, head - Int64(capacityFrames))
    }
  }

  private func markAbsent(_ index: Int64) {
    let slot = Int(index.modulo(capacityFrames))
    present[slot] = false
    for channel in 0..<channels { samples[slot * channels + channel] = 0 }
    tail = max(tail, index + 1 - Int64(capacityFrames))
  }

  /// Writes frames `first..<first + count` to `output` (interleaved); absent frames are silence.
  /// Returns how many were absent.
  func read(from first: Int64, count: Int, into output: UnsafeMutablePointer<Float>) -> Int {
    var absent = 0
    for frame in 0..<count {
      let index = first + Int64(frame)
      let slot = Int(index.modulo(capacityFrames))
      let held = !empty && index >= tail && index < head && present[slot]
      for channel in 0..<channels {
        output[frame * channels + channel] = held ? samples[slot * channels + channel] : 0
      }
      if !held { absent += 1 }
    }
    return absent
  }
}

extension Int64 {
  /// The remainder in 0..<divisor, for negative values too.
  func modulo(_ divisor: Int) -> Int64 {
    let remainder = self % Int64(divisor)
    return remainder < 0 ? remainder + Int64(divisor) : remainder
  }
}
