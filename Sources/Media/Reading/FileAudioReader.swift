internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Decodes the sound track of a file, converted by libswresample to interleaved 32-bit floats
/// at the rate and channel count asked for, a few periods at a time: the sound of a `file:`
/// camera, played along with its pictures.
///
/// Reads the file's best sound stream (other streams are discarded by the demuxer). At the end
/// `read` returns 0; `rewind()` starts again from the beginning, for a camera that loops.
/// Decoded sound waits in a buffer that grows only when a decoded frame is larger than any
/// before, so steady reading allocates nothing. Use from one thread.
///
/// Not `Sendable`: whoever opens it reads with it on one thread.
public final class FileAudioReader {
  /// The file.
  public let url: URL
  /// Frames per second delivered.
  public let sampleRate: Int
  /// Channels delivered (interleaved).
  public let channels: Int
  /// libavcodec's name of the file's sound codec ("aac", "opus", "pcm_s16le").
  public let codecName: String
  /// The rate of the file's own sound.
  public let sourceSampleRate: Int
  /// How far the sound's first frame is from the video's first picture, in ns (positive:
  /// the sound starts later); 0 for a file without video.
  public let offsetFromVideoNanoseconds: Int64

  private let input: InputFile
  private let decoder: CodecContext
  private let frame: MediaFrame
  private let packet: MediaPacket
  private let resampler: ResamplerContext
  private let streamIndex: Int32
  private let startTimestamp: Int64
  /// Converted frames waiting to be read (interleaved) and where the next read starts.
  private var pending: [Float] = []
  private var pendingStart = 0
  private var draining = false
  private var flushed = false

  /// Opens `url`'s sound track for reading as `sampleRate` Hz, `channels` channels.
  /// - Throws: `unreadableMedia` when the file cannot be read, has no sound track, or its
  ///   codec cannot be decoded.
  public init(url: URL, sampleRate: Int, channels: Int) throws(DualCamError) {
    let input = try InputFile(url: url)
    try input.findStreamInfo()
    let index = av_find_best_stream(input.pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    guard index >= 0 else {
      throw .unreadableMedia(
        "\(url.lastPathComponent) has no sound track, so --audio file has nothing to play",
        fix: "choose a file with sound, or record with --audio none, synthetic or a device")
    }
    let stream = input.stream(index)
    let parameters = stream.pointee.codecpar!
    let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id),
      let decoder = CodecContext(codec: codec), let frame = MediaFrame(),
      let packet = MediaPacket()
    else {
      throw .unreadableMedia(
        "this FFmpeg cannot decode \(codecName), the sound codec of \(url.lastPathComponent)",
        fix: "convert the file's sound (e.g. to AAC), or record with --audio none")
    }
    let describe = { (error: LibavError) -> DualCamError in
      .unreadableMedia(
        "the \(codecName) decoder cannot open the sound of \(url.lastPathComponent) "
          + "(\(error.message))", fix: InputFile.damagedFix)
    }
    try Libav.check(avcodec_parameters_to_context(decoder.pointer, parameters), describe)
    decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
    try Libav.check(avcodec_open2(decoder.pointer, codec, nil), describe)
    for other in 0..<Int32(input.pointer.pointee.nb_streams) where other != index {
      input.stream(other).pointee.discard = AVDISCARD_ALL
    }
    let sourceRate = Int(decoder.pointer.pointee.sample_rate)
    guard sourceRate > 0, decoder.pointer.pointee.ch_layout.nb_channels > 0 else {
      throw .unreadableMedia(
        "the sound track of \(url.lastPathComponent) has no rate or channels",
        fix: InputFile.damagedFix)
    }
    guard
      let resampler = ResamplerContext(
        from: decoder.pointer, toRate: sampleRate, channels: channels)
    else {
      throw .unreadableMedia(
        "the sound of \(url.lastPathComponent) (\(sourceRate) Hz) cannot be converted to "
          + "\(sampleRate) Hz, \(channels) channels", fix: "use --audio-rate 48000")
    }
    self.url = url
    self.sampleRate = sampleRate
    self.channels = channels
    self.codecName = codecName
    self.sourceSampleRate = sourceRate
    self.streamIndex = index
    self.startTimestamp = StreamTiming.startTimestamp(of: stream)
    let video = av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    if video >= 0 {
      let videoStream = input.stream(video)
      let soundStart = StreamTiming.seconds(
        StreamTiming.startTimestamp(of: stream), stream.pointee.time_base)
      let videoStart = StreamTiming.seconds(
        StreamTiming.startTimestamp(of: videoStream), videoStream.pointee.time_base)
      offsetFromVideoNanoseconds = Int64(saturating: ((soundStart - videoStart) * 1e9).rounded())
    } else {
      offsetFromVideoNanoseconds = 0
    }
    self.input = input
    self.decoder = decoder
    self.frame = frame
    self.packet = packet
    self.resampler = resampler
    pending.reserveCapacity(16_384 * channels)
  }

