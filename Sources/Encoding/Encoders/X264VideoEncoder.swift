internal import CFFmpeg
internal import CX264
import DualCamCore
import Media

/// H.264 through libx264's own API, so that a frame costs no heap allocation.
///
/// libavcodec's x264 wrapper allocates on every frame (a reference to the input picture, the
/// packet's `AVBufferRef`, three for statistics side data). Here x264 reads the caller's planes
/// (it copies them into its own frame inside `x264_encoder_encode`) and its output stays in
/// x264's buffer, which the writer hands to the muxer as a packet without a buffer reference.
/// Settings are those libavcodec gave x264 for the same `OutputSpec`: preset, ABR bitrate or
/// x264's own CRF, keyframe interval, slice threads, the colour description of the cameras.
///
/// NAL units are length-prefixed (not Annex B) and the SPS and PPS go into the stream's
/// extradata as an `avcC` record, which is what MOV, MP4 and Matroska store as they are.
final class X264VideoEncoder: VideoEncoding {
  private let settings: EncoderSettings
  private let handle: X264Handle
  /// The input picture the caller fills when it has no image of its own.
  private let input: MediaFrame
  /// x264's description of the next input and of the last output; never reallocated.
  private let pictureIn: UnsafeMutablePointer<x264_picture_t>
  private let pictureOut: UnsafeMutablePointer<x264_picture_t>
  private let nals: UnsafeMutablePointer<UnsafeMutablePointer<x264_nal_t>?>
  private let nalCount: UnsafeMutablePointer<Int32>
  /// Bytes of the encoded picture waiting in x264's buffer for `receive`, 0 when none.
  private var pendingBytes: Int32 = 0
  private var ending = false
  /// SPS and PPS (without length prefixes) and the version SEI (with its prefix), from
  /// `x264_encoder_headers`.
  private let sequenceParameters: [UInt8]
  private let pictureParameters: [UInt8]
  /// x264's self-description, stored in front of the first picture as libavcodec did.
  private var versionSEI: [UInt8]
  /// The first packet with the version SEI in front, kept until the next `receive`.
  private var firstPacket: UnsafeMutableBufferPointer<UInt8>?
  /// B-frames x264 may hold back: the stream's `video_delay`.
  private let reorderDepth: Int32

