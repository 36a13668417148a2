internal import CFFmpeg
public import DualCamCore
import Foundation
package import Media
import Synchronization

/// Writes a camera's own compressed pictures (MJPEG) into the video stream of an output file as
/// they came: a stream copy, no encoder; a producer of packets for its stream of an
/// `OutputFile`, which owns the muxer.
///
/// Use from one thread: `write(_:index:)` per output frame, `writeStandIn(index:)` for a frame
/// without a camera picture, and `finish()` at the end. Frame `index` becomes pts `index` in
/// the output's frame-rate time base, exactly as the encoding writer stamps its frames, so a
/// copied file has the same frame count, rate, start and duration as the other outputs of the
/// take. Writing the same picture for two indices (a late camera) stores it twice. A file with
/// more streams is made as for `VideoFileWriter`, with `init(spec:standIn:addingStreamTo:)`.
///
/// Crash safety is the encoding writer's: MOV/MP4 fragmented about every second and rewritten
/// at `finish()`, MKV in clusters; every completed fragment is pushed to the kernel at once.
/// Writing a frame allocates nothing: the packet points at the caller's bytes.
public final class PacketCopyWriter: @unchecked Sendable {
  // @unchecked: the packet, the early-fragment count and the failure/finished flags are used by
  // one thread at a time (the output's worker thread, then the control thread that finishes
  // the file after that worker has ended); the frame counter read from other threads is an
  // atomic, and the file serialises its own writes.
  // @unchecked: used from one thread (see above); the counters read elsewhere are atomic.

  /// What this writer was created with (`streamCopy` set, codec MJPEG).
  public let spec: OutputSpec
  /// The file this writer's stream belongs to.
  package let file: OutputFile

  private let ownsFile: Bool
  private let packet: MediaPacket
  private let stream: OutputFile.Stream
  private let settings: EncoderSettings
  private let standIn: UnsafeMutableRawBufferPointer?
  private let written = Atomic<Int64>(0)
  private var failure: DualCamError?
  private var finished = false
  private var earlyFragments: EarlyFragments

  /// Checks `spec`, creates the file with this one stream and writes its header. `standIn`
  /// (I420, `spec.size`) is the picture stored, encoded once as JPEG now, for frames without a
  /// camera picture.
  public convenience init(
    spec: OutputSpec, standIn image: ImageView? = nil
  ) throws(DualCamError) {
    try Self.check(spec)
    let file = try OutputFile(spec: spec)
    try self.init(spec: spec, standIn: image, file: file, ownsFile: true)
    try file.begin(spec, description: streamDescription)
  }

  /// Checks `spec` and adds its stream to `file` (not yet begun), which `spec` also described.
  /// The file's owner begins and finishes it.
  package convenience init(
    spec: OutputSpec, standIn image: ImageView? = nil, addingStreamTo file: OutputFile
  ) throws(DualCamError) {
    try Self.check(spec)
    try self.init(spec: spec, standIn: image, file: file, ownsFile: false)
  }

  private init(
    spec: OutputSpec, standIn image: ImageView?, file: OutputFile, ownsFile: Bool
  ) throws(DualCamError) {
    let settings = EncoderSettings(spec: spec)
    let stream = try file.addStream(
      packetTimeBase: settings.timeBase,
      frameRate: AVRational(
        num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
    ) { parameters in
      // JPEG pictures are full range; the rest matches what the encoded outputs declare.
      settings.describeVideo(
        parameters, codec: AV_CODEC_ID_MJPEG, range: AVCOL_RANGE_JPEG,
        chromaLocation: AVCHROMA_LOC_CENTER)
    }
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
    self.standIn = stillBytes
    self.stream = stream
    self.spec = spec
    self.settings = settings
    self.packet = packet
    self.file = file
    self.ownsFile = ownsFile
    earlyFragments = EarlyFragments(spec: spec)
  }

  private static func check(_ spec: OutputSpec) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    guard spec.streamCopy else {
      throw .invalidArgument(
        "output '\(spec.name)' is not a stream copy", fix: "write it with VideoFileWriter")
    }
    try spec.validate()
  }

  deinit { standIn?.deallocate() }

  // MARK: - Progress (any thread)

  /// Packets in the file so far.
  public var framesWritten: Int64 { written.load(ordering: .relaxed) }

  /// Bytes written to the file so far (all its streams).
  public var bytesWritten: Int64 { file.bytesWritten }

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
    let completedFragment: Bool
    do {
      completedFragment = try file.write(pointer, to: stream)
    } catch {
      failure = error
      throw error
    }
    written.add(1, ordering: .relaxed)
    if earlyFragments.noteWritten(frame: index), !completedFragment {
      do {
        try file.closeFragment()
      } catch {
        failure = error
        throw error
      }
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
  /// Call once, on a writer that made its own file (`init(spec:standIn:)`).
  public func finish() throws(DualCamError) -> OutputSummary {
    guard !finished else {
      throw .invalidArgument("the \(spec.name) file was already finished", fix: "")
    }
    guard ownsFile else {
      throw .invalidArgument(
        "the \(spec.name) file has other streams", fix: "end this stream, then finish the file")
    }
    finished = true
    if let failure { throw failure }
    return try file.finish(spec, frames: framesWritten)
  }

  /// Ends the stream (a copy holds nothing back, so only further writes are refused). Call
  /// once, before the file is finished.
  package func endStream() throws(DualCamError) {
    finished = true
    if let failure { throw failure }
  }

  // MARK: - Helpers

  private func checkUsable() throws(DualCamError) {
    if let failure { throw failure }
    if finished {
      throw .invalidArgument("the \(spec.name) file is already finished", fix: "start a new take")
    }
  }

  /// The stream in words, for messages about the file.
  package var streamDescription: String {
    "a copy of the camera's MJPEG stream (\(spec.size) at \(spec.frameRate) fps)"
  }
}
