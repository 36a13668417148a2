import DualCamCore
public import Media

extension TakeInspector {
  /// Decodes sound track `track` (1: the first) of output `name` (`dualview`, `front`, `back`).
  public func decodeAudio(_ name: String, track: Int = 1) throws -> AudioTrackDecoder.Decoded {
    try AudioTrackDecoder.decode(url(of: name), track: track)
  }

  /// The recorded times at which clicks start in `sound`, in seconds after the file's first
  /// picture (where a player starts the take): the first frame of channel 0 above `threshold`
  /// after at least `quiet` seconds below it.
  public static func clickOnsets(
    in sound: AudioTrackDecoder.Decoded, threshold: Float = 0.45, quiet: Double = 0.02
  ) -> [Double] {
    let quietFrames = Int(quiet * Double(sound.sampleRate))
    var onsets: [Double] = []
    var below = quietFrames
    for frame in 0..<sound.frameCount {
      if sound.samples[frame * sound.channels] > threshold {
        if below >= quietFrames {
          onsets.append(
            sound.startTime - (sound.videoStartTime ?? 0) + Double(frame)
              / Double(sound.sampleRate))
        }
        below = 0
      } else {
        below += 1
      }
    }
    return onsets
  }

  /// The monotonic capture time (ns) of the sound at recorded time `seconds`, from the take's
  /// sound segments: the segment's target plus the time since its first frame.
  public func captureTime(ofSoundAt seconds: Double) -> Double? {
    guard let audio = metadata.audio else { return nil }
    let rate = metadata.settings.frameRate
    let frame = Int64((seconds * Double(audio.sampleRate)).rounded())
    func firstAudioFrame(_ videoFrame: Int64) -> Int64 {
      videoFrame * Int64(audio.sampleRate) * Int64(rate.denominator) / Int64(rate.numerator)
    }
    guard
      let segment = audio.segments.last(where: { firstAudioFrame($0.firstFrame) <= frame })
    else { return nil }
    let offset = Double(frame - firstAudioFrame(segment.firstFrame)) / Double(audio.sampleRate)
    return Double(segment.targetNanoseconds) + offset * 1e9
  }
}
