internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Turns a fragmented MOV/MP4 (as written while recording, or left by a crash) into an
/// ordinary file with its index at the front, so every player can seek in it.
public enum FileFinalizer {
  /// Rewrites `url` in place: every complete packet is copied (no re-encoding) into a temporary
  /// file in the same folder with `movflags +faststart`, which then replaces `url` atomically.
  /// An MKV left by a crash (no index, no duration) is rewritten the same way into a complete
  /// MKV.
  ///
  /// A file whose last fragment was cut short by a crash is copied up to the damage. Timestamps
  /// are shifted so the first frame is shown at time 0 (the fragmented file starts later by the
  /// encoder's reordering delay). If anything fails, `url` is left as it was; a file without a
  /// single frame is also left as it is.
  ///
  /// With `keepingFrames`, video frames shown at or after frame number `keepingFrames` are left
  /// out: crash recovery cuts the three files of a take to the frames all three have. Cut at a
  /// keyframe (DualCam's files end on fragment boundaries, which are keyframes) so no kept frame
  /// loses a reference.
  @discardableResult
  public static func makeSeekable(_ url: URL, keepingFrames: Int64? = nil) throws(DualCamError)
    -> Bool
  {
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else {
      let reason = String(cString: strerror(errno))
      throw kept(.writeFailed("its folder cannot be opened (\(reason))", fix: ""), name: url)
    }
    defer { close(folder) }
    do {
      return try makeSeekable(
        named: url.lastPathComponent, inFolder: folder, keepingFrames: keepingFrames)
    } catch {
      // Messages name the folder as the caller knows it, not as /proc/self/fd/N.
      throw error.replacingPath(
        "/proc/self/fd/\(folder)", with: url.deletingLastPathComponent().path)
    }
  }

  /// `makeSeekable(_:keepingFrames:)` for the file `name` in the folder open as `folder`, never
  /// following a link: `name` must be a regular file (not a link, FIFO or device), and the
  /// temporary file is created and renamed relative to the descriptor, so crash recovery cannot
  /// be led out of the folder it checked. The temporary file never outlives the call.
  ///
  /// The rewrite needs room for a second copy. Without it a plain rewrite is skipped and the
  /// fragmented file (complete once its writer wrote the trailer) is kept, so a take ending on
  /// a nearly full disk still ends; a cut (`keepingFrames`) cannot be skipped and throws.
  /// Returns true when the file was rewritten, false when it was left as it was.
  @discardableResult
  public static func makeSeekable(
    named name: String, inFolder folder: Int32, keepingFrames: Int64? = nil
  ) throws(DualCamError) -> Bool {
    let named = URL(fileURLWithPath: name)
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      // A file deleted while its writer ran is a vanished file, not a link or a device.
      let code = errno
      let reason =
        code == ENOENT
        ? "there is no file by that name (was it moved or deleted?)"
        : "it cannot be examined (\(String(cString: strerror(code))))"
      throw kept(.unreadableMedia(reason, fix: ""), name: named)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw kept(
        .unreadableMedia(
          "it is not a regular file (a link, FIFO or device is never read)", fix: ""),
        name: named)
    }
    let needed = Int64(status.st_size) + rewriteMargin
    guard SpaceReservation.claim(needed, in: folder) else {
      if keepingFrames == nil { return false }
      throw kept(
        .writeFailed(
          "there is not enough free space to rewrite it (about \(needed / 1_000_000) MB)",
          fix: "free space on the disk, then run `dualcam recover` again"),
        name: named)
    }
    defer { SpaceReservation.release(needed) }
    let temporary =
      ".\(named.deletingPathExtension().lastPathComponent).seekable-\(getpid()).\(named.pathExtension)"
    // FFmpeg opens by path: /proc/self/fd/N names the folder the descriptor holds.
    let base = URL(fileURLWithPath: "/proc/self/fd/\(folder)")
    if fstatat(folder, temporary, &status, AT_SYMLINK_NOFOLLOW) == 0,
      status.st_mode & S_IFMT == S_IFREG
    {
      unlinkat(folder, temporary, 0)
    }
    let created = openat(
      folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard created >= 0 else {
      let reason = String(cString: strerror(errno))
      throw kept(.writeFailed("cannot create \(temporary) (\(reason))", fix: ""), name: named)
    }
    close(created)
    do {
      let copied = try remux(
        base.appendingPathComponent(name), into: base.appendingPathComponent(temporary),
        fileExtension: named.pathExtension, keepingFrames: keepingFrames)
      if copied > 0 {
        try syncAndReplace(name, with: temporary, inFolder: folder)
        return true
      }
      // Without samples the MOV muxer drops the track; the fragmented file still says what
      // the take was (codec, size), so an empty take keeps it.
      unlinkat(folder, temporary, 0)
      return false
    } catch {
      unlinkat(folder, temporary, 0)
      throw kept(error, name: named)
    }
  }

