internal import CFFmpeg
public import DualCamCore
import Foundation
import Media
import Synchronization

/// Encodes frames and writes them to one file: an encoder and a muxer for one output.
///
/// Use from one thread: fill `nextInputImage()`, then `submitFrame(index:)`, and `finish()`
/// at the end. `framesWritten` and `bytesWritten` may be read from any thread.
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
  /// What this writer was created with.
  public let spec: OutputSpec

  private let encoder: any VideoEncoding
  private let muxer: OutputMuxer
  private let packet: MediaPacket
  private let stream: UnsafeMutablePointer<AVStream>
  private let settings: EncoderSettings
  private let submitted = Atomic<Int64>(0)
  private let written = Atomic<Int64>(0)
  private let bytes = Atomic<Int64>(0)
  private var failure: DualCamError?
  private var finished = false
  private var earlyFragments: EarlyFragments

  /// Checks `spec`, opens the encoder and creates the file.
  public init(spec: OutputSpec) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    try spec.validate()
    let settings = EncoderSettings(spec: spec)
    let muxer = try OutputMuxer(muxerName: spec.container.muxerName, url: spec.url)
    let encoder: any VideoEncoding =
      if spec.codec == .h264 {
        // MOV, MP4 and Matroska all keep the SPS and PPS out of band, as x264 is set up here.
        try X264VideoEncoder(settings: settings)
      } else {
        try LibavcodecVideoEncoder(settings: settings, globalHeader: muxer.wantsGlobalHeader)
      }
    let stream = try muxer.addStream()
    try encoder.describe(stream.pointee.codecpar)
    stream.pointee.time_base = settings.timeBase
    stream.pointee.avg_frame_rate = AVRational(
      num: Int32(spec.frameRate.numerator), den: Int32(spec.frameRate.denominator))
    if let tag = settings.codecTag { stream.pointee.codecpar.pointee.codec_tag = tag }
    guard let packet = MediaPacket() else {
      throw .encoderFailed(
        "no memory for \(spec.size) packets while opening \(spec.name)", fix: "use a smaller size")
    }
    try muxer.openFile()
    do {
      var options = settings.muxerOptions()
      try muxer.writeHeader(options: &options, codecDescription: settings.summary)
      try muxer.flush()  // the header (MOV: the empty index) is on disk before any frame
    } catch {
      Self.removeCreatedFile(spec.url)
      throw error
    }
    self.spec = spec
    self.settings = settings
    self.muxer = muxer
    self.encoder = encoder
    self.stream = stream
    self.packet = packet
    earlyFragments = EarlyFragments(spec: spec)
    bytes.store(self.muxer.position, ordering: .relaxed)
  }

  // MARK: - Progress (any thread)

  /// Packets in the file so far, i.e. frames that would survive a crash after the next flush.
  public var framesWritten: Int64 { written.load(ordering: .relaxed) }

  /// Frames handed to the encoder so far; `framesSubmitted - framesWritten` is its lag.
  public var framesSubmitted: Int64 { submitted.load(ordering: .relaxed) }

  /// Bytes written to the file so far.
  public var bytesWritten: Int64 { bytes.load(ordering: .relaxed) }

  /// Times no input picture was free and libav had to allocate and copy one (for benchmarks).
  var inputCopies: Int { encoder.inputCopies }

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
  /// ordinary seekable file. Call once.
  public func finish() throws(DualCamError) -> OutputSummary {
    guard !finished else {
      throw .invalidArgument("the \(spec.name) file was already finished", fix: "")
    }
    finished = true
    if let failure { throw failure }
    do {
      while try !encoder.sendEnd() { try drain() }
      try drain()
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

  // MARK: - Packets

  /// Moves every packet the encoder has ready into the file.
  private func drain() throws(DualCamError) {
    let packet = packet.pointer
    while try encoder.receive(into: packet) {
      let frame = packet.pointee.pts  // the encoder's time base: one tick per frame
      av_packet_rescale_ts(packet, settings.timeBase, stream.pointee.time_base)
      packet.pointee.stream_index = stream.pointee.index
      let before = muxer.position
      try muxer.write(packet, interleaved: false)
      written.add(1, ordering: .relaxed)
      let closeEarly = earlyFragments.noteWritten(frame: frame)
      // Both muxers collect a fragment (MOV) or cluster (MKV) in memory and hand it to the
      // file only when it is complete, so a moved position means one was just completed;
      // pushing it to the kernel now bounds what a crash loses to about one interval.
      let after = muxer.position
      if after != before {
        try muxer.flush()
        bytes.store(after, ordering: .relaxed)
      } else if closeEarly {
        try EarlyFragments.closeFragment(muxer)
        bytes.store(muxer.position, ordering: .relaxed)
      }
    }
  }

  private func checkUsable() throws(DualCamError) {
    if let failure { throw failure }
    if finished {
      throw .invalidArgument("the \(spec.name) file is already finished", fix: "start a new take")
    }
  }

  /// Deletes the file a failed `init` created, but only a regular file: the path may name a
  /// device or a link the user pointed us at.
  private static func removeCreatedFile(_ url: URL) {
    var status = stat()
    if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(url.path) }
  }
}
