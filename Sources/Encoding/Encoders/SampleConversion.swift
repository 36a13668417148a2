internal import CFFmpeg

/// Interleaved float samples (−1…1) into the sample formats the sound encoders take.
enum SampleConversion {
  /// The formats converted to, in order of preference.
  static let supported: [AVSampleFormat] = [
    AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P,
    AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P,
  ]

  /// Writes `frames` frames of `channels` interleaved floats from `source` at frame `offset` of
  /// a frame in `format`, whose plane `n` (just 0 when interleaved) `plane(n)` gives.
  static func store(
    _ source: UnsafePointer<Float>, frames: Int, channels: Int, format: AVSampleFormat,
    at offset: Int, plane: (Int) -> UnsafeMutablePointer<UInt8>
  ) {
    let count = frames * channels
    switch format {
    case AV_SAMPLE_FMT_FLT:
      let target = UnsafeMutableRawPointer(plane(0)).assumingMemoryBound(to: Float.self)
      (target + offset * channels).update(from: source, count: count)
    case AV_SAMPLE_FMT_FLTP:
      for channel in 0..<channels {
        let target = UnsafeMutableRawPointer(plane(channel)).assumingMemoryBound(to: Float.self)
        for index in 0..<frames { target[offset + index] = source[index * channels + channel] }
      }
    case AV_SAMPLE_FMT_S16:
      let target = UnsafeMutableRawPointer(plane(0)).assumingMemoryBound(to: Int16.self)
      for index in 0..<count { target[offset * channels + index] = int16(source[index]) }
    case AV_SAMPLE_FMT_S16P:
      for channel in 0..<channels {
        let target = UnsafeMutableRawPointer(plane(channel)).assumingMemoryBound(to: Int16.self)
        for index in 0..<frames {
          target[offset + index] = int16(source[index * channels + channel])
        }
      }
    case AV_SAMPLE_FMT_S32:
      let target = UnsafeMutableRawPointer(plane(0)).assumingMemoryBound(to: Int32.self)
      for index in 0..<count { target[offset * channels + index] = int32(source[index]) }
    case AV_SAMPLE_FMT_S32P:
      for channel in 0..<channels {
        let target = UnsafeMutableRawPointer(plane(channel)).assumingMemoryBound(to: Int32.self)
        for index in 0..<frames {
          target[offset + index] = int32(source[index * channels + channel])
        }
      }
    default:
      preconditionFailure("sample format \(format) is not in SampleConversion.supported")
    }
  }

  @inline(__always)
  private static func int16(_ value: Float) -> Int16 {
    Int16((min(max(value, -1), 1) * 32767).rounded())
  }

  @inline(__always)
  private static func int32(_ value: Float) -> Int32 {
    // 24-bit codecs keep the top 24 bits of the 32.
    Int32((Double(min(max(value, -1), 1)) * 2_147_483_392).rounded())
  }
}