  /// Room kept free beyond the copy itself: the index and the muxer's buffers.
  static let rewriteMargin: Int64 = 8 << 20

  /// True when `name` is a temporary file a `makeSeekable` call killed before it finished left
  /// behind (`.<name>.seekable-<pid>.<ext>`).
  public static func isLeftoverTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.contains(".seekable-")
  }

  /// True when `url` is an ISO media file (MOV/MP4) written in fragments: it has a `moof` box
  /// or its `moov` announces fragments (`mvex`).
  public static func isFragmented(_ url: URL) -> Bool {
    guard let boxes = ISOBoxReader(url: url) else { return false }
    var offset: Int64 = 0
    while let box = boxes.header(at: offset) {
      switch box.type {
      case "moof": return true
      case "moov":
        var child = box.payloadOffset
        while child < box.end, let inner = boxes.header(at: child) {
          if inner.type == "mvex" { return true }
          child = inner.end
        }
      default: break
      }
      offset = box.end
    }
    return false
  }

  // MARK: - Remux

  /// Copies `source` into `target`; returns the number of packets copied.
  private static func remux(
    _ source: URL, into target: URL, fileExtension: String, keepingFrames: Int64?
  ) throws(DualCamError) -> Int {
    let input = try InputFile(url: source)
    try input.findStreamInfo()
    let muxerName = try muxerName(for: input, fileExtension: fileExtension)
    let output = try OutputMuxer(muxerName: muxerName, url: target)
    let (mapping, outputCount) = try output.addCopies(
      of: input, named: source.lastPathComponent, keepingCodecTags: true)
    guard outputCount > 0 else {
      throw .unreadableMedia("\(source.lastPathComponent) has no video stream", fix: "")
    }
    try output.openFile()
    var options: OpaquePointer? = nil
    if muxerName != "matroska" { av_dict_set(&options, "movflags", "+faststart", 0) }
    try output.writeHeader(options: &options, codecDescription: "the copied streams")
    let copied = try copyPackets(
      from: input, to: output, mapping: mapping, keepingFrames: keepingFrames)
    try output.writeTrailer()
    try output.closeFile()
    return copied
  }

  /// The muxer writing the same kind of file as `input`: MP4 stays MP4, MOV stays MOV.
  private static func muxerName(
    for input: borrowing InputFile, fileExtension: String
  ) throws(DualCamError) -> String {
    let demuxer = String(cString: input.pointer.pointee.iformat.pointee.name)
    if demuxer.hasPrefix("matroska") { return "matroska" }
    guard demuxer.hasPrefix("mov") else {
      throw .invalidArgument(
        "\(input.name) is a \(demuxer) file, not MOV, MP4 or MKV",
        fix: "only DualCam's own recordings can be repaired")
    }
    return fileExtension.lowercased() == "mp4" ? "mp4" : "mov"
  }

  /// Copies packets until the end of the file or the first damaged one; returns the count.
  private static func copyPackets(
    from input: borrowing InputFile, to output: borrowing OutputMuxer, mapping: [Int32],
    keepingFrames: Int64?
  ) throws(DualCamError) -> Int {
    guard let packet = MediaPacket() else {
      throw .encoderFailed("out of memory while copying", fix: "close other programs")
    }
    let context = input.pointer
    // One offset for all streams keeps them in sync while moving the first frame to time 0.
    let start = context.pointee.start_time == cav_nopts_value() ? 0 : context.pointee.start_time
    var copied = 0
    while av_read_frame(context, packet.pointer) >= 0 {
      let pointer = packet.pointer
      let target = mapping[Int(pointer.pointee.stream_index)]
      // A packet cut short by a crash is flagged corrupt; nothing after it can be trusted.
      if pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
        av_packet_unref(pointer)
        break
      }
      guard target >= 0 else {
        av_packet_unref(pointer)
        continue
      }
      let source = input.stream(pointer.pointee.stream_index)
      let offset = av_rescale_q(start, cav_time_base_q(), source.pointee.time_base)
      if pointer.pointee.pts != cav_nopts_value() { pointer.pointee.pts -= offset }
      if pointer.pointee.dts != cav_nopts_value() { pointer.pointee.dts -= offset }
      if let keepingFrames, source.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO,
        pointer.pointee.pts != cav_nopts_value(),
        frameNumber(of: pointer.pointee.pts, in: source) >= keepingFrames
      {
        av_packet_unref(pointer)
        continue
      }
      let destination = output.pointer.pointee.streams[Int(target)]!
      av_packet_rescale_ts(pointer, source.pointee.time_base, destination.pointee.time_base)
      pointer.pointee.stream_index = target
      pointer.pointee.pos = -1
      try output.write(pointer, interleaved: true)
      copied += 1
    }
    FFmpegLog.discardLastError()  // damage at the end is where copying stops, not an error
    return copied
  }

  /// The frame number a presentation time stands for, from the stream's frame rate.
  private static func frameNumber(of pts: Int64, in stream: UnsafeMutablePointer<AVStream>) -> Int64
  {
    let rate = stream.pointee.avg_frame_rate
    guard rate.num > 0, rate.den > 0 else { return 0 }
    let frameDuration = AVRational(num: rate.den, den: rate.num)
    return av_rescale_q_rnd(
      pts, stream.pointee.time_base, frameDuration,
      AVRounding(rawValue: AV_ROUND_NEAR_INF.rawValue | AV_ROUND_PASS_MINMAX.rawValue))
  }

  // MARK: - Replace

  /// Makes the new file durable, then renames it over the old one (atomic on one file system).
  private static func syncAndReplace(
    _ name: String, with temporary: String, inFolder folder: Int32
  ) throws(DualCamError) {
    let descriptor = openat(folder, temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
    guard renameat(folder, temporary, folder, name) == 0 else {
      let reason = String(cString: strerror(errno))
      throw .writeFailed("cannot replace \(name) (\(reason))", fix: "")
    }
  }

  /// The error from a failed rewrite, saying that the fragmented original is still there.
  private static func kept(_ error: DualCamError, name url: URL) -> DualCamError {
    // Whether what is left plays is for the caller to find out (a probe): a garbage or empty
    // file fails here too.
    let problem =
      "\(url.lastPathComponent) could not be made seekable (\(error.problem)); "
      + "it is left as it was"
    let fix = error.fix.isEmpty ? "run 'dualcam recover' on the take later" : error.fix
    switch error {
    case .writeFailed: return .writeFailed(problem, fix: fix)
    case .outputUnavailable: return .outputUnavailable(problem, fix: fix)
    case .unreadableMedia: return .unreadableMedia(problem, fix: fix)
    case .sourceUnavailable: return .sourceUnavailable(problem, fix: fix)
    case .invalidArgument: return .invalidArgument(problem, fix: fix)
    case .encoderFailed: return .encoderFailed(problem, fix: fix)
    }
  }
}

extension DualCamError {
  /// The same error with `path` replaced by `replacement` in its words.
  fileprivate func replacingPath(_ path: String, with replacement: String) -> DualCamError {
    let problem = self.problem.replacingOccurrences(of: path, with: replacement)
    let fix = self.fix.replacingOccurrences(of: path, with: replacement)
    switch self {
    case .writeFailed: return .writeFailed(problem, fix: fix)
    case .outputUnavailable: return .outputUnavailable(problem, fix: fix)
    case .unreadableMedia: return .unreadableMedia(problem, fix: fix)
    case .sourceUnavailable: return .sourceUnavailable(problem, fix: fix)
    case .invalidArgument: return .invalidArgument(problem, fix: fix)
    case .encoderFailed: return .encoderFailed(problem, fix: fix)
    }
  }
}
