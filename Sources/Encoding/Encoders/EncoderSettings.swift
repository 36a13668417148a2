internal import CFFmpeg
internal import CX264
import DualCamCore
import Media

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

  /// Fills in x264's parameters (after its preset) the way libavcodec's x264 wrapper does for
  /// the same context: only what `configure(_:globalHeader:)` sets, x264's defaults otherwise,
  /// except that rate control goes by the frame rate alone (`b_vfr_input`, below).
  func configure(_ parameters: inout x264_param_t) {
    parameters.i_csp = X264_CSP_I420
    parameters.i_width = Int32(spec.size.width)
    parameters.i_height = Int32(spec.size.height)
    parameters.i_fps_num = UInt32(spec.frameRate.numerator)
    parameters.i_fps_den = UInt32(spec.frameRate.denominator)
    parameters.i_timebase_num = UInt32(timeBase.num)
    parameters.i_timebase_den = UInt32(timeBase.den)
    parameters.vui.i_sar_width = 1
    parameters.vui.i_sar_height = 1
    parameters.i_keyint_max = Int32(spec.keyframeInterval)
    // Every output is constant-rate (frame k at k / fps), so rate control needs only the frame
    // rate. With x264's default (timestamps drive rate control) it holds every picture back by
    // one frame to learn its duration from the next. Without that, and with a preset that uses
    // no B-frames or lookahead (ultrafast, the default), each frame's packet leaves
    // `x264_encoder_encode` with it, and the record key's first frame reaches the files a frame
    // period sooner. (x264's zerolatency tune does the same; libavcodec's wrapper does not.)
    parameters.b_vfr_input = 0
    parameters.i_threads = Int32(spec.encoderThreads)
    // Slice threads, not frame threads: x264 then holds no frames back (each thread would
    // delay the first packet by a frame) and keeps no extra pictures per thread.
    parameters.b_sliced_threads = 1
    if let bits = spec.bitsPerSecond {
      parameters.rc.i_bitrate = Int32(bits / 1000)
      parameters.rc.i_rc_method = X264_RC_ABR
    }
    // Colour as in `configure(_:globalHeader:)`: BT.709 primaries and transfer, the BT.601
    // matrix, video range, chroma sited left (H.264 chroma_sample_loc_type 0).
    parameters.vui.i_colorprim = Int32(AVCOL_PRI_BT709.rawValue)
    parameters.vui.i_transfer = Int32(AVCOL_TRC_BT709.rawValue)
    parameters.vui.i_colmatrix = Int32(AVCOL_SPC_SMPTE170M.rawValue)
    parameters.vui.b_fullrange = 0
    parameters.vui.i_chroma_loc = Int32(AVCHROMA_LOC_LEFT.rawValue) - 1
    // Headers once, out of band (the muxers' extradata), and length-prefixed NAL units as
    // MOV, MP4 and Matroska store them.
    parameters.b_repeat_headers = 0
    parameters.b_annexb = 0
    cx264_route_log_to_libav(&parameters, x264LogLevel)
  }

  /// Private encoder options for `avcodec_open2` (caller frees the dictionary).
  func encoderOptions() -> OpaquePointer? {
    var options: OpaquePointer? = nil
    switch spec.codec {
    case .hevc:
      if let preset = spec.preset { av_dict_set(&options, "preset", preset, 0) }
      // x265 prints to stderr itself, past FFmpeg's log; closed GOPs make every keyframe an
      // IDR so each fragment starts decodable.
      av_dict_set(&options, "x265-params", "log-level=\(x265LogLevel):open-gop=0", 0)
    case .ffv1:
      av_dict_set(&options, "slicecrc", "1", 0)
    case .h264:
      break  // never opened here: libx264 is driven directly (`X264VideoEncoder`)
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

  /// Describes a progressive, square-pixel video stream of this output's size with the colour
  /// the cameras deliver (BT.709 primaries and transfer, BT.601 matrix), for the muxer.
  func describeVideo(
    _ parameters: UnsafeMutablePointer<AVCodecParameters>, codec: AVCodecID,
    range: AVColorRange, chromaLocation: AVChromaLocation
  ) {
    parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
    parameters.pointee.codec_id = codec
    parameters.pointee.width = Int32(spec.size.width)
    parameters.pointee.height = Int32(spec.size.height)
    parameters.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    parameters.pointee.field_order = AV_FIELD_PROGRESSIVE
    parameters.pointee.color_range = range
    parameters.pointee.color_primaries = AVCOL_PRI_BT709
    parameters.pointee.color_trc = AVCOL_TRC_BT709
    parameters.pointee.color_space = AVCOL_SPC_SMPTE170M
    parameters.pointee.chroma_location = chromaLocation
  }

  /// A failure while encoding, naming the file and suggesting lighter settings.
  func encodeFailure(_ error: LibavError) -> DualCamError {
    encodeFailure(error.message)
  }

  /// A failure while encoding, with `reason` in words.
  func encodeFailure(_ reason: String) -> DualCamError {
    .encoderFailed(
      "\(summary) failed while encoding \(spec.url.lastPathComponent) (\(reason))",
      fix: "try a faster --preset, a lower --bitrate or another --codec")
  }

  private var x264LogLevel: Int32 {
    switch FFmpegLog.level {
    case .quiet, .error: X264_LOG_ERROR
    case .warning: X264_LOG_WARNING
    case .info: X264_LOG_INFO
    case .debug: X264_LOG_DEBUG
    }
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
