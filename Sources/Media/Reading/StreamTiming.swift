internal import CFFmpeg
import DualCamCore

/// Frame rate and start time of a demuxed stream, in DualCam's terms.
enum StreamTiming {
  /// The stream's frame rate: `avg_frame_rate`, else `r_frame_rate`, else libavformat's own
  /// fallback of 25.
  ///
  /// Containers with millisecond time bases (Matroska) give 29.97 fps as something like
  /// 1000000000/33366667; rates within 0.01 % of a common NTSC or integer rate are snapped to
  /// its exact fraction so that the same take reads back with the same `FrameRate`.
  static func frameRate(of stream: UnsafePointer<AVStream>) -> FrameRate {
    var rate = stream.pointee.avg_frame_rate
    if rate.num <= 0 || rate.den <= 0 { rate = stream.pointee.r_frame_rate }
    guard rate.num > 0, rate.den > 0 else { return FrameRate(numerator: 25) }
    let value = Double(rate.num) / Double(rate.den)
    for base in [24, 30, 48, 60, 120, 240] {
      let ntsc = Double(base) * 1000 / 1001
      if abs(value - ntsc) / ntsc < 1e-4 {
        return FrameRate(numerator: base * 1000, denominator: 1001)
      }
    }
    let whole = value.rounded()
    if whole >= 1, abs(value - whole) / whole < 1e-4 { return FrameRate(numerator: Int(whole)) }
    return FrameRate(numerator: Int(rate.num), denominator: Int(rate.den))
  }

  /// The stream's first presentation time in its own time base (0 when unknown).
  static func startTimestamp(of stream: UnsafePointer<AVStream>) -> Int64 {
    let start = stream.pointee.start_time
    return start == cav_nopts_value() ? 0 : start
  }

  /// `timestamp` ticks of `timeBase` in seconds.
  static func seconds(_ timestamp: Int64, _ timeBase: AVRational) -> Double {
    Double(timestamp) * Double(timeBase.num) / Double(timeBase.den)
  }
}