  /// Opens x264 with `settings` (whose codec is H.264).
  init(settings: EncoderSettings) throws(DualCamError) {
    let spec = settings.spec
    // x264 takes kbit/s in an Int32.
    if let bits = spec.bitsPerSecond, bits / 1000 > Int(Int32.max) {
      throw .encoderFailed(
        "\(settings.summary) could not be opened (a bitrate above \(Int32.max)000 bit/s is "
          + "not supported by libx264)", fix: "use a lower --bitrate")
    }
    var parameters = x264_param_t()
    if let preset = spec.preset {
      guard x264_param_default_preset(&parameters, preset, nil) == 0 else {
        throw .encoderFailed(
          "\(settings.summary) could not be opened (x264 has no preset \(preset))",
          fix: "choose one of \(OutputSpec.presets.joined(separator: ", "))")
      }
    } else {
      x264_param_default(&parameters)
    }
    settings.configure(&parameters)
    FFmpegLog.installIfNeeded()
    guard let handle = X264Handle(parameters: &parameters) else {
      let reason = FFmpegLog.takeLastError() ?? "x264 refused the settings"
      throw .encoderFailed(
        "\(settings.summary) could not be opened (\(reason))",
        fix: "try another --preset, --bitrate or --codec")
    }
    let encoder = handle.pointer
    // Read back what x264 made of the settings (e.g. B-frames the preset chose).
    x264_encoder_parameters(encoder, &parameters)
    reorderDepth =
      parameters.i_bframe == 0 ? 0 : parameters.i_bframe_pyramid != 0 ? 2 : 1
    var headerNALs: UnsafeMutablePointer<x264_nal_t>? = nil
    var headerCount: Int32 = 0
    var sps: [UInt8] = []
    var pps: [UInt8] = []
    var sei: [UInt8] = []
    if x264_encoder_headers(encoder, &headerNALs, &headerCount) > 0, let headerNALs {
      for nal in UnsafeBufferPointer(start: headerNALs, count: Int(headerCount)) {
        let bytes = UnsafeBufferPointer(start: nal.p_payload, count: Int(nal.i_payload))
        switch nal.i_type {
        case Int32(NAL_SPS.rawValue): sps = Array(bytes.dropFirst(4))
        case Int32(NAL_PPS.rawValue): pps = Array(bytes.dropFirst(4))
        case Int32(NAL_SEI.rawValue): sei = Array(bytes)
        default: break
        }
      }
    }
    guard sps.count >= 4, !pps.isEmpty else {
      throw .encoderFailed("\(settings.summary) gave no sequence headers", fix: "")
    }
    guard let input = MediaFrame() else {
      throw .encoderFailed("no memory for \(spec.size) frames", fix: "use a smaller size")
    }
    input.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    input.pointer.pointee.width = Int32(spec.size.width)
    input.pointer.pointee.height = Int32(spec.size.height)
    guard av_frame_get_buffer(input.pointer, 0) >= 0 else {
      throw .encoderFailed(
        "no memory for \(spec.size) frames while opening \(spec.name)", fix: "use a smaller size")
    }
    self.settings = settings
    self.handle = handle
    self.input = input
    self.sequenceParameters = sps
    self.pictureParameters = pps
    self.versionSEI = sei
    pictureIn = .allocate(capacity: 1)
    pictureOut = .allocate(capacity: 1)
    x264_picture_init(pictureIn)
    x264_picture_init(pictureOut)
    nals = .allocate(capacity: 1)
    nals.initialize(to: nil)
    nalCount = .allocate(capacity: 1)
    nalCount.initialize(to: 0)
  }

  deinit {
    releaseFirstPacket()
    pictureIn.deallocate()
    pictureOut.deallocate()
    nals.deallocate()
    nalCount.deallocate()
  }

  var readsCallerImages: Bool { true }

  /// The first plane of the last picture handed to x264, which reads it where it lies (for
  /// tests: no copy is made on the way).
  var lastHandedOverPlane: UnsafeMutablePointer<UInt8>? { pictureIn.pointee.img.plane.0 }

  func nextInputImage() throws(DualCamError) -> ImageView {
    ImageView(planarFrame: input.pointer, size: settings.spec.size)
  }

  func send(index: Int64, image: ImageView?) throws(DualCamError) -> Bool {
    // x264's output lives in its own buffer until the next encode call: take it first.
    guard pendingBytes == 0 else { return false }
    let source = image ?? ImageView(planarFrame: input.pointer, size: settings.spec.size)
    let picture = pictureIn
    picture.pointee.i_type = X264_TYPE_AUTO
    picture.pointee.i_pts = index
    picture.pointee.img.i_csp = X264_CSP_I420
    picture.pointee.img.i_plane = 3
    picture.pointee.img.plane = (
      source.plane0.base, source.plane1.base, source.plane2.base, nil
    )
    picture.pointee.img.i_stride = (
      Int32(source.plane0.bytesPerRow), Int32(source.plane1.bytesPerRow),
      Int32(source.plane2.bytesPerRow), 0
    )
    try encode(picture)
    return true
  }

