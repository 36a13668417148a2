internal import CFFmpeg
public import DualCamCore
import Media

/// Encodes a take's sound once, through libavcodec: AAC (the native encoder), Opus (libopus)
/// or PCM, from the interleaved float frames the audio timeline produces.
///
/// Frames go in any number at a time; the encoder cuts them into its codec's frames (1024 for
/// AAC, 960 for Opus at 48 kHz, 1024 for PCM), stamped with the number of frames before them
/// in a `1/sampleRate` time base, so frame `n` of the take is at recorded time `n / rate`, the
/// origin of the video's pts 0. Every packet is handed to `emit`, which writes it into each file
/// (`AudioTrack`). The last, partial frame is padded with silence only when the codec cannot
/// take a short one. Use from one thread.
public final class AudioEncoder: @unchecked Sendable {
  // @unchecked: one thread at a time encodes. The writers opening side by side only read the
  // opened context (`describe`), before any frame is encoded; then the scheduler thread alone
  // encodes. The `let`s are immutable.
  /// What the encoder was asked for, with the codec actually used.
  public let settings: AudioEncoderSettings
  /// Set when the codec asked for was not available and another is used instead.
  public let fallbackNote: String?
  /// Frames per codec frame.
  public let frameSize: Int
  /// Frames handed to the codec so far (per channel), not counting priming dropped.
  public private(set) var framesEncoded: Int64 = 0
  /// Packets produced so far.
  public private(set) var packetsProduced: Int64 = 0

  private let context: CodecContext
  private let frame: MediaFrame
  private let packet: MediaPacket
  private let sampleFormat: AVSampleFormat
  private let canTakeShortFrame: Bool
  /// Frames of the take's sound still to drop for the priming (`trimsPriming`).
  private var primingToSkip: Int
  /// What is added to the codec's packet times (its priming), so they start at 0.
  private let timeShift: Int64
  /// Frames waiting in `frame` for it to be full.
  private var pending = 0
  private var ended = false

