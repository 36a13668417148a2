internal import CFFmpeg
public import DualCamCore
public import Foundation
import Media

/// Encodes single I420 pictures as JPEG files' bytes, the way UVC cameras send them (4:2:2,
/// full range), with libavcodec's MJPEG encoder.
///
/// Off the frame path: it allocates per picture. A stream-copy output uses it once per take for
/// its "no signal" picture; tests use it to play an MJPEG camera.
public enum JPEGStillEncoder {
  /// The JPEG bytes of `image` (I420, video range), at a fixed quality (qscale 3).
  public static func encode(_ image: ImageView) throws(DualCamError) -> Data {
    FFmpegLog.installIfNeeded()
    let width = Int32(image.size.width)
    let height = Int32(image.size.height)
    let failed = { (reason: String) -> DualCamError in
      .encoderFailed("a \(image.size) JPEG picture could not be made (\(reason))", fix: "")
    }
    guard image.format == .i420 else { throw failed("it takes I420, not \(image.format)") }
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG),
      let context = CodecContext(codec: codec), let source = MediaFrame(),
      let target = MediaFrame(), let packet = MediaPacket()
    else { throw failed("this FFmpeg has no MJPEG encoder, or memory ran out") }
    for (frame, format) in [
      (source.pointer, AV_PIX_FMT_YUV420P), (target.pointer, AV_PIX_FMT_YUVJ422P),
    ] {
      frame.pointee.format = format.rawValue
      frame.pointee.width = width
      frame.pointee.height = height
      try Libav.check(av_frame_get_buffer(frame, 0)) { failed($0.message) }
    }
    ImageView(planarFrame: source.pointer, size: image.size).copyPixels(from: image)
    // libswscale expands the range on the way: the J formats are full range.
    guard
      let scaler = sws_getContext(
        width, height, AV_PIX_FMT_YUV420P, width, height, AV_PIX_FMT_YUVJ422P,
        SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil)
    else { throw failed("no conversion to 4:2:2") }
    defer { sws_freeContext(scaler) }
    let data = target.pointer.pointee.data
    let lines = target.pointer.pointee.linesize
    try Libav.check(
      cav_scale_frame(
        scaler, source.pointer, data.0, lines.0, data.1, lines.1, data.2, lines.2)
    ) { failed($0.message) }

    let encoder = context.pointer
    encoder.pointee.width = width
    encoder.pointee.height = height
    encoder.pointee.pix_fmt = AV_PIX_FMT_YUVJ422P
    encoder.pointee.time_base = AVRational(num: 1, den: 30)
    encoder.pointee.color_range = AVCOL_RANGE_JPEG
    encoder.pointee.flags |= AV_CODEC_FLAG_QSCALE
    encoder.pointee.global_quality = 3 * FF_QP2LAMBDA
    try Libav.check(avcodec_open2(encoder, codec, nil)) { failed($0.message) }
    target.pointer.pointee.quality = 3 * FF_QP2LAMBDA
    target.pointer.pointee.pts = 0
    try Libav.check(avcodec_send_frame(encoder, target.pointer)) { failed($0.message) }
    try Libav.check(avcodec_receive_packet(encoder, packet.pointer)) { failed($0.message) }
    defer { av_packet_unref(packet.pointer) }
    return Data(bytes: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
  }
}
