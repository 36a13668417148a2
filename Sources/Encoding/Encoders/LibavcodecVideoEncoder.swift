internal import CFFmpeg
import DualCamCore
import Media

/// A libavcodec encoder (x265, MJPEG, FFV1; H.264 goes to libx264 directly, in
/// `X264VideoEncoder`) and the input pictures and packet buffers it works with.
final class LibavcodecVideoEncoder: VideoEncoding {
  private let settings: EncoderSettings
  private let context: CodecContext
  /// Packet buffers for the encoder; buffers still out when it goes return to a pool that frees
  /// itself.
  private let packets: PacketPool
  private var inputs: FrameRing
  private let rangeExpansion: RangeExpansion?
  private(set) var inputCopies = 0

  /// Opens the encoder `settings` name; `globalHeader` when the container stores the codec
  /// headers out of band.
  init(settings: EncoderSettings, globalHeader: Bool) throws(DualCamError) {
    let spec = settings.spec
    guard let packets = PacketPool(largestPacket: spec.size.area * 3 / 2) else {
      throw .encoderFailed(
        "no memory for \(spec.size) packets while opening \(spec.name)", fix: "use a smaller size")
    }
    guard let codec = avcodec_find_encoder_by_name(spec.codec.encoderName),
      let context = CodecContext(codec: codec)
    else {
      throw .encoderFailed("\(spec.codec.encoderName) is not available", fix: "")
    }
    settings.configure(context.pointer, globalHeader: globalHeader)
    packets.install(in: context.pointer, codec: codec)
    var options = settings.encoderOptions()
    defer { av_dict_free(&options) }
    try Libav.check(avcodec_open2(context.pointer, codec, &options)) { error in
      .encoderFailed(
        "\(settings.summary) could not be opened (\(error.message))",
        fix: "try another --preset, --bitrate or --codec")
    }
    guard
      let inputs = FrameRing(
        count: 3, format: settings.pixelFormat, width: Int32(spec.size.width),
        height: Int32(spec.size.height))
    else {
      throw .encoderFailed(
        "no memory for \(spec.size) frames while opening \(spec.name)", fix: "use a smaller size")
    }
    self.settings = settings
    self.context = context
    self.packets = packets
    self.inputs = inputs
    self.rangeExpansion = spec.codec == .mjpeg ? RangeExpansion() : nil
  }

  var readsCallerImages: Bool { false }

  func nextInputImage() throws(DualCamError) -> ImageView {
    // The encoder may still hold references to the pictures it was given last.
    let taken = inputs.takeWritable()
    if taken > 0 { inputCopies += 1 }
    try Libav.check(taken) { error in
      .encoderFailed(
        "no memory for the next \(settings.spec.name) frame (\(error.message))", fix: "")
    }
    return ImageView(planarFrame: inputs.frame, size: settings.spec.size)
  }

  func send(index: Int64, image: ImageView?) throws(DualCamError) -> Bool {
    let frame = inputs.frame
    if let image { ImageView(planarFrame: frame, size: settings.spec.size).copyPixels(from: image) }
    if let rangeExpansion {
      rangeExpansion.apply(to: ImageView(planarFrame: frame, size: settings.spec.size))
    }
    frame.pointee.pts = index
    frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
    frame.pointee.quality = settings.frameQuality
    return try Libav.step(avcodec_send_frame(context.pointer, frame), settings.encodeFailure)
      != .again
  }

  func sendEnd() throws(DualCamError) -> Bool {
    // A nil frame asks the encoder for its delayed packets (x264 holds a few for B-frames).
    try Libav.step(avcodec_send_frame(context.pointer, nil), settings.encodeFailure) != .again
  }

  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Bool {
    guard
      try Libav.step(
        avcodec_receive_packet(context.pointer, packet), settings.encodeFailure) == .ready
    else { return false }
    Self.dropQualityStatistics(packet)
    return true
  }

  func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws(DualCamError) {
    try Libav.check(avcodec_parameters_from_context(parameters, context.pointer)) { error in
      .encoderFailed("\(settings.summary): \(error.message)", fix: "try --codec h264")
    }
  }

  /// Removes the encoder statistics libavcodec's wrappers (x265's among them) attach to every
  /// packet, when they are its only side data: no muxer reads them, and `av_write_frame` would
  /// copy them (three allocations).
  private static func dropQualityStatistics(_ packet: UnsafeMutablePointer<AVPacket>) {
    guard packet.pointee.side_data_elems == 1,
      packet.pointee.side_data.pointee.type == AV_PKT_DATA_QUALITY_STATS
    else { return }
    av_packet_free_side_data(packet)
  }
}
