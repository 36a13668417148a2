internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Decodes the first video stream of a file to I420 pictures, one frame per call.
///
/// Reads anything libavformat can open (MOV, MP4, MKV, …) and headerless raw YUV given its
/// `RawVideoFormat`. Frames come out at the file's size in video range; other pixel formats
/// and full-range (JPEG) video are converted with libswscale. A file cut short by a crash is
/// read up to the damage. Use from one thread.
///
/// Not `Sendable`: whoever opens it reads with it on one thread.
public final class VideoFileReader {
  /// What one call to `readFrame(into:)` produced.
  public enum ReadResult: Sendable, Hashable {
    /// Frame number `index` (0 at the start or after `rewind()`, in presentation order),
    /// shown `presentationTime` seconds after the stream's first frame.
    case frame(index: Int64, presentationTime: Double)
    /// No more frames.
    case endOfStream
  }

  /// The file.
  public let url: URL
  /// Picture size of the video stream.
  public let size: ImageSize
  /// Frame rate of the video stream.
  public let frameRate: FrameRate
  /// libavcodec's name for the stream's codec ("h264", "hevc", "mjpeg", "ffv1", "rawvideo").
  public let codecName: String
  /// Packets the decoder rejected as damaged (and skipped) so far.
  public private(set) var skippedPackets = 0
  /// True when reading stopped at damage rather than at a clean end of file.
  public private(set) var stoppedAtDamage = false

  private let input: InputFile
  private let decoder: CodecContext
  private let frame: MediaFrame
  private let packet: MediaPacket
  private var scaler = ScaleContext()
  private let streamIndex: Int32
  private let timeBase: AVRational
  private let startTimestamp: Int64
  private var nextIndex: Int64 = 0
  private var draining = false
  /// Set by `seek(toFrame:)`: frames before it are decoded and dropped unconverted.
  private var seekTarget: Int64?
  /// During a seek, the last frame before the target (in `previous`).
  private var kept: Decoded?
  private let previous: MediaFrame
  /// A frame decoded (in `frame`) but not yet returned: the one after a gap a seek landed in.
  private var pending: Decoded?

  /// Opens `url`; pass `raw` for a headerless YUV file, and `frameRate` when the rate is known
  /// better than the file says it (a take's own rate: a file that held frames has an average
  /// rate below it).
  public init(url: URL, raw: RawVideoFormat? = nil, frameRate: FrameRate? = nil)
    throws(DualCamError)
  {
    let input = try InputFile(url: url, raw: raw)
    try input.findStreamInfo()
    let index = try input.videoStreamIndex()
    let stream = input.stream(index)
    let parameters = stream.pointee.codecpar!
    let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
      throw .unreadableMedia(
        "this FFmpeg cannot decode \(codecName), the video codec of \(url.lastPathComponent)",
        fix: "install an FFmpeg with a \(codecName) decoder, or convert the file")
    }
    guard parameters.pointee.width > 0, parameters.pointee.height > 0,
      let decoder = CodecContext(codec: codec), let frame = MediaFrame(),
      let previous = MediaFrame(),
      let packet = MediaPacket()
    else {
      throw .unreadableMedia(
        "\(url.lastPathComponent) has no picture size", fix: InputFile.damagedFix)
    }
    let describe = { (error: LibavError) -> DualCamError in
      .unreadableMedia(
        "the \(codecName) decoder cannot open \(url.lastPathComponent) (\(error.message))",
        fix: InputFile.damagedFix)
    }
    try Libav.check(avcodec_parameters_to_context(decoder.pointer, parameters), describe)
    decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
    try Libav.check(avcodec_open2(decoder.pointer, codec, nil), describe)
    self.url = url
    self.size = ImageSize(
      width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
    self.frameRate = frameRate ?? StreamTiming.frameRate(of: stream)
    self.codecName = codecName
    self.streamIndex = index
    self.timeBase = stream.pointee.time_base
    self.startTimestamp = StreamTiming.startTimestamp(of: stream)
    self.input = input
    self.decoder = decoder
    self.frame = frame
    self.previous = previous
    self.packet = packet
  }

  // MARK: - Reading

