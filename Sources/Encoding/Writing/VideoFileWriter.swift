internal import CFFmpeg
public import DualCamCore
import Foundation
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
/// Images are I420 in video range (16–235), as cameras deliver them.
public final class VideoFileWriter: @unchecked Sendable {
  /// What this writer was created with.
  public let spec: OutputSpec

  private let encoder: CodecContext
  /// Packet buffers for the encoder; buffers still out when it goes return to a pool that frees
  /// itself.
  private let packets: PacketPool
  private let muxer: OutputMuxer
  private var inputs: FrameRing
  private let packet: MediaPacket
  private let stream: UnsafeMutablePointer<AVStream>
  private let settings: EncoderSettings
  private let rangeExpansion: RangeExpansion?
  private let submitted = Atomic<Int64>(0)
  private let written = Atomic<Int64>(0)
  private let bytes = Atomic<Int64>(0)
  private var failure: DualCamError?
  /// Times no input picture was free and libav had to allocate and copy one (for benchmarks).
  private(set) var inputCopies = 0
  private var finished = false

  /// Checks `spec`, opens the encoder and creates the file.
  public init(spec: OutputSpec) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    try spec.validate()
    let settings = EncoderSettings(spec: spec)
    let muxer = try OutputMuxer(muxerName: spec.container.muxerName, url: spec.url)
    guard let packets = PacketPool(largestPacket: spec.size.area * 3 / 2) else {
      throw .encoderFailed(
        "no memory for \(spec.size) packets while opening \(spec.name)", fix: "use a smaller size")
    }
    let encoder = try Self.openEncoder(
      settings, globalHeader: muxer.wantsGlobalHeader, packets: packets)
    let stream = try muxer.addStream()
    try Libav.check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer)) {
      error in .encoderFailed("\(settings.summary): \(error.message)", fix: "try --codec h264")
    }
    stream.pointee.time_base = settings.timeBase
    stream.pointee.avg_frame_rate = encoder.pointer.pointee.framerate
    if let tag = settings.codecTag { stream.pointee.codecpar.pointee.codec_tag = tag }
    guard
      let inputs = FrameRing(
        count: 3, format: settings.pixelFormat, width: Int32(spec.size.width),
        height: Int32(spec.size.height)),
      let packet = MediaPacket()
    else {
      throw .encoderFailed(
        "no memory for \(spec.size) frames while opening \(spec.name)", fix: "use a smaller size")
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
    self.packets = packets
    self.stream = stream
    self.inputs = inputs
    self.packet = packet
    self.rangeExpansion = spec.codec == .mjpeg ? RangeExpansion() : nil
    bytes.store(self.muxer.position, ordering: .relaxed)
  }

  // MARK: - Progress (any thread)

  /// Packets in the file so far, i.e. frames that would survive a crash after the next flush.
  public var framesWritten: Int64 { written.load(ordering: .relaxed) }

  /// Frames handed to the encoder so far; `framesSubmitted - framesWritten` is its lag.
  public var framesSubmitted: Int64 { submitted.load(ordering: .relaxed) }

  /// Bytes written to the file so far.
  public var bytesWritten: Int64 { bytes.load(ordering: .relaxed) }

  // MARK: - Frames

  /// The writer's own input picture (I420, `spec.size`) for the caller to fill before
  /// `submitFrame(index:)`. Valid until that call; no copy is made.
  public func nextInputImage() throws(DualCamError) -> ImageView {
    try checkUsable()
    // The encoder may still hold references to the pictures it was given last.
    let taken = inputs.takeWritable()
    if taken > 0 { inputCopies += 1 }
    try Libav.check(taken) { error in
      .encoderFailed("no memory for the next \(spec.name) frame (\(error.message))", fix: "")
    }
    return ImageView(planarFrame: inputs.frame, size: spec.size)
  }

  /// Encodes the picture filled through `nextInputImage()` as frame `index` (pts = index,
  /// strictly increasing) and writes whatever packets the encoder has ready.
  public func submitFrame(index: Int64) throws(DualCamError) {
    try checkUsable()
    let frame = inputs.frame
    if let rangeExpansion {
      rangeExpansion.apply(to: ImageView(planarFrame: frame, size: spec.size))
    }
    frame.pointee.pts = index
    frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
    frame.pointee.quality = settings.frameQuality
    do {
      while try Libav.step(avcodec_send_frame(encoder.pointer, frame), encodeFailure) == .again {
        try drain()  // the encoder wants its output taken before it accepts more
      }
      submitted.add(1, ordering: .relaxed)
      try drain()
    } catch {
      failure = error
      throw error
    }
  }

  /// Copies the I420 `image` (of `spec.size`) into the input picture and submits it.
  public func write(_ image: ImageView, index: Int64) throws(DualCamError) {
    guard image.format == .i420, image.size == spec.size else {
      throw .invalidArgument(
        "\(spec.name) takes I420 \(spec.size) images, not \(image.format) \(image.size)",
        fix: "convert or scale the frame first")
    }
    try nextInputImage().copyPixels(from: image)
    try submitFrame(index: index)
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
      // A nil frame asks the encoder for its delayed packets (x264 holds a few for B-frames).
      while try Libav.step(avcodec_send_frame(encoder.pointer, nil), encodeFailure) == .again {
        try drain()
      }
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
    while try Libav.step(avcodec_receive_packet(encoder.pointer, packet.pointer), encodeFailure)
      == .ready
    {
      let packet = packet.pointer
      av_packet_rescale_ts(packet, settings.timeBase, stream.pointee.time_base)
      packet.pointee.stream_index = stream.pointee.index
      Self.dropQualityStatistics(packet)
      let before = muxer.position
      try muxer.write(packet, interleaved: false)
      written.add(1, ordering: .relaxed)
      // Both muxers collect a fragment (MOV) or cluster (MKV) in memory and hand it to the
      // file only when it is complete, so a moved position means one was just completed;
      // pushing it to the kernel now bounds what a crash loses to about one interval.
      let after = muxer.position
      if after != before {
        try muxer.flush()
        bytes.store(after, ordering: .relaxed)
      }
    }
  }

  private func checkUsable() throws(DualCamError) {
    if let failure { throw failure }
    if finished {
      throw .invalidArgument("the \(spec.name) file is already finished", fix: "start a new take")
    }
  }

  private func encodeFailure(_ error: LibavError) -> DualCamError {
    .encoderFailed(
      "\(settings.summary) failed while encoding \(spec.url.lastPathComponent) (\(error.message))",
      fix: "try a faster --preset, a lower --bitrate or another --codec")
  }

  /// Deletes the file a failed `init` created, but only a regular file: the path may name a
  /// device or a link the user pointed us at.
  private static func removeCreatedFile(_ url: URL) {
    var status = stat()
    if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(url.path) }
  }

  /// Removes the encoder statistics x264 attaches to every packet, when they are its only side
  /// data: no muxer reads them, and `av_write_frame` would copy them (three allocations).
  private static func dropQualityStatistics(_ packet: UnsafeMutablePointer<AVPacket>) {
    guard packet.pointee.side_data_elems == 1,
      packet.pointee.side_data.pointee.type == AV_PKT_DATA_QUALITY_STATS
    else { return }
    av_packet_free_side_data(packet)
  }

  private static func openEncoder(
    _ settings: EncoderSettings, globalHeader: Bool, packets: borrowing PacketPool
  ) throws(DualCamError) -> CodecContext {
    guard let codec = avcodec_find_encoder_by_name(settings.spec.codec.encoderName),
      let context = CodecContext(codec: codec)
    else {
      throw .encoderFailed("\(settings.spec.codec.encoderName) is not available", fix: "")
    }
    settings.configure(context.pointer, globalHeader: globalHeader)
    packets.install(in: context.pointer, codec: codec)
    var options = settings.encoderOptions()
    defer { av_dict_free(&options) }
    try Libav.check(avcodec_open2(context.pointer, codec, &options)) { error in
      .encoderFailed(
        "\(settings.summary) could not be opened (\(error.message))",
        fix: "try another --preset, --bitrate or --codec")
    }
    return context
  }
}
