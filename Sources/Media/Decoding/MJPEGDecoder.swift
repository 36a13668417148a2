internal import CFFmpeg
public import DualCamCore

/// Decodes the JPEG pictures of an MJPEG camera into I420 frames, with libavcodec's MJPEG
/// decoder.
///
/// Everything is allocated once: the codec context, the packet, the decoded frame, the
/// conversion context and a padded copy of the compressed bytes (libavcodec reads up to
/// `AV_INPUT_BUFFER_PADDING_SIZE` bytes past the end, which a camera's mapped buffer may not
/// have). Decoding a frame allocates nothing in Swift. Use from one thread at a time.
///
/// Not `Sendable`: a camera makes it and only its capture thread decodes with it.
public final class MJPEGDecoder {
  /// The picture size decoded frames are converted to.
  public let size: ImageSize
  private let context: CodecContext
  private let packet: MediaPacket
  private let frame: MediaFrame
  private var scaler = ScaleContext()
  private var scratch: UnsafeMutableRawBufferPointer
  private static let padding = 64

  /// Prepares a decoder producing `size` pictures.
  public init(size: ImageSize) throws(DualCamError) {
    self.size = size
    let unavailable = DualCamError.encoderFailed(
      "this FFmpeg has no MJPEG decoder or ran out of memory",
      fix: "install a complete libavcodec (Debian: libavcodec59), or record in a raw format")
    guard let codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG),
      let context = CodecContext(codec: codec), let packet = MediaPacket(),
      let frame = MediaFrame()
    else { throw unavailable }
    // One thread: frame threading would hold pictures back and add latency to every frame.
    context.pointer.pointee.thread_count = 1
    try Libav.check(avcodec_open2(context.pointer, codec, nil)) { _ in unavailable }
    self.context = context
    self.packet = packet
    self.frame = frame
    scratch = .allocate(byteCount: 1 << 20, alignment: 64)
  }

  deinit { scratch.deallocate() }

  /// Decodes one JPEG picture into `destination` (I420, `size`).
  ///
  /// A damaged picture throws `unreadableMedia`; the decoder stays usable for the next one.
  public func decode(
    _ jpeg: UnsafeRawBufferPointer, into destination: ImageView
  ) throws(DualCamError) {
    guard jpeg.count > 0 else { throw damaged("the camera sent an empty picture") }
    if scratch.count < jpeg.count + Self.padding {
      // Grows only when a picture is larger than any before it.
      scratch.deallocate()
      scratch = .allocate(byteCount: jpeg.count * 2 + Self.padding, alignment: 64)
    }
    scratch.copyMemory(from: jpeg)
    scratch.baseAddress!.advanced(by: jpeg.count).initializeMemory(
      as: UInt8.self, repeating: 0, count: Self.padding)
    packet.pointer.pointee.data = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self)
    packet.pointer.pointee.size = Int32(jpeg.count)
    let sent = avcodec_send_packet(context.pointer, packet.pointer)
    packet.pointer.pointee.data = nil
    packet.pointer.pointee.size = 0
    try Libav.check(sent) { error in damaged(error.message) }
    // One JPEG is one picture: "no picture yet" (EAGAIN) is a damaged one here too.
    try Libav.check(avcodec_receive_frame(context.pointer, frame.pointer)) { error in
      damaged(error.message)
    }
    defer { av_frame_unref(frame.pointer) }
    try convert(frame.pointer, into: destination)
  }

  private func convert(
    _ source: UnsafeMutablePointer<AVFrame>, into image: ImageView
  ) throws(DualCamError) {
    let width = Int32(size.width)
    let height = Int32(size.height)
    let format = source.pointee.format
    // Full-range (JPEG) pictures go through libswscale, which also converts their range.
    if format == AV_PIX_FMT_YUV420P.rawValue,
      source.pointee.width == width, source.pointee.height == height
    {
      image.copyPixels(from: ImageView(planarFrame: source, size: size))
      return
    }
    guard let scaling = scaler.prepare(from: source, width: width, height: height) else {
      throw damaged("its pixel layout cannot be converted")
    }
    let scaled = cav_scale_frame(
      scaling, source, image.plane0.base, Int32(image.plane0.bytesPerRow), image.plane1.base,
      Int32(image.plane1.bytesPerRow), image.plane2.base, Int32(image.plane2.bytesPerRow))
    try Libav.check(scaled) { error in damaged(error.message) }
  }

  private func damaged(_ reason: String) -> DualCamError {
    .unreadableMedia(
      "an MJPEG picture from the camera could not be decoded (\(reason))",
      fix: "check the USB cable; if it keeps happening, record at a lower size or rate")
  }
}