  /// Decodes the next frame into `image` (I420 of `size`).
  ///
  /// A frame's number comes from its timestamp on the constant-rate timeline, so a file whose
  /// timestamps leave a gap (a take that held frames while its encoders were behind) numbers
  /// the frame after the gap past it; without a timestamp, frames are counted.
  public func readFrame(into image: ImageView) throws(DualCamError) -> ReadResult {
    guard image.format == .i420, image.size == size else {
      throw .invalidArgument(
        "frames of \(url.lastPathComponent) are read into I420 \(size) images, "
          + "not \(image.format) \(image.size)", fix: "pass an image of the reader's size")
    }
    while true {
      let decoded: Decoded
      if let waiting = pending {
        decoded = waiting  // still in `frame`
        pending = nil
      } else if let next = try decodeNext() {
        decoded = next
      } else {
        // The target lies past the last frame: the last one shows there.
        if seekTarget != nil, let kept = kept {
          seekTarget = nil
          return try returnKept(kept, into: image)
        }
        return .endOfStream
      }
      if let target = seekTarget {
        // After a seek, frames before the target are decoded (the next ones need them) and
        // the last of them kept unconverted: in a gap, it is the picture the target shows.
        if decoded.index < target {
          av_frame_unref(previous.pointer)
          av_frame_move_ref(previous.pointer, frame.pointer)
          kept = decoded
          continue
        }
        seekTarget = nil
        if decoded.index > target, let kept {
          pending = decoded
          return try returnKept(kept, into: image)
        }
        av_frame_unref(previous.pointer)
        kept = nil
      }
      defer { av_frame_unref(frame.pointer) }
      try convert(frame.pointer, into: image)
      nextIndex = decoded.index + 1
      return .frame(index: decoded.index, presentationTime: decoded.time)
    }
  }

  /// A decoded frame's number and time.
  private struct Decoded {
    var index: Int64
    var time: Double
  }

  /// Converts the frame kept during a seek and lets it go; the frame decoded after it waits.
  private func returnKept(_ decoded: Decoded, into image: ImageView) throws(DualCamError)
    -> ReadResult
  {
    defer {
      av_frame_unref(previous.pointer)
      kept = nil
    }
    try convert(previous.pointer, into: image)
    nextIndex = decoded.index + 1
    return .frame(index: decoded.index, presentationTime: decoded.time)
  }

  /// Decodes the next frame into `frame` (the caller unreferences it), or nil at the end.
  private func decodeNext() throws(DualCamError) -> Decoded? {
    while true {
      let received = avcodec_receive_frame(decoder.pointer, frame.pointer)
      if received == Libav.invalidData {
        skippedPackets += 1
        FFmpegLog.discardLastError()
        continue
      }
      switch try Libav.step(received, decodeFailure) {
      case .ready:
        let timestamp = frame.pointer.pointee.best_effort_timestamp
        guard timestamp != cav_nopts_value() else {
          return Decoded(index: nextIndex, time: Double(nextIndex) / frameRate.framesPerSecond)
        }
        let time = StreamTiming.seconds(timestamp - startTimestamp, timeBase)
        // Counted on from the frame before, unless the timestamp says a gap came first
        // (timestamps a little off the grid never number two frames alike).
        let onTimeline = Int64(saturating: (time * frameRate.framesPerSecond).rounded())
        return Decoded(index: max(onTimeline, nextIndex), time: time)
      case .endOfStream:
        return nil
      case .again:
        if draining { return nil }
        try feedDecoder()
      }
    }
  }

  /// Goes back to the first frame (for looping a file as a synthetic camera).
  public func rewind() throws(DualCamError) {
    var code = av_seek_frame(input.pointer, streamIndex, startTimestamp, AVSEEK_FLAG_BACKWARD)
    if code < 0 { code = av_seek_frame(input.pointer, -1, 0, AVSEEK_FLAG_BYTE) }
    try Libav.check(code) { error in
      .unreadableMedia(
        "cannot go back to the start of \(self.url.lastPathComponent) (\(error.message))",
        fix: "open the file again instead")
    }
    avcodec_flush_buffers(decoder.pointer)
    nextIndex = 0
    draining = false
    stoppedAtDamage = false
    seekTarget = nil
    forgetHeldFrames()
  }

