internal import CFFmpeg
public import DualCamCore
import Foundation
import Media
import Synchronization

/// Writes a camera's own compressed pictures (MJPEG) into a file as they came: a stream copy,
/// no encoder.
///
/// Use from one thread: `write(_:index:)` per output frame, `writeStandIn(index:)` for a frame
/// without a camera picture, and `finish()` at the end. Frame `index` becomes pts `index` in
/// the output's frame-rate time base, exactly as the encoding writer stamps its frames, so a
/// copied file has the same frame count, rate, start and duration as the other outputs of the
/// take. Writing the same picture for two indices (a late camera) stores it twice.
///
/// Crash safety is the encoding writer's: MOV/MP4 fragmented about every second and rewritten
/// at `finish()`, MKV in clusters; every completed fragment is pushed to the kernel at once.
/// Writing a frame allocates nothing: the packet points at the caller's bytes.
public final class PacketCopyWriter: @unchecked Sendable {
  /// What this writer was created with (`streamCopy` set, codec MJPEG).
  public let spec: OutputSpec

  private let muxer: OutputMuxer
  private let packet: MediaPacket
  private let stream: UnsafeMutablePointer<AVStream>
  private let settings: EncoderSettings
  private let standIn: UnsafeMutableRawBufferPointer?
  private let written = Atomic<Int64>(0)
  private let bytes = Atomic<Int64>(0)
  private var failure: DualCamError?
  private var finished = false
  private var earlyFragments: EarlyFragments