  func sendEnd() throws(DualCamError) -> Bool {
    guard pendingBytes == 0 else { return false }
    ending = true
    return true
  }

  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Bool {
    releaseFirstPacket()
    // A flushing call may give back nothing while frames are still delayed (x264.h's own
    // flushing loop allows for it); keep asking until one comes out or none are left.
    while pendingBytes == 0, ending, x264_encoder_delayed_frames(handle.pointer) > 0 {
      try encode(nil)
    }
    guard pendingBytes > 0, let first = nals.pointee else { return false }
    // x264 writes a picture's NAL units back to back, so the first one's start spans them all.
    var data = first.pointee.p_payload!
    var size = pendingBytes
    if !versionSEI.isEmpty {
      // Once per file: the SEI goes in front of the first picture, in a buffer of its own.
      let total = versionSEI.count + Int(size)
      let joined = UnsafeMutableBufferPointer<UInt8>.allocate(
        capacity: total + Int(AV_INPUT_BUFFER_PADDING_SIZE))
      joined.initialize(repeating: 0)
      _ = joined.initialize(from: versionSEI)
      (joined.baseAddress! + versionSEI.count).update(from: data, count: Int(size))
      versionSEI = []
      firstPacket = joined
      data = joined.baseAddress!
      size = Int32(total)
    }
    pendingBytes = 0
    // No `buf`: av_write_frame then passes the bytes through without taking a reference.
    packet.pointee.data = data
    packet.pointee.size = size
    packet.pointee.pts = pictureOut.pointee.i_pts
    packet.pointee.dts = pictureOut.pointee.i_dts
    packet.pointee.flags = pictureOut.pointee.b_keyframe != 0 ? AV_PKT_FLAG_KEY : 0
    return true
  }

  func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws(DualCamError) {
    let spec = settings.spec
    let record = Self.decoderConfiguration(sps: sequenceParameters, pps: pictureParameters)
    let padding = Int(AV_INPUT_BUFFER_PADDING_SIZE)
    guard let extradata = av_mallocz(record.count + padding) else {
      throw .encoderFailed("out of memory while setting up \(spec.name)", fix: "")
    }
    let bytes = extradata.assumingMemoryBound(to: UInt8.self)
    bytes.update(from: record, count: record.count)
    settings.describeVideo(
      parameters, codec: AV_CODEC_ID_H264, range: AVCOL_RANGE_MPEG,
      chromaLocation: AVCHROMA_LOC_LEFT)
    parameters.pointee.extradata = bytes
    parameters.pointee.extradata_size = Int32(record.count)
    parameters.pointee.profile = Int32(sequenceParameters[1])
    parameters.pointee.level = Int32(sequenceParameters[3])
    parameters.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    parameters.pointee.video_delay = reorderDepth
    if let bits = spec.bitsPerSecond { parameters.pointee.bit_rate = Int64(bits) }
  }

  private func releaseFirstPacket() {
    firstPacket?.deallocate()
    firstPacket = nil
  }

  /// Runs x264 on `picture` (nil: flush a delayed frame) and notes the bytes it produced.
  private func encode(_ picture: UnsafeMutablePointer<x264_picture_t>?) throws(DualCamError) {
    let produced = x264_encoder_encode(handle.pointer, nals, nalCount, picture, pictureOut)
    guard produced >= 0 else {
      throw settings.encodeFailure(FFmpegLog.takeLastError() ?? "x264 error \(produced)")
    }
    pendingBytes = produced
  }

  /// An `AVCDecoderConfigurationRecord` (ISO/IEC 14496-15) for one SPS and one PPS, with
  /// 4-byte NAL unit lengths as x264 writes them; for the High profiles also the 8-bit 4:2:0
  /// format fields, byte for byte what libavformat wrote for libavcodec's x264 output.
  static func decoderConfiguration(sps: [UInt8], pps: [UInt8]) -> [UInt8] {
    var record: [UInt8] = [1, sps[1], sps[2], sps[3], 0xFF, 0xE1]
    record += [UInt8(sps.count >> 8), UInt8(sps.count & 0xFF)] + sps
    record += [1, UInt8(pps.count >> 8), UInt8(pps.count & 0xFF)] + pps
    if [100, 110, 122, 144].contains(sps[1]) {
      // chroma_format_idc 1 (4:2:0), luma and chroma bit depth 8, no SPS extensions.
      record += [0xFC | 1, 0xF8, 0xF8, 0]
    }
    return record
  }
}
