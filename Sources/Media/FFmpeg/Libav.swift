import CFFmpeg
package import DualCamCore

/// The one place where libav* return codes become Swift values or typed errors.
///
/// Every libav call that can fail goes through `check` or `step`. `EAGAIN` and `AVERROR_EOF`
/// from the send/receive API are the normal rhythm of a codec loop, so `step` returns them as
/// `CodecStep` values; only real failures reach the caller's `describe` closure, which turns
/// the `LibavError` into the `DualCamError` that names the file and the setting involved.
package enum Libav {
  /// `AVERROR(EAGAIN)`, cached so the hot loop compares against a constant.
  package static let again = cav_error_again()
  /// `AVERROR_EOF`.
  package static let endOfFile = cav_error_eof()
  /// `AVERROR_INVALIDDATA`.
  package static let invalidData = cav_error_invalid_data()

  /// Returns `code` when it is not negative; otherwise throws what `describe` makes of it.
  @inline(__always)
  @discardableResult
  package static func check(
    _ code: Int32, _ describe: (LibavError) -> DualCamError
  ) throws(DualCamError) -> Int32 {
    if code >= 0 { return code }
    throw describe(LibavError(code: code))
  }

  /// Classifies the result of `avcodec_send_*` / `avcodec_receive_*`.
  @inline(__always)
  package static func step(
    _ code: Int32, _ describe: (LibavError) -> DualCamError
  ) throws(DualCamError) -> CodecStep {
    if code >= 0 { return .ready }
    if code == again { return .again }
    if code == endOfFile { return .endOfStream }
    throw describe(LibavError(code: code))
  }
}

/// What a send/receive call said, when it did not fail.
package enum CodecStep: Equatable {
  /// The call did its work (a frame or packet was accepted or produced).
  case ready
  /// Nothing to give now: feed more input (receive) or drain output first (send).
  case again
  /// The codec is fully drained.
  case endOfStream
}

/// A negative libav return code together with the words FFmpeg has for it.
package struct LibavError: Error, Sendable {
  /// The raw `AVERROR` value.
  package let code: Int32
  /// FFmpeg's own last error line logged on this thread, if any (e.g. x264's reason for
  /// refusing a setting), which `av_strerror` alone does not tell.
  package let logged: String?

  package init(code: Int32) {
    self.code = code
    self.logged = FFmpegLog.takeLastError()
  }

  /// The POSIX errno inside the code, or 0 for FFmpeg-specific codes.
  package var posixErrno: Int32 { cav_errno_of(code) }

  /// `av_strerror`'s text, plus FFmpeg's logged explanation when there is one.
  package var message: String {
    var buffer = [CChar](repeating: 0, count: 256)
    cav_error_string(code, &buffer, buffer.count)
    let text = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let logged, !logged.isEmpty else { return text }
    return "\(text): \(logged)"
  }
}