  /// True when `url` can be opened and has a sound track (for choosing `--audio auto`).
  public static func hasSoundTrack(_ url: URL) -> Bool {
    guard let input = try? InputFile(url: url), (try? input.findStreamInfo()) != nil else {
      return false
    }
    return av_find_best_stream(input.pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
  }

  // MARK: - Reading

  /// Copies up to `frames` frames (interleaved floats, −1…1) into `buffer`; fewer only at the
  /// end of the sound, 0 once it is over.
  public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(DualCamError)
    -> Int
  {
    var filled = 0
    while filled < frames {
      let waiting = (pending.count - pendingStart) / channels
      if waiting == 0 {
        guard try decodeMore() else { break }
        continue
      }
      let count = min(waiting, frames - filled)
      pending.withUnsafeBufferPointer { samples in
        (buffer + filled * channels).update(
          from: samples.baseAddress! + pendingStart, count: count * channels)
      }
      pendingStart += count * channels
      filled += count
      if pendingStart == pending.count {
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
      }
    }
    return filled
  }

  /// Goes back to the start of the sound.
  public func rewind() throws(DualCamError) {
    var code = av_seek_frame(input.pointer, streamIndex, startTimestamp, AVSEEK_FLAG_BACKWARD)
    if code < 0 { code = av_seek_frame(input.pointer, -1, 0, AVSEEK_FLAG_BYTE) }
    try Libav.check(code) { error in
      .unreadableMedia(
        "cannot go back to the start of the sound of \(self.url.lastPathComponent) "
          + "(\(error.message))", fix: "open the file again instead")
    }
    avcodec_flush_buffers(decoder.pointer)
    try resampler.reset()
    pending.removeAll(keepingCapacity: true)
    pendingStart = 0
    draining = false
    flushed = false
  }

  /// Decodes and converts the next frame into `pending`; false once the sound is over.
  private func decodeMore() throws(DualCamError) -> Bool {
    while true {
      let received = avcodec_receive_frame(decoder.pointer, frame.pointer)
      if received == Libav.invalidData {
        FFmpegLog.discardLastError()
        continue
      }
      switch try Libav.step(received, decodeFailure) {
      case .ready:
        defer { av_frame_unref(frame.pointer) }
        try convert(frame.pointer)
        return true
      case .endOfStream:
        guard !flushed else { return false }
        // The resampler keeps a few frames of its filter's delay: they end the sound.
        flushed = true
        try convert(nil)
        return pending.count > pendingStart
      case .again:
        if draining {
          guard !flushed else { return false }
          flushed = true
          try convert(nil)
          return pending.count > pendingStart
        }
        feedDecoder()
      }
    }
  }

  /// Sends the next packet of the sound stream, or the end of stream.
  private func feedDecoder() {
    while true {
      let code = av_read_frame(input.pointer, packet.pointer)
      guard code >= 0 else {
        // The end, or damage where a crash cut the file: the sound stops there.
        FFmpegLog.discardLastError()
        avcodec_send_packet(decoder.pointer, nil)
        draining = true
        return
      }
      defer { av_packet_unref(packet.pointer) }
      guard packet.pointer.pointee.stream_index == streamIndex else { continue }
      // A packet the decoder refuses is skipped: the sound goes on after it.
      if avcodec_send_packet(decoder.pointer, packet.pointer) < 0 { FFmpegLog.discardLastError() }
      return
    }
  }

  /// Converts `source` (nil: what the resampler still holds) and appends it to `pending`.
  private func convert(_ source: UnsafeMutablePointer<AVFrame>?) throws(DualCamError) {
    let inputFrames = source.map { Int32($0.pointee.nb_samples) } ?? 0
    let room = Int(swr_get_out_samples(resampler.pointer, inputFrames))
    guard room > 0 else { return }
    if pendingStart > 0 {
      pending.removeFirst(pendingStart)
      pendingStart = 0
    }
    let start = pending.count
    pending.append(contentsOf: repeatElement(0, count: room * channels))
    let converted = pending.withUnsafeMutableBufferPointer { samples -> Int32 in
      var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(
        samples.baseAddress! + start
      ).assumingMemoryBound(to: UInt8.self)
      return withUnsafeMutablePointer(to: &output) { planes in
        guard let source else {
          return swr_convert(resampler.pointer, planes, Int32(room), nil, 0)
        }
        let input = UnsafeMutableRawPointer(source.pointee.extended_data!)
          .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        return swr_convert(resampler.pointer, planes, Int32(room), input, inputFrames)
      }
    }
    guard converted >= 0 else {
      pending.removeLast(room * channels)
      throw decodeFailure(LibavError(code: converted))
    }
    pending.removeLast((room - Int(converted)) * channels)
  }

  private func decodeFailure(_ error: LibavError) -> DualCamError {
    .unreadableMedia(
      "the sound of \(url.lastPathComponent) could not be decoded (\(error.message))",
      fix: InputFile.damagedFix)
  }
}

/// Owns a libswresample context converting a decoder's output to interleaved floats.
final class ResamplerContext {
  let pointer: OpaquePointer

  /// Nil when libswresample refuses the conversion.
  init?(from decoder: UnsafeMutablePointer<AVCodecContext>, toRate rate: Int, channels: Int) {
    var output = cav_default_layout(Int32(channels))
    defer { av_channel_layout_uninit(&output) }
    var input = AVChannelLayout()
    defer { av_channel_layout_uninit(&input) }
    if decoder.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      // Only a count is known: take the usual layout for it.
      input = cav_default_layout(decoder.pointee.ch_layout.nb_channels)
    } else if av_channel_layout_copy(&input, &decoder.pointee.ch_layout) < 0 {
      return nil
    }
    var context: OpaquePointer? = nil
    guard
      swr_alloc_set_opts2(
        &context, &output, AV_SAMPLE_FMT_FLT, Int32(rate), &input, decoder.pointee.sample_fmt,
        decoder.pointee.sample_rate, 0, nil) >= 0, let context
    else { return nil }
    guard swr_init(context) >= 0 else {
      var owned: OpaquePointer? = context
      swr_free(&owned)
      return nil
    }
    pointer = context
  }

  /// Forgets what the filter holds (after a seek).
  func reset() throws(DualCamError) {
    swr_close(pointer)
    try Libav.check(swr_init(pointer)) { error in
      .unreadableMedia("the sound converter could not restart (\(error.message))", fix: "")
    }
  }

  deinit {
    var owned: OpaquePointer? = pointer
    swr_free(&owned)
  }
}