  /// Makes the next `readFrame(into:)` return frame `index` exactly (numbered from 0 on the
  /// stream's constant-rate timeline). A target a little ahead is reached by decoding forward;
  /// any other goes to the keyframe at or before it first. Frames skipped on the way are
  /// decoded but not converted.
  public func seek(toFrame index: Int64) throws(DualCamError) {
    let target = max(index, 0)
    let forwardReach = Int64(frameRate.framesPerSecond.rounded(.up)) * 2
    if !draining, target >= nextIndex, target - nextIndex <= forwardReach {
      seekTarget = target
      return
    }
    let frameDuration = AVRational(
      num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
    let timestamp = startTimestamp + av_rescale_q(target, frameDuration, timeBase)
    var code = av_seek_frame(input.pointer, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD)
    if code < 0 {
      // No index to seek by (a fragmented file): decode forward from the start.
      code = av_seek_frame(input.pointer, streamIndex, startTimestamp, AVSEEK_FLAG_BACKWARD)
    }
    if code < 0 { code = av_seek_frame(input.pointer, -1, 0, AVSEEK_FLAG_BYTE) }
    try Libav.check(code) { error in
      .unreadableMedia(
        "cannot seek in \(self.url.lastPathComponent) (\(error.message))",
        fix: InputFile.damagedFix)
    }
    avcodec_flush_buffers(decoder.pointer)
    nextIndex = 0
    draining = false
    stoppedAtDamage = false
    seekTarget = target
    forgetHeldFrames()
  }

  /// Lets go of a frame kept during a seek and of one decoded but not yet returned.
  private func forgetHeldFrames() {
    if pending != nil { av_frame_unref(frame.pointer) }
    pending = nil
    av_frame_unref(previous.pointer)
    kept = nil
  }

  // MARK: - Internals

  /// Sends the next packet of the video stream, or the end-of-stream marker.
  private func feedDecoder() throws(DualCamError) {
    while true {
      let code = av_read_frame(input.pointer, packet.pointer)
      if code < 0 {
        // End of file, or damage we cannot read past (a crash's cut-off fragment): either
        // way, drain what the decoder still holds.
        stoppedAtDamage = code != Libav.endOfFile
        if stoppedAtDamage { FFmpegLog.discardLastError() }
        draining = true
        _ = try Libav.step(avcodec_send_packet(decoder.pointer, nil), decodeFailure)
        return
      }
      defer { av_packet_unref(packet.pointer) }
      guard packet.pointer.pointee.stream_index == streamIndex else { continue }
      if packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
        skippedPackets += 1
        continue
      }
      let sent = avcodec_send_packet(decoder.pointer, packet.pointer)
      if sent == Libav.invalidData {
        skippedPackets += 1
        FFmpegLog.discardLastError()
        continue
      }
      _ = try Libav.step(sent, decodeFailure)
      return
    }
  }

  /// Copies (I420 of the right size) or converts a decoded frame into `image`.
  private func convert(_ source: UnsafePointer<AVFrame>, into image: ImageView) throws(DualCamError)
  {
    let width = Int32(size.width)
    let height = Int32(size.height)
    if source.pointee.format == AV_PIX_FMT_YUV420P.rawValue, source.pointee.width == width,
      source.pointee.height == height
    {
      image.copyPixels(from: ImageView(planarFrame: source, size: size))
      return
    }
    guard let context = scaler.prepare(from: source, width: width, height: height) else {
      let format = av_get_pix_fmt_name(AVPixelFormat(rawValue: source.pointee.format))
      throw .unreadableMedia(
        "\(url.lastPathComponent) uses pixel format "
          + "\(format.map { String(cString: $0) } ?? "unknown"), which cannot be converted",
        fix: "convert the file to yuv420p first")
    }
    let scaled = cav_scale_frame(
      context, source, image.plane0.base, Int32(image.plane0.bytesPerRow), image.plane1.base,
      Int32(image.plane1.bytesPerRow), image.plane2.base, Int32(image.plane2.bytesPerRow))
    try Libav.check(scaled, decodeFailure)
  }

  private func decodeFailure(_ error: LibavError) -> DualCamError {
    .unreadableMedia(
      "decoding \(url.lastPathComponent) failed (\(error.message))", fix: InputFile.damagedFix)
  }
}
