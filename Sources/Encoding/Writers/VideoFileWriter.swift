internal import CFFmpeg
public import DualCamCore
import Foundation
package import Media
import Synchronization

/// Encodes frames into the video stream of an output file: the encoder, producing packets for
/// its stream of an `OutputFile`, which owns the muxer.
///
/// Use from one thread: fill `nextInputImage()`, then `submitFrame(index:)`, and `finish()`
/// at the end. `framesWritten` and `bytesWritten` may be read from any thread.
///
/// `init(spec:)` makes a file with this one stream. A file with more streams (sound) is made by
/// its owner: `OutputFile(spec:)`, this writer added with `init(spec:addingStreamTo:)` and the
/// other streams beside it, then `OutputFile.begin`; at the end `endStream()` on every producer
/// and `OutputFile.finish`.
///
/// While recording, MOV and MP4 are written fragmented (an empty index up front, a fragment
/// per keyframe interval, each pushed to the kernel) and MKV in clusters of about the same
/// length, so a killed process leaves a file that plays up to about the last second.
/// `finish()` turns MOV/MP4 into ordinary files with the index at the front. A writer dropped
/// without `finish()` leaves such a fragmented file, which `FileFinalizer` can repair.
///
/// Images are I420 in video range (16–235), as cameras deliver them. H.264 is encoded with
/// libx264 directly (`X264VideoEncoder`: no heap allocation per frame), the other codecs
/// through libavcodec (`LibavcodecVideoEncoder`).
public final class VideoFileWriter: @unchecked Sendable {
  // @unchecked: the encoder, the packet and the failure/finished flags are used by one thread
  // at a time (the output's worker thread, then the control thread that finishes the file
  // after that worker has ended); the counters read from other threads are atomics, and the
  // file serialises its own writes.

  /// What this writer was created with.
  public let spec: OutputSpec
  /// The file this writer's stream belongs to.
  package let file: OutputFile

  private let encoder: any VideoEncoding
  /// The threads the encoder started for itself (x264's slice threads): their processor time
  /// is the encoder's too.
  private let encoderThreads: [ThreadCPUClock]
  private let ownsFile: Bool
  private let packet: MediaPacket
  private let stream: OutputFile.Stream
  private let settings: EncoderSettings
  private let submitted = Atomic<Int64>(0)
  private let written = Atomic<Int64>(0)
  private var failure: DualCamError?
  private var finished = false
  private var ended = false
  private var earlyFragments: EarlyFragments

  /// Checks `spec`, opens the encoder and creates the file with this one video stream.
  public convenience init(spec: OutputSpec) throws(DualCamError) {
    try spec.validate()
    let file = try OutputFile(spec: spec)
    try self.init(spec: spec, file: file, ownsFile: true)
    try file.begin(spec, description: streamDescription)
  }

  /// Checks `spec`, opens the encoder and adds its video stream to `file` (not yet begun),
  /// which `spec` also described. The file's owner begins and finishes it.
  package convenience init(spec: OutputSpec, addingStreamTo file: OutputFile)
    throws(DualCamError)
  {
    try spec.validate()
    try self.init(spec: spec, file: file, ownsFile: false)
  }

