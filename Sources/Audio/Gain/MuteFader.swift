/// Mutes and unmutes a take's sound without a click: the gain ramps between 1 and 0 over a few
/// milliseconds (like the fades at a pause cut), and the frames written while muted are counted
/// for the take's metadata.
///
/// Works in place on the interleaved float samples on their way to the encoder; allocates
/// nothing, and leaves unmuted sound untouched (not even multiplied by 1).
public struct MuteFader: Sendable {
  /// Frames a full fade takes.
  public let fadeFrames: Int
  /// Frames passed through while mute was on (fading out, then silent).
  public private(set) var mutedFrames: Int64 = 0
  private var gain: Float
  private let step: Float

  /// A fader for sound at `sampleRate`, fading over `fadeNanoseconds` (4 ms by default), that
  /// starts `muted` or not.
  public init(sampleRate: Int, fadeNanoseconds: Int64 = 4_000_000, muted: Bool = false) {
    fadeFrames = max(Int(Int64(sampleRate) * fadeNanoseconds / 1_000_000_000), 1)
    step = 1 / Float(fadeFrames)
    gain = muted ? 0 : 1
  }

  /// Applies the mute to `frames` frames of `channels` interleaved samples: with `muted` the
  /// gain falls towards silence (and the frames count as muted), otherwise it rises back.
  public mutating func apply(
    _ samples: UnsafeMutablePointer<Float>, frames: Int, channels: Int, muted: Bool
  ) {
    guard frames > 0 else { return }
    if muted { mutedFrames += Int64(frames) }
    if !muted && gain == 1 { return }
    if muted && gain == 0 {
      samples.update(repeating: 0, count: frames * channels)
      return
    }
    for frame in 0..<frames {
      gain = muted ? max(gain - step, 0) : min(gain + step, 1)
      for channel in 0..<channels { samples[frame * channels + channel] *= gain }
    }
  }
}
