internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Decodes the first sound stream of a file to interleaved floats with their times: how tests
/// and checks read back what a take recorded. Reads the whole stream into memory; not for the
/// frame path.
public enum AudioTrackDecoder {
  /// A file's sound, decoded.
  public struct Decoded: Sendable {
    /// libavcodec's name of the stream's codec ("aac", "opus", "pcm_s16le").
    public var codecName: String
    /// Frames per second.
    public var sampleRate: Int
    /// Interleaved channels.
    public var channels: Int
    /// Presentation time of the first decoded frame, in seconds (0 when the sound starts with
    /// the pictures).
    public var startTime: Double
    /// Presentation time of the file's video stream's first frame, in seconds, if it has video:
    /// where the recorded timeline starts. (MOV and MP4 shift every stream so that none starts
    /// before 0, so with AAC's encoder delay the pictures start a little after 0 and the sound
    /// at 0; sound and pictures are in sync relative to each other.)
    public var videoStartTime: Double?
    /// Every decoded frame, interleaved, −1…1.
    public var samples: [Float]

    /// Decoded frames (per channel).
    public var frameCount: Int { channels == 0 ? 0 : samples.count / channels }

    /// Seconds the decoded sound lasts.
    public var duration: Double { Double(frameCount) / Double(max(sampleRate, 1)) }
  }

  /// Decodes `url`'s sound stream number `track` (1: the first); a file cut short by a crash
  /// is read up to the damage.
  public static func decode(_ url: URL, track: Int = 1) throws(DualCamError) -> Decoded {
    let input = try InputFile(url: url)
    try input.findStreamInfo()
    let sounds = (0..<Int32(input.pointer.pointee.nb_streams)).filter {
      input.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
    }
    let index =
      track == 1
      ? av_find_best_stream(input.pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
      : sounds.indices.contains(track - 1) ? sounds[track - 1] : -1
    guard index >= 0 else {
      throw .unreadableMedia(
        "\(input.name) has no sound stream \(track)", fix: "record with --audio")
    }
    let stream = input.stream(index)
    let parameters = stream.pointee.codecpar!
    let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id),
      let decoder = CodecContext(codec: codec), let frame = MediaFrame(),
      let packet = MediaPacket()
    else {
      throw .unreadableMedia("this FFmpeg cannot decode \(codecName) sound", fix: "")
    }
    try Libav.check(avcodec_parameters_to_context(decoder.pointer, parameters)) { error in
      .unreadableMedia("\(input.name): \(error.message)", fix: "")
    }
    decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
    try Libav.check(avcodec_open2(decoder.pointer, codec, nil)) { error in
      .unreadableMedia("the \(codecName) decoder could not be opened (\(error.message))", fix: "")
    }
    let timeBase = stream.pointee.time_base
    var result = Decoded(
      codecName: codecName, sampleRate: Int(parameters.pointee.sample_rate),
      channels: Int(parameters.pointee.ch_layout.nb_channels), startTime: 0,
      videoStartTime: nil, samples: [])
    let video = av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    if video >= 0 {
      let videoStream = input.stream(video)
      let start = videoStream.pointee.start_time
      result.videoStartTime =
        start == cav_nopts_value() ? 0 : StreamTiming.seconds(start, videoStream.pointee.time_base)
    }
    var started = false
    func collect() {
      while avcodec_receive_frame(decoder.pointer, frame.pointer) >= 0 {
        defer { av_frame_unref(frame.pointer) }
        if !started {
          let pts = frame.pointer.pointee.best_effort_timestamp
          result.startTime = pts == cav_nopts_value() ? 0 : StreamTiming.seconds(pts, timeBase)
          started = true
        }
        append(frame.pointer, to: &result.samples, channels: result.channels)
      }
    }
    while av_read_frame(input.pointer, packet.pointer) >= 0 {
      defer { av_packet_unref(packet.pointer) }
      if packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 { break }
      guard packet.pointer.pointee.stream_index == index else { continue }
      if avcodec_send_packet(decoder.pointer, packet.pointer) < 0 { continue }
      collect()
    }
    avcodec_send_packet(decoder.pointer, nil)
    collect()
    FFmpegLog.discardLastError()  // damage at the end is where reading stops, not an error
    return result
  }

  /// Appends `frame`'s samples, interleaved, as floats.
  private static func append(
    _ frame: UnsafeMutablePointer<AVFrame>, to samples: inout [Float], channels: Int
  ) {
    let count = Int(frame.pointee.nb_samples)
    let format = AVSampleFormat(rawValue: frame.pointee.format)
    let planar = av_sample_fmt_is_planar(format) != 0
    func value(_ channel: Int, _ index: Int) -> Float {
      let plane = planar ? channel : 0
      let position = planar ? index : index * channels + channel
      let data = UnsafeRawPointer(frame.pointee.extended_data[plane]!)
      switch format {
      case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
        return data.load(fromByteOffset: position * 4, as: Float.self)
      case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
        return Float(data.load(fromByteOffset: position * 2, as: Int16.self)) / 32768
      case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P:
        return Float(data.load(fromByteOffset: position * 4, as: Int32.self)) / 2_147_483_648
      case AV_SAMPLE_FMT_DBL, AV_SAMPLE_FMT_DBLP:
        return Float(data.load(fromByteOffset: position * 8, as: Double.self))
      default:
        return 0
      }
    }
    samples.reserveCapacity(samples.count + count * channels)
    for index in 0..<count {
      for channel in 0..<channels { samples.append(value(channel, index)) }
    }
  }
}
