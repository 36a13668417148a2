/// The timeline's finished samples waiting for the encoder, with the fades at each cut.
///
/// The last `fadeFrames` frames are held back until more follow: only when the next slot shows
/// whether a pause cut the timeline there can they be faded out (or left alone). A fixed ring,
/// allocated once.
final class AudioOutputQueue {
  let channels: Int
  let capacityFrames: Int
  let fadeFrames: Int
  private let samples: UnsafeMutableBufferPointer<Float>
  /// Frames read so far, written so far, and final (faded or past the hold-back) so far.
  private(set) var readPosition: Int64 = 0
  private(set) var writePosition: Int64 = 0
  private var finalPosition: Int64 = 0
  /// Frames still to fade in after a cut.
  private var fadeInRemaining = 0

  init(channels: Int, capacityFrames: Int, fadeFrames: Int) {
    self.channels = channels
    self.capacityFrames = capacityFrames
    self.fadeFrames = fadeFrames
    samples = .allocate(capacity: channels * capacityFrames)
    samples.initialize(repeating: 0)
  }

  deinit { samples.deallocate() }

  /// Room left, in frames.
  var freeFrames: Int { capacityFrames - Int(writePosition - readPosition) }

  /// Frames the encoder may take now.
  var readableFrames: Int { Int(finalPosition - readPosition) }

  /// Appends `frames` interleaved frames (at most `freeFrames`), fading in after a cut.
  func append(_ source: UnsafePointer<Float>, frames: Int) {
    precondition(frames <= freeFrames, "the audio output queue was overfilled")
    for frame in 0..<frames {
      var gain: Float = 1
      if fadeInRemaining > 0 {
        gain = Float(fadeFrames - fadeInRemaining + 1) / Float(fadeFrames + 1)
        fadeInRemaining -= 1
      }
      let slot = Int(writePosition.modulo(capacityFrames))
      for channel in 0..<channels {
        samples[slot * channels + channel] = source[frame * channels + channel] * gain
      }
      writePosition += 1
    }
    finalPosition = max(finalPosition, writePosition - Int64(fadeFrames))
  }

  /// The timeline is cut after the last frame written: fade the held-back frames out to
  /// silence, and fade in the frames that follow.
  func cut() {
    let count = Int(min(Int64(fadeFrames), writePosition - finalPosition))
    for step in 0..<count {
      let position = writePosition - Int64(count - step)
      let gain = Float(count - step) / Float(count + 1)
      let slot = Int(position.modulo(capacityFrames))
      for channel in 0..<channels { samples[slot * channels + channel] *= gain }
    }
    finalPosition = writePosition
    fadeInRemaining = fadeFrames
  }

  /// The take ended: every frame written is final.
  func finish() { finalPosition = writePosition }

  /// Moves up to `frames` final frames to `output` (interleaved); returns how many.
  func read(into output: UnsafeMutablePointer<Float>, frames: Int) -> Int {
    let count = min(frames, readableFrames)
    for frame in 0..<count {
      let slot = Int(readPosition.modulo(capacityFrames))
      for channel in 0..<channels {
        output[frame * channels + channel] = samples[slot * channels + channel]
      }
      readPosition += 1
    }
    return count
  }
}