  private init(spec: OutputSpec, file: OutputFile, ownsFile: Bool) throws(DualCamError) {
    let settings = EncoderSettings(spec: spec)
    let census = StartedThreads()
    let encoder: any VideoEncoding =
      if spec.codec == .h264 {
        // MOV, MP4 and Matroska all keep the SPS and PPS out of band, as x264 is set up here.
        try X264VideoEncoder(settings: settings)
      } else {
        try LibavcodecVideoEncoder(settings: settings, globalHeader: file.wantsGlobalHeader)
      }
    let stream = try file.addStream(
      packetTimeBase: settings.timeBase,
      frameRate: AVRational(
        num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
    ) { parameters throws(DualCamError) in
      try encoder.describe(parameters)
      if let tag = settings.codecTag { parameters.pointee.codec_tag = tag }
    }
    guard let packet = MediaPacket() else {
      throw .encoderFailed(
        "no memory for \(spec.size) packets while opening \(spec.name)", fix: "use a smaller size")
    }
    self.spec = spec
    self.settings = settings
    self.file = file
    self.ownsFile = ownsFile
    self.encoder = encoder
    encoderThreads = census.clocks()
    self.stream = stream
    self.packet = packet
    earlyFragments = EarlyFragments(spec: spec)
  }

  /// The stream in words ("libx264 ultrafast 1280x720 at 30 fps"), for messages about the file.
  package var streamDescription: String { settings.summary }

  // MARK: - Progress (any thread)

  /// Packets in the file so far, i.e. frames that would survive a crash after the next flush.
  public var framesWritten: Int64 { written.load(ordering: .relaxed) }

  /// Frames handed to the encoder so far; `framesSubmitted - framesWritten` is its lag.
  public var framesSubmitted: Int64 { submitted.load(ordering: .relaxed) }

  /// Bytes written to the file so far (all its streams).
  public var bytesWritten: Int64 { file.bytesWritten }

  /// Processor seconds the encoder's own threads (x264's slice threads) have run so far; what
  /// the encoder costs the thread that feeds it is that thread's to count. Read it before
  /// `finish()`, which ends them.
  package var encoderThreadsSeconds: Double {
    encoderThreads.reduce(0) { $0 + ($1.seconds ?? 0) }
  }

  /// How many threads the encoder started for itself (for tests).
  var encoderThreadCount: Int { encoderThreads.count }

  /// Times no input picture was free and libav had to allocate and copy one (for tests); nil
  /// for H.264, whose encoder copies each picture inside x264 and has no input pictures to run
  /// out of.
  var inputCopies: Int? { (encoder as? LibavcodecVideoEncoder)?.inputCopies }

  /// The first plane of the last picture handed to libx264 (for tests); nil for other codecs.
  var x264HandedOverPlane: UnsafeMutablePointer<UInt8>? {
    (encoder as? X264VideoEncoder)?.lastHandedOverPlane
  }

  // MARK: - Frames

  /// The writer's own input picture (I420, `spec.size`) for the caller to fill before
  /// `submitFrame(index:)`. Valid until that call; no copy is made.
  public func nextInputImage() throws(DualCamError) -> ImageView {
    try checkUsable()
    return try encoder.nextInputImage()
  }

  /// Encodes the picture filled through `nextInputImage()` as frame `index` (pts = index,
  /// strictly increasing) and writes whatever packets the encoder has ready.
  public func submitFrame(index: Int64) throws(DualCamError) {
    try checkUsable()
    try encode(index: index, image: nil)
  }

  /// Encodes the I420 `image` (of `spec.size`) as frame `index`. H.264 reads it where it is;
  /// other codecs copy it into their input picture first.
  public func write(_ image: ImageView, index: Int64) throws(DualCamError) {
    guard image.format == .i420, image.size == spec.size else {
      throw .invalidArgument(
        "\(spec.name) takes I420 \(spec.size) images, not \(image.format) \(image.size)",
        fix: "convert or scale the frame first")
    }
    try checkUsable()
    // An encoder that copies needs a free input picture to copy into.
    if !encoder.readsCallerImages { _ = try encoder.nextInputImage() }
    try encode(index: index, image: image)
  }

  private func encode(index: Int64, image: ImageView?) throws(DualCamError) {
    do {
      while try !encoder.send(index: index, image: image) {
        try drain()  // the encoder wants its output taken before it accepts more
      }
      submitted.add(1, ordering: .relaxed)
      try drain()
    } catch {
      failure = error
      throw error
    }
  }

  // MARK: - Finish

  /// Drains the encoder, completes and closes the file and, for MOV/MP4, rewrites it as an
  /// ordinary seekable file. Call once, on a writer that made its own file (`init(spec:)`).
  public func finish() throws(DualCamError) -> OutputSummary {
    guard !finished else {
      throw .invalidArgument("the \(spec.name) file was already finished", fix: "")
    }
    guard ownsFile else {
      throw .invalidArgument(
        "the \(spec.name) file has other streams", fix: "end this stream, then finish the file")
    }
    finished = true
    try endStream()
    return try file.finish(spec, frames: framesWritten)
  }

  /// Encodes the frames the encoder still holds and writes their packets: the stream's end.
  /// Call once, before the file is finished.
  package func endStream() throws(DualCamError) {
    guard !ended else { return }
    ended = true
    if let failure { throw failure }
    do {
      while try !encoder.sendEnd() { try drain() }
      try drain()
    } catch {
      failure = error
      throw error
    }
  }

  // MARK: - Packets

  /// Moves every packet the encoder has ready into the file.
  private func drain() throws(DualCamError) {
    let packet = packet.pointer
    while try encoder.receive(into: packet) {
      let frame = packet.pointee.pts  // the encoder's time base: one tick per frame
      let completedFragment = try file.write(packet, to: stream)
      written.add(1, ordering: .relaxed)
      if earlyFragments.noteWritten(frame: frame), !completedFragment {
        try file.closeFragment()
      }
    }
  }

  private func checkUsable() throws(DualCamError) {
    if let failure { throw failure }
    if finished || ended {
      throw .invalidArgument("the \(spec.name) file is already finished", fix: "start a new take")
    }
  }
}
