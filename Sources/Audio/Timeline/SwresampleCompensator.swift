internal import CSwresample
import DualCamCore

/// Plays interleaved float samples through libswresample at the same nominal rate, stretching
/// or squeezing them by a few samples when told: how the timeline keeps a drifting sound card
/// on the pictures without clicks (swr_set_compensation changes the resampling ratio smoothly
/// over a stretch of samples instead of dropping or repeating one).
///
/// Owns its SwrContext and frees it in deinit. Not thread-safe: one timeline owns it.
final class SwresampleCompensator {
  private var context: OpaquePointer?
  let sampleRate: Int
  let channels: Int

  /// Opens a float interleaved `channels`-channel resampler at `sampleRate` on both sides.
  init(sampleRate: Int, channels: Int) throws(DualCamError) {
    self.sampleRate = sampleRate
    self.channels = channels
    // libswresample 4.7 takes the layouts as non-const pointers: one variable each.
    var outputLayout = cswr_default_layout(Int32(channels))
    var inputLayout = cswr_default_layout(Int32(channels))
    defer {
      av_channel_layout_uninit(&outputLayout)
      av_channel_layout_uninit(&inputLayout)
    }
    let allocated = swr_alloc_set_opts2(
      &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(sampleRate), &inputLayout,
      AV_SAMPLE_FMT_FLT, Int32(sampleRate), 0, nil)
    guard allocated >= 0, context != nil else {
      throw .encoderFailed(
        "could not set up audio drift compensation (libswresample error \(allocated))",
        fix: "check that libswresample is installed (scripts/setup)")
    }
    // Resampling on from the start, so the delay through the filter stays the same when the
    // first compensation is set.
    av_opt_set_int(UnsafeMutableRawPointer(context), "flags", Int64(SWR_FLAG_RESAMPLE), 0)
    try initialize()
  }

  deinit { swr_free(&context) }

  /// Forgets buffered samples (a cut in the timeline: what comes next is not contiguous).
  func reset() throws(DualCamError) { try initialize() }

  private func initialize() throws(DualCamError) {
    let result = swr_init(context)
    guard result >= 0 else {
      throw .encoderFailed(
        "could not start audio drift compensation (libswresample error \(result))",
        fix: "check that libswresample is installed (scripts/setup)")
    }
  }

  /// Adds `deltaFrames` frames (negative: removes them) spread over the next `overFrames`
  /// output frames.
  func compensate(deltaFrames: Int, overFrames: Int) {
    _ = swr_set_compensation(context, Int32(deltaFrames), Int32(max(overFrames, 1)))
  }

  /// Input frames fed and not yet turned into output.
  var delayFrames: Int { Int(swr_get_delay(context, Int64(sampleRate))) }

  /// Feeds `inputFrames` frames from `input` and writes up to `capacity` frames to `output`;
  /// returns the frames written. Input that does not fit is kept for the next call.
  func convert(
    input: UnsafePointer<Float>, inputFrames: Int, output: UnsafeMutablePointer<Float>,
    capacity: Int
  ) -> Int {
    var source: UnsafePointer<UInt8>? = UnsafeRawPointer(input).assumingMemoryBound(to: UInt8.self)
    var destination: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(output)
      .assumingMemoryBound(to: UInt8.self)
    let written = swr_convert(
      context, &destination, Int32(capacity), &source, Int32(inputFrames))
    return Int(max(written, 0))
  }
}
