package import CFFmpeg
package import DualCamCore
package import Foundation

/// Owns an output `AVFormatContext` and its file (`AVIOContext`, a `FileOutputIO`): a muxer
/// writing one file, every byte through `DescriptorWriter`.
/// A recording's file is an `OutputFile`, which owns one of these; the finalizer uses one alone.
///
/// All the ways writing a file can fail are turned into `DualCamError`s here, so the writer
/// and the finalizer report a missing folder or a full disk in the same words.
package struct OutputMuxer: ~Copyable {
  package let pointer: UnsafeMutablePointer<AVFormatContext>
  package let url: URL

  /// Creates a muxer for `muxerName` ("mov", "mp4", "matroska") that will write to `url`.
  package init(muxerName: String, url: URL) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    let code = avformat_alloc_output_context2(&context, nil, muxerName, url.path)
    guard code >= 0, let context else {
      throw .encoderFailed(
        "this FFmpeg has no \(muxerName) muxer (\(LibavError(code: code).message))",
        fix: "install an FFmpeg with \(muxerName) support, or choose another --container")
    }
    self.pointer = context
    self.url = url
  }

  deinit {
    FileOutputIO.close(&pointer.pointee.pb)
    avformat_free_context(pointer)
  }

  /// True when the format wants codec headers out of band (`AV_CODEC_FLAG_GLOBAL_HEADER`).
  package var wantsGlobalHeader: Bool {
    pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream; valid while the muxer lives.
  package func addStream() throws(DualCamError) -> UnsafeMutablePointer<AVStream> {
    guard let stream = avformat_new_stream(pointer, nil) else {
      throw .encoderFailed("out of memory while setting up \(name)", fix: "close other programs")
    }
    return stream
  }

  /// Creates (or truncates) the file, written through our own `FileOutputIO`.
  package func openFile() throws(DualCamError) {
    switch FileOutputIO.open(url) {
    case .success(let context):
      pointer.pointee.pb = context
      pointer.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
    case .failure(let failure):
      throw OutputMuxer.openFailure(
        LibavError(code: cav_error_from_errno(failure.code)), url: url)
    }
  }

  /// Writes the file header; `options` are muxer options, consumed.
  package func writeHeader(options: inout OpaquePointer?, codecDescription: String)
    throws(DualCamError)
  {
    defer { av_dict_free(&options) }
    try Libav.check(avformat_write_header(pointer, &options)) { error in
      if error.posixErrno != 0 { return OutputMuxer.writeFailure(error, url: url) }
      return .encoderFailed(
        "the \(String(cString: pointer.pointee.oformat.pointee.name)) muxer refused "
          + "\(codecDescription) (\(error.message))",
        fix: "choose another --container or --codec")
    }
  }

  /// Writes one packet in its stream's time base; the packet is left empty (unreferenced).
  package func write(_ packet: UnsafeMutablePointer<AVPacket>, interleaved: Bool)
    throws(DualCamError)
  {
    // A single stream arrives in decode order already; av_write_frame skips the interleaving
    // queue and its per-packet list node (and reference). Several streams need the queue.
    let code =
      interleaved ? av_interleaved_write_frame(pointer, packet) : av_write_frame(pointer, packet)
    av_packet_unref(packet)
    try Libav.check(code) { error in OutputMuxer.writeFailure(error, url: url) }
  }

  /// Pushes buffered bytes to the kernel so a crash after this point cannot lose them.
  package func flush() throws(DualCamError) {
    guard let io = pointer.pointee.pb else { return }
    avio_flush(io)
    try Libav.check(io.pointee.error) { error in OutputMuxer.writeFailure(error, url: url) }
  }

  /// Bytes handed to the file so far (including bytes still in libav's buffer).
  package var position: Int64 {
    guard let io = pointer.pointee.pb else { return 0 }
    return avio_tell(io)
  }

  /// Writes the trailer (index, last fragment or cues).
  package func writeTrailer() throws(DualCamError) {
    try Libav.check(av_write_trailer(pointer)) { error in OutputMuxer.writeFailure(error, url: url)
    }
  }

  /// Flushes and closes the file; errors from the last write surface here.
  package func closeFile() throws(DualCamError) {
    guard pointer.pointee.pb != nil else { return }
    try Libav.check(FileOutputIO.close(&pointer.pointee.pb)) { error in
      OutputMuxer.writeFailure(error, url: url)
    }
  }

  private var name: String { url.lastPathComponent }
}

// MARK: - Errors

extension OutputMuxer {
  /// Why a file could not be created, in terms of the folder the user chose.
  package static func openFailure(_ error: LibavError, url: URL) -> DualCamError {
    let folder = url.deletingLastPathComponent().path
    let file = url.lastPathComponent
    switch error.posixErrno {
    case ENOENT, ENOTDIR:
      return .outputUnavailable(
        "the folder \(folder) does not exist",
        fix: "create it, or choose another folder with --output")
    case EACCES, EPERM:
      return .outputUnavailable(
        "\(file) cannot be created in \(folder): permission denied",
        fix: "choose a folder you can write to with --output")
    case EROFS:
      return .outputUnavailable(
        "\(folder) is on a read-only file system",
        fix: "choose a folder on a writable disk with --output")
    case ENOSPC, EDQUOT:
      return writeFailure(error, url: url)
    default:
      return .outputUnavailable(
        "\(file) cannot be created in \(folder) (\(error.message))",
        fix: "choose another folder with --output")
    }
  }

  /// A failed write while recording, naming the disk when it is full.
  package static func writeFailure(_ error: LibavError, url: URL) -> DualCamError {
    let file = url.lastPathComponent
    switch error.posixErrno {
    case ENOSPC:
      return .writeFailed(
        "the disk is full while writing \(file)",
        fix: "free space on \(volume(of: url)) or record to another folder with --output")
    case EDQUOT:
      return .writeFailed(
        "your disk quota is used up while writing \(file)",
        fix: "free space on \(volume(of: url)) or record to another folder with --output")
    default:
      return .writeFailed(
        "writing \(file) failed (\(error.message))",
        fix: "check the disk holding \(url.deletingLastPathComponent().path); "
          + "what was written before the failure is kept")
    }
  }

  /// The mount point holding `url`'s folder: the highest ancestor on the same device.
  package static func volume(of url: URL) -> String {
    var folder = url.deletingLastPathComponent().standardizedFileURL
    var status = stat()
    guard stat(folder.path, &status) == 0 else { return folder.path }
    let device = status.st_dev
    while folder.path != "/" {
      let parent = folder.deletingLastPathComponent()
      guard stat(parent.path, &status) == 0, status.st_dev == device else { break }
      folder = parent
    }
    return folder.path
  }
}