  /// Checks `spec`, creates the file and writes its header. `standIn` (I420, `spec.size`) is the
  /// picture stored, encoded once as JPEG now, for frames without a camera picture.
  public init(spec: OutputSpec, standIn image: ImageView? = nil) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    guard spec.streamCopy else {
      throw .invalidArgument(
        "output '\(spec.name)' is not a stream copy", fix: "write it with VideoFileWriter")
    }
    try spec.validate()
    let settings = EncoderSettings(spec: spec)
    var stillBytes: UnsafeMutableRawBufferPointer?
    if let image {
      let jpeg = try JPEGStillEncoder.encode(image)
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: jpeg.count, alignment: 64)
      jpeg.withUnsafeBytes { copy.copyMemory(from: $0) }
      stillBytes = copy
    }
    guard let packet = MediaPacket() else {
      stillBytes?.deallocate()
      throw .encoderFailed("no memory while opening \(spec.name)", fix: "close other programs")
    }
    // The stand-in is owned from here on, so a failure below frees it with the writer.
    self.standIn = stillBytes
    self.spec = spec
    self.settings = settings
    self.packet = packet
    earlyFragments = EarlyFragments(spec: spec)
    muxer = try OutputMuxer(muxerName: spec.container.muxerName, url: spec.url)
    stream = try muxer.addStream()
    Self.describeStream(stream, spec: spec, settings: settings)
    try muxer.openFile()
    do {
      var options = settings.muxerOptions()
      try muxer.writeHeader(options: &options, codecDescription: Self.summary(spec))
      try muxer.flush()  // the header (MOV: the empty index) is on disk before any frame
    } catch {
      Self.removeCreatedFile(spec.url)
      throw error
    }
    bytes.store(self.muxer.position, ordering: .relaxed)
  }

  deinit { standIn?.deallocate() }

  // MARK: - Progress (any thread)

  /// Packets in the file so far.
  public var framesWritten: Int64 { written.load(ordering: .relaxed) }

  /// Bytes written to the file so far.
  public var bytesWritten: Int64 { bytes.load(ordering: .relaxed) }

  // MARK: - Frames

  /// Stores `picture` (one complete JPEG as the camera sent it) as frame `index` (pts =
  /// index, strictly increasing). The bytes are written before this returns.
  public func write(_ picture: UnsafeRawBufferPointer, index: Int64) throws(DualCamError) {
    try checkUsable()
    guard let base = picture.baseAddress, picture.count > 0 else {
      throw .invalidArgument(
        "frame \(index) of \(spec.name) has no camera picture to copy",
        fix: "record with cameras opened for stream copy (--camera-codec copy)")
    }
    let pointer = packet.pointer
    // The muxer only reads the bytes, during the call; no reference is kept (no `buf`).
    pointer.pointee.data = UnsafeMutablePointer(
      mutating: base.assumingMemoryBound(to: UInt8.self))
    pointer.pointee.size = Int32(picture.count)
    pointer.pointee.pts = index
    pointer.pointee.dts = index
    pointer.pointee.duration = 1
    pointer.pointee.flags = AV_PKT_FLAG_KEY
    pointer.pointee.stream_index = stream.pointee.index
    av_packet_rescale_ts(pointer, settings.timeBase, stream.pointee.time_base)
    let before = muxer.position
    do {
      try muxer.write(pointer, interleaved: false)
    } catch {
      failure = error
      throw error
    }
    written.add(1, ordering: .relaxed)
    let closeEarly = earlyFragments.noteWritten(frame: index)
    // A moved position means a fragment (MOV) or cluster (MKV) was just completed: push it to
    // the kernel now, so a crash loses at most about one interval.
    let after = muxer.position
    if after != before {
      do {
        try muxer.flush()
      } catch {
        failure = error
        throw error
      }
      bytes.store(after, ordering: .relaxed)
    } else if closeEarly {
      do {
        try EarlyFragments.closeFragment(muxer)
      } catch {
        failure = error
        throw error
      }
      bytes.store(muxer.position, ordering: .relaxed)
    }
  }

  /// Stores the stand-in picture given at creation as frame `index`.
  public func writeStandIn(index: Int64) throws(DualCamError) {
    guard let standIn else {
      throw .invalidArgument(
        "\(spec.name) has no stand-in picture for frame \(index)",
        fix: "create the writer with a stand-in image")
    }
    try write(UnsafeRawBufferPointer(standIn), index: index)
  }

  // MARK: - Finish

  /// Completes and closes the file and, for MOV/MP4, rewrites it as an ordinary seekable file.
  /// Call once.
  public func finish() throws(DualCamError) -> OutputSummary {
    guard !finished else {
      throw .invalidArgument("the \(spec.name) file was already finished", fix: "")
    }
    finished = true
    if let failure { throw failure }
    do {
      try muxer.writeTrailer()
      try muxer.closeFile()
    } catch {
      failure = error
      throw error
    }
    let summary = try FileFinalizer.finishClosedFile(spec, frames: framesWritten)
    bytes.store(summary.bytes, ordering: .relaxed)
    return summary
  }

  // MARK: - Helpers

  private func checkUsable() throws(DualCamError) {
    if let failure { throw failure }
    if finished {
      throw .invalidArgument("the \(spec.name) file is already finished", fix: "start a new take")
    }
  }

  /// The stream's parameters, as a camera's MJPEG has them: what `ffmpeg -c copy` from a V4L2
  /// device states (codec and size; the pixel layout is left to each picture's own header).
  private static func describeStream(
    _ stream: UnsafeMutablePointer<AVStream>, spec: OutputSpec, settings: EncoderSettings
  ) {
    // JPEG pictures are full range; the rest matches what the encoded outputs declare.
    settings.describeVideo(
      stream.pointee.codecpar, codec: AV_CODEC_ID_MJPEG, range: AVCOL_RANGE_JPEG,
      chromaLocation: AVCHROMA_LOC_CENTER)
    stream.pointee.time_base = settings.timeBase
    stream.pointee.avg_frame_rate = AVRational(
      num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
  }

  private static func summary(_ spec: OutputSpec) -> String {
    "a copy of the camera's MJPEG stream (\(spec.size) at \(spec.frameRate) fps)"
  }

  /// Deletes the file a failed `init` created, but only a regular file.
  private static func removeCreatedFile(_ url: URL) {
    var status = stat()
    if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(url.path) }
  }
}
