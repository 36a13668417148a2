internal import CFFmpeg
public import DualCamCore
import Foundation
import Media

extension OutputSpec {
  /// Checks everything that can be known before opening the file: the encoder exists in this
  /// FFmpeg, the container can hold the codec (libavformat is asked, not a table), the size
  /// is usable for 4:2:0 video and the preset and numbers make sense.
  public func validate() throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    guard url.isFileURL else {
      throw .invalidArgument(
        "output '\(name)' is not a local file (\(url))", fix: "give a folder on a local disk")
    }
    _ = try size.validatedForVideo()
    guard frameRate.numerator > 0, frameRate.denominator > 0 else {
      throw .invalidArgument(
        "frame rate \(frameRate.numerator)/\(frameRate.denominator) is not positive",
        fix: "use a rate such as 30 or 30000/1001")
    }
    if streamCopy && codec != .mjpeg {
      throw .invalidArgument(
        "output '\(name)' copies a camera stream, which DualCam supports for MJPEG only, not "
          + codec.displayName,
        fix: "use --camera-codec copy with cameras that deliver MJPEG, or encode with a codec")
    }
    // Stream copy needs the MJPEG encoder too: for the "no signal" picture it writes.
    let codecID = try encoderCodecID()
    try checkContainer(holds: codecID)
    if codec.takesPreset, let preset, !Self.presets.contains(preset) {
      throw .invalidArgument(
        "'\(preset)' is not a \(codec.encoderName) preset",
        fix: "use one of: \(Self.presets.joined(separator: ", "))")
    }
    if let bitsPerSecond, bitsPerSecond <= 0 {
      throw .invalidArgument(
        "bitrate \(bitsPerSecond) is not positive", fix: "use a rate such as 8M, or auto")
    }
    guard encoderThreads >= 0 else {
      throw .invalidArgument(
        "encoder threads \(encoderThreads) is negative", fix: "use 0 (automatic) or a count")
    }
    guard keyframeInterval >= 1 else {
      throw .invalidArgument(
        "keyframe interval \(keyframeInterval) is below 1 frame",
        fix: "use about one second of frames, e.g. 30 at 30 fps")
    }
  }

  /// The codec id of this output's encoder, or an error when this FFmpeg lacks it.
  func encoderCodecID() throws(DualCamError) -> AVCodecID {
    guard let encoder = avcodec_find_encoder_by_name(codec.encoderName) else {
      throw .encoderFailed(
        "this FFmpeg has no \(codec.encoderName) encoder, needed for \(codec.displayName)",
        fix: "install an FFmpeg built with \(codec.encoderName), or choose another --codec")
    }
    return encoder.pointee.id
  }

  private func checkContainer(holds codecID: AVCodecID) throws(DualCamError) {
    guard Self.container(container, canHold: codecID) else {
      let others = ContainerFormat.allCases.filter {
        $0 != container && Self.container($0, canHold: codecID)
      }
      let alternatives = others.map(\.rawValue).joined(separator: " or ")
      throw .invalidArgument(
        "\(codec.displayName) cannot be stored in \(container.displayName)",
        fix: others.isEmpty
          ? "use another codec" : "use --container \(alternatives), or another codec")
    }
  }

  /// libavformat's answer. `avformat_query_codec` only consults the muxer's main tag table and
  /// says no to some pairs the muxer takes (MOV stores FFV1 under an AVI tag), so a "no" or
  /// "don't know" is settled by letting the muxer initialise for a stream of that codec.
  private static func container(_ container: ContainerFormat, canHold codecID: AVCodecID) -> Bool {
    guard let muxer = av_guess_format(container.muxerName, nil, nil) else { return false }
    if avformat_query_codec(muxer, codecID, FF_COMPLIANCE_NORMAL) == 1 { return true }
    return muxerAccepts(muxer, codecID)
  }

  /// Runs `avformat_init_output` for one small video stream of `codecID` into a memory buffer.
  private static func muxerAccepts(
    _ muxer: UnsafePointer<AVOutputFormat>, _ codecID: AVCodecID
  ) -> Bool {
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    guard avformat_alloc_output_context2(&context, muxer, nil, nil) >= 0, let context else {
      return false
    }
    defer {
      if context.pointee.pb != nil {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        _ = avio_close_dyn_buf(context.pointee.pb, &buffer)
        av_free(buffer)
      }
      avformat_free_context(context)
      _ = FFmpegLog.takeLastError()  // the refusal is answered here, not by a later error
    }
    guard let stream = avformat_new_stream(context, nil),
      avio_open_dyn_buf(&context.pointee.pb) >= 0
    else { return false }
    stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
    stream.pointee.codecpar.pointee.codec_id = codecID
    stream.pointee.codecpar.pointee.width = 64
    stream.pointee.codecpar.pointee.height = 64
    stream.pointee.time_base = AVRational(num: 1, den: 30)
    return avformat_init_output(context, nil) >= 0
  }
}