  /// Opens the encoder. Opus falls back to AAC, with `fallbackNote` saying so, when this
  /// libavcodec has no Opus encoder.
  public init(settings requested: AudioEncoderSettings) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    var settings = requested
    var note: String?
    var found = avcodec_find_encoder_by_name(settings.codec.encoderName)
    if found == nil, settings.codec == .opus {
      settings.codec = .aac
      note = "this FFmpeg has no Opus encoder (libopus); the sound is written as AAC instead"
      found = avcodec_find_encoder_by_name(settings.codec.encoderName)
    }
    guard let codec = found, let context = CodecContext(codec: codec) else {
      throw .encoderFailed(
        "this FFmpeg has no \(settings.codec.encoderName) sound encoder",
        fix: "choose another --audio-codec, or --audio none")
    }
    guard let sampleFormat = Self.inputFormat(of: codec) else {
      throw .encoderFailed(
        "\(settings.codec.encoderName) takes no sample format DualCam writes", fix: "")
    }
    let pointer = context.pointer
    pointer.pointee.sample_fmt = sampleFormat
    pointer.pointee.sample_rate = Int32(settings.sampleRate)
    pointer.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
    av_channel_layout_default(&pointer.pointee.ch_layout, Int32(settings.channels))
    if !settings.codec.isPCM { pointer.pointee.bit_rate = Int64(settings.bitsPerSecond) }
    if settings.globalHeader {
      pointer.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_GLOBAL_HEADER))
    }
    let summary = settings.summary
    try Libav.check(avcodec_open2(pointer, codec, nil)) { error in
      .encoderFailed(
        "the \(summary) sound encoder could not be opened (\(error.message))",
        fix: "try --audio-rate 48000, --audio-channels 2 or another --audio-codec")
    }
    let variable = codec.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0
    let size = pointer.pointee.frame_size > 0 && !variable ? Int(pointer.pointee.frame_size) : 1024
    guard let frame = MediaFrame(), let packet = MediaPacket() else {
      throw .encoderFailed("no memory for the sound encoder", fix: "close other programs")
    }
    frame.pointer.pointee.format = sampleFormat.rawValue
    frame.pointer.pointee.sample_rate = Int32(settings.sampleRate)
    frame.pointer.pointee.nb_samples = Int32(size)
    av_channel_layout_default(&frame.pointer.pointee.ch_layout, Int32(settings.channels))
    try Libav.check(av_frame_get_buffer(frame.pointer, 0)) { error in
      .encoderFailed("no memory for sound frames (\(error.message))", fix: "")
    }
    let priming = Int(max(pointer.pointee.initial_padding, 0))
    primingToSkip = settings.trimsPriming ? priming : 0
    // Packets start at 0 either way: a negative first time (libavcodec stamps the priming
    // before 0) makes the muxer shift every stream, the pictures included, and the file's sound
    // would then play ahead of them (Opus in MKV: by 7 ms). Opus's own header marks its
    // pre-skip, which decoders drop, so its content still starts at 0.
    timeShift = Int64(priming)
    self.settings = settings
    fallbackNote = note
    frameSize = size
    canTakeShortFrame = variable || codec.pointee.capabilities & AV_CODEC_CAP_SMALL_LAST_FRAME != 0
    self.sampleFormat = sampleFormat
    self.context = context
    self.frame = frame
    self.packet = packet
  }

  /// The time base of the packets: one tick per frame.
  var timeBase: AVRational { AVRational(num: 1, den: Int32(settings.sampleRate)) }

  /// Fills a stream's codec parameters (codec, rate, channels, extradata).
  func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>)
    throws(DualCamError)
  {
    try Libav.check(avcodec_parameters_from_context(parameters, context.pointer)) { error in
      .encoderFailed("\(settings.summary): \(error.message)", fix: "try --audio-codec aac")
    }
  }

  /// Encodes `frames` interleaved float frames (−1…1) from `samples`; every packet that comes
  /// out is handed to `emit`, valid during the call only (it may take the packet's reference).
  func encode(
    _ samples: UnsafePointer<Float>, frames: Int,
    emit: (UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Void
  ) throws(DualCamError) {
    guard !ended else {
      throw .invalidArgument("the sound encoder was already finished", fix: "")
    }
    var done = min(primingToSkip, frames)
    primingToSkip -= done
    while done < frames {
      if pending == 0 { try makeFrameWritable() }
      let count = min(frames - done, frameSize - pending)
      store(samples + done * settings.channels, frames: count, at: pending)
      pending += count
      done += count
      if pending == frameSize { try sendPending(emit: emit) }
    }
  }

  /// Encodes what is pending (padded with silence when the codec needs whole frames), drains
  /// the codec and hands out its last packets. Call once, at the end of the take.
  func finish(
    emit: (UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Void
  ) throws(DualCamError) {
    guard !ended else { return }
    if pending > 0 {
      if !canTakeShortFrame {
        let silence = [Float](repeating: 0, count: (frameSize - pending) * settings.channels)
        silence.withUnsafeBufferPointer {
          store($0.baseAddress!, frames: frameSize - pending, at: pending)
        }
        pending = frameSize
      }
      try sendPending(emit: emit)
    }
    ended = true
    try send(nil, emit: emit)
  }

  // MARK: - Internals

  private func sendPending(
    emit: (UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Void
  ) throws(DualCamError) {
    let frame = frame.pointer
    frame.pointee.nb_samples = Int32(pending)
    frame.pointee.pts = framesEncoded
    framesEncoded += Int64(pending)
    pending = 0
    try send(frame, emit: emit)
  }

  private func send(
    _ frame: UnsafeMutablePointer<AVFrame>?,
    emit: (UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Void
  ) throws(DualCamError) {
    while try Libav.step(avcodec_send_frame(context.pointer, frame), settings.encodeFailure)
      == .again
    {
      try drain(emit: emit)  // the codec wants its packets taken before it accepts more
    }
    try drain(emit: emit)
  }

  private func drain(
    emit: (UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Void
  ) throws(DualCamError) {
    let packet = packet.pointer
    while try Libav.step(
      avcodec_receive_packet(context.pointer, packet), settings.encodeFailure) == .ready
    {
      packetsProduced += 1
      defer { av_packet_unref(packet) }
      if timeShift != 0 {
        packet.pointee.pts += timeShift
        packet.pointee.dts += timeShift
      }
      try emit(packet)
    }
  }

  private func makeFrameWritable() throws(DualCamError) {
    // The codec may still hold the previous frame's buffer.
    let frame = frame.pointer
    frame.pointee.nb_samples = Int32(frameSize)
    try Libav.check(av_frame_make_writable(frame)) { error in
      .encoderFailed("no memory for the next sound frame (\(error.message))", fix: "")
    }
  }

  /// Converts `frames` interleaved floats into the codec's format at frame offset `offset`.
  private func store(_ source: UnsafePointer<Float>, frames: Int, at offset: Int) {
    let channels = settings.channels
    let frame = frame.pointer
    SampleConversion.store(
      source, frames: frames, channels: channels, format: sampleFormat, at: offset
    ) { plane in frame.pointee.extended_data[plane]! }
  }

  /// The first input format of `codec` that DualCam converts to, in order of preference.
  private static func inputFormat(of codec: UnsafePointer<AVCodec>) -> AVSampleFormat? {
    guard var formats = codec.pointee.sample_fmts else { return nil }
    var offered: [AVSampleFormat] = []
    while formats.pointee != AV_SAMPLE_FMT_NONE {
      offered.append(formats.pointee)
      formats += 1
    }
    return SampleConversion.supported.first { offered.contains($0) }
  }
}
