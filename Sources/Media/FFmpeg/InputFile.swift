internal import CFFmpeg
import DualCamCore
import Foundation

/// Owns an opened demuxer (`AVFormatContext` from `avformat_open_input`) for one file.
///
/// Shared by the reader, the probe and the finalizer so that all three describe a missing,
/// unreadable or non-video file in the same words.
struct InputFile: ~Copyable {
  let pointer: UnsafeMutablePointer<AVFormatContext>
  let url: URL

  /// Opens `url`; raw YUV needs `raw` because such files carry no header.
  init(url: URL, raw: RawVideoFormat? = nil) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    var options: OpaquePointer? = nil
    var format: UnsafePointer<AVInputFormat>? = nil
    if let raw {
      format = av_find_input_format("rawvideo")
      av_dict_set(&options, "video_size", "\(raw.size.width)x\(raw.size.height)", 0)
      av_dict_set(&options, "pixel_format", raw.pixelFormat.libavName, 0)
      av_dict_set(
        &options, "framerate", "\(raw.frameRate.numerator)/\(raw.frameRate.denominator)", 0)
    }
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    let code = avformat_open_input(&context, url.path, format, &options)
    av_dict_free(&options)
    if code < 0 || context == nil { throw Self.openFailure(LibavError(code: code), url: url) }
    self.pointer = context!
    self.url = url
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFormatContext>? = pointer
    avformat_close_input(&owned)
  }

  /// The file name, as messages show it.
  var name: String { url.lastPathComponent }

  /// Reads enough of the file to know its streams' codecs, sizes and rates.
  func findStreamInfo() throws(DualCamError) {
    try Libav.check(avformat_find_stream_info(pointer, nil)) { error in
      .unreadableMedia(
        "\(name) could not be analysed (\(error.message))", fix: InputFile.damagedFix)
    }
  }

  /// The index of the file's main video stream.
  func videoStreamIndex() throws(DualCamError) -> Int32 {
    let index = av_find_best_stream(pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard index >= 0 else {
      throw .unreadableMedia(
        "\(name) has no video stream",
        fix: "choose a video file; DualCam reads MOV, MP4, MKV and raw YUV")
    }
    return index
  }

  /// Stream `index`; valid while this file is open.
  func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
    pointer.pointee.streams[Int(index)]!
  }

  // MARK: - Errors

  static let damagedFix =
    "check that the file is a complete video (MOV, MP4, MKV); a take left by a crash can be "
    + "repaired with 'dualcam recover'"

  private static func openFailure(_ error: LibavError, url: URL) -> DualCamError {
    switch error.posixErrno {
    case ENOENT, ENOTDIR:
      .sourceUnavailable(
        "there is no file at \(url.path)", fix: "check the path and that the file was not moved")
    case EACCES, EPERM:
      .sourceUnavailable(
        "\(url.path) cannot be read: permission denied", fix: "check the file's permissions")
    default:
      .unreadableMedia(
        "\(url.lastPathComponent) is not a video file FFmpeg can read (\(error.message))",
        fix: damagedFix)
    }
  }
}
