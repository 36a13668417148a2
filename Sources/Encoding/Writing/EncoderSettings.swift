internal import CFFmpeg
import DualCamCore

/// How an `OutputSpec` becomes libavcodec and libavformat settings.
///
/// Kept apart from the writer so that every number handed to FFmpeg is in one place.
struct EncoderSettings {
  let spec: OutputSpec

  /// MJPEG stores full-range ("JPEG") YUV; everything else video range.
  var pixelFormat: AVPixelFormat {
    spec.codec == .mjpeg ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P
  }

  /// The frame's `quality` field: MJPEG without a bitrate encodes every frame at a fixed
  /// quantiser (qscale 3, visually transparent) instead of libavcodec's 200 kbit/s default.
  var frameQuality: Int32 {
    spec.codec == .mjpeg && spec.bitsPerSecond == nil ? 3 * FF_QP2LAMBDA : 0
  }

  /// One time-base tick per frame: pts = frame index.
  var timeBase: AVRational {
    AVRational(num: Int32(spec.frameRate.denominator), den: Int32(spec.frameRate.numerator))
  }

  /// Fills in the encoder context before `avcodec_open2`.
  func configure(_ context: UnsafeMutablePointer<AVCodecContext>, globalHeader: Bool) {
    let codec = context
    codec.pointee.width = Int32(spec.size.width)
    codec.pointee.height = Int32(spec.size.height)
    codec.pointee.pix_fmt = pixelFormat
    codec.pointee.time_base = timeBase
    codec.pointee.framerate = AVRational(
      num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
    codec.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    codec.pointee.gop_size = Int32(spec.keyframeInterval)
    codec.pointee.thread_count = Int32(spec.encoderThreads)
    if spec.codec == .h264 {
      // Slice threads, not frame threads: x264 then holds no frames back (each thread would
      // delay the first packet by a frame) and keeps no extra pictures per thread.
      codec.pointee.thread_type = FF_THREAD_SLICE
    }
    if let bits = spec.bitsPerSecond { codec.pointee.bit_rate = Int64(bits) }
    if frameQuality > 0 {
      codec.pointee.flags |= AV_CODEC_FLAG_QSCALE
      codec.pointee.global_quality = frameQuality
    }
    if spec.codec == .ffv1 { codec.pointee.level = 3 }  // version 3: per-slice CRCs
    if globalHeader { codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    // UVC cameras default to BT.709 primaries and transfer with the BT.601 (SMPTE 170M)
    // matrix; DualCam never converts the matrix, so the files say what the cameras sent.
    codec.pointee.color_primaries = AVCOL_PRI_BT709
    codec.pointee.color_trc = AVCOL_TRC_BT709
    codec.pointee.colorspace = AVCOL_SPC_SMPTE170M
    if spec.codec == .mjpeg {
      codec.pointee.color_range = AVCOL_RANGE_JPEG
      codec.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER
    } else {
      codec.pointee.color_range = AVCOL_RANGE_MPEG
      codec.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
    }
  }

  /// Private encoder options for `avcodec_open2` (caller frees the dictionary).
  func encoderOptions() -> OpaquePointer? {
    var options: OpaquePointer? = nil
    switch spec.codec {
    case .h264:
      if let preset = spec.preset { av_dict_set(&options, "preset", preset, 0) }
    case .hevc:
      if let preset = spec.preset { av_dict_set(&options, "preset", preset, 0) }
      // x265 prints to stderr itself, past FFmpeg's log; closed GOPs make every keyframe an
      // IDR so each fragment starts decodable.
      av_dict_set(&options, "x265-params", "log-level=\(x265LogLevel):open-gop=0", 0)
    case .ffv1:
      av_dict_set(&options, "slicecrc", "1", 0)
    case .mjpeg:
      break
    }
    return options
  }

  /// Muxer options for `avformat_write_header` (the muxer frees the dictionary).
  func muxerOptions() -> OpaquePointer? {
    var options: OpaquePointer? = nil
    let interval = spec.duration(ofFrames: Int64(spec.keyframeInterval))
    switch spec.container {
    case .mov, .mp4:
      // Fragments with an empty moov up front: a killed process leaves a file that plays up
      // to its last complete fragment (about one keyframe interval).
      if spec.codec == .mjpeg {
        // Every MJPEG frame is a keyframe; cut by time instead of one fragment per frame.
        av_dict_set(&options, "movflags", "empty_moov+default_base_moof", 0)
        av_dict_set(&options, "frag_duration", "\(Int(interval * 1_000_000))", 0)
      } else {
        av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
      }
    case .mkv:
      // Matroska survives a crash by design; close a cluster about every interval.
      av_dict_set(&options, "cluster_time_limit", "\(max(1, Int(interval * 1000) - 1))", 0)
    }
    return options
  }

  /// The FourCC to store, when the container's default is the less compatible one.
  var codecTag: UInt32? {
    // Apple players need 'hvc1' (parameter sets in the sample description), not 'hev1'.
    spec.codec == .hevc && spec.container.isISOMedia ? cav_fourcc(104, 118, 99, 49) : nil
  }

  /// Words for messages: "libx264 veryfast 1280x720 at 30 fps, 4000000 bit/s".
  var summary: String {
    var parts = ["\(spec.codec.encoderName)"]
    if spec.codec.takesPreset, let preset = spec.preset { parts.append(preset) }
    var text = parts.joined(separator: " ") + " \(spec.size) at \(spec.frameRate) fps"
    if let bits = spec.bitsPerSecond { text += ", \(bits) bit/s" }
    return text
  }

  private var x265LogLevel: String {
    switch FFmpegLog.level {
    case .quiet: "none"
    case .error: "error"
    case .warning: "warning"
    case .info: "info"
    case .debug: "debug"
    }
  }
}
