package import CFFmpeg
package import DualCamCore
package import Foundation
import Synchronization

/// One file being recorded: the muxer and its streams (video, and sound to come), written
/// interleaved, each completed fragment pushed to the kernel as it is written.
///
/// Lifecycle: `init`, `addStream` once per stream, `begin` (the header), `write` packets of any
/// stream, `close` (the trailer). The file owns the muxer; the producers of its streams (an
/// encoder, a stream copy, later an audio encoder) only hand it packets. `write` may be called
/// from several threads: packets go through one lock, in the order they arrive.
///
/// With one stream, packets are written as they come (`av_write_frame`: a single stream arrives
/// in decode order, and this path allocates nothing). With more, libav's interleaving queue
/// orders them by time (`av_interleaved_write_frame`); it holds a packet until every stream
/// has reached its time, and takes a reference to (or copies) each packet it holds.
///
/// Crash safety: MOV/MP4 collect a fragment and MKV a cluster in memory and hand it to the file
/// only when it is complete, so when a write moves the file position a fragment was just
/// completed, and it is flushed at once; a killed process loses about one interval.
package final class OutputFile: @unchecked Sendable {
  // @unchecked: the muxer, the stream list and the state are touched only under `lock` (or
  // during set-up, before the file is shared); the byte count is atomic.

  /// A stream of this file, as its producer sees it.
  package struct Stream: Sendable {
    /// The muxer's index of the stream.
    package let index: Int32
    /// The time base of the producer's packets (the muxer may choose another for the file).
    package let packetTimeBase: AVRational
  }

  /// Where the file is written.
  package let url: URL
  private let muxer: OutputMuxer
  private let lock = Mutex(())
  private var streamCount: Int32 = 0
  private var phase = Phase.settingUp
  private var failure: DualCamError?
  private let bytes = Atomic<Int64>(0)

  private enum Phase { case settingUp, writing, closed }

  /// Prepares a `muxerName` ("mov", "mp4", "matroska") file at `url`; nothing is created yet.
  package init(muxerName: String, url: URL) throws(DualCamError) {
    muxer = try OutputMuxer(muxerName: muxerName, url: url)
    self.url = url
  }

  /// True when the format wants codec headers out of band (`AV_CODEC_FLAG_GLOBAL_HEADER`).
  package var wantsGlobalHeader: Bool { muxer.wantsGlobalHeader }

  /// Bytes handed to the file so far (any thread).
  package var bytesWritten: Int64 { bytes.load(ordering: .relaxed) }

  /// Whether packets go through libav's interleaving queue (more than one stream).
  package var interleaves: Bool { streamCount > 1 }

  /// Records the file's size once it is finished (rewritten seekable), for `bytesWritten`.
  package func noteFinishedSize(_ size: Int64) {
    bytes.store(size, ordering: .relaxed)
  }

  // MARK: - Set-up

  /// Adds a stream whose producer stamps its packets in `packetTimeBase`; `describe` fills its
  /// codec parameters. Only before `begin`.
  package func addStream(
    packetTimeBase: AVRational, frameRate: AVRational? = nil,
    describe: (UnsafeMutablePointer<AVCodecParameters>) throws(DualCamError) -> Void
  ) throws(DualCamError) -> Stream {
    guard phase == .settingUp else {
      throw .invalidArgument(
        "a stream cannot be added to \(url.lastPathComponent) once it is being written",
        fix: "add every stream before the file is started")
    }
    let stream = try muxer.addStream()
    try describe(stream.pointee.codecpar)
    stream.pointee.time_base = packetTimeBase
    if let frameRate { stream.pointee.avg_frame_rate = frameRate }
    streamCount += 1
    return Stream(index: stream.pointee.index, packetTimeBase: packetTimeBase)
  }

  /// Creates the file and writes its header with the muxer `options` (consumed); the header
  /// (MOV: the empty index) is on disk before any packet. A file this call created is removed
  /// again when the header cannot be written.
  package func begin(options: inout OpaquePointer?, description: String) throws(DualCamError) {
    guard phase == .settingUp, streamCount > 0 else {
      av_dict_free(&options)
      throw .invalidArgument(
        "\(url.lastPathComponent) cannot be started without streams or twice", fix: "")
    }
    try muxer.openFile()
    do {
      try muxer.writeHeader(options: &options, codecDescription: description)
      try muxer.flush()
    } catch {
      Self.removeCreatedFile(url)
      throw error
    }
    phase = .writing
    bytes.store(muxer.position, ordering: .relaxed)
  }

  // MARK: - Packets

  /// Writes `packet` (stamped in `stream.packetTimeBase`) into `stream`; the packet is left
  /// empty. Returns whether the write completed a fragment (MOV) or cluster (MKV), which is then
  /// already on its way to the disk. After a failed write every later write and `close` throw
  /// the same error.
  @discardableResult
  package func write(_ packet: UnsafeMutablePointer<AVPacket>, to stream: Stream)
    throws(DualCamError) -> Bool
  {
    try lock.withLock { _ throws(DualCamError) -> Bool in
      guard phase == .writing, failure == nil else {
        av_packet_unref(packet)
        throw failure ?? .invalidArgument("\(url.lastPathComponent) is not open", fix: "")
      }
      let target = muxer.pointer.pointee.streams[Int(stream.index)]!
      av_packet_rescale_ts(packet, stream.packetTimeBase, target.pointee.time_base)
      packet.pointee.stream_index = stream.index
      let before = muxer.position
      do throws(DualCamError) {
        try muxer.write(packet, interleaved: streamCount > 1)
        let after = muxer.position
        guard after != before else { return false }
        // A fragment (MOV) or cluster (MKV) was just completed: push it to the kernel now.
        try muxer.flush()
        bytes.store(after, ordering: .relaxed)
        return true
      } catch {
        failure = error
        throw error
      }
    }
  }

  /// Ends the current fragment (MOV) or cluster (MKV) before its keyframe and pushes it to the
  /// kernel, so that what was written so far survives a crash (a take's first second: see
  /// `EarlyFragments` in Encoding).
  package func closeFragment() throws(DualCamError) {
    try lock.withLock { _ throws(DualCamError) in
      guard phase == .writing, failure == nil else {
        throw failure ?? .invalidArgument("\(url.lastPathComponent) is not open", fix: "")
      }
      do throws(DualCamError) {
        // A null packet asks a muxer that can flush (MOV, MP4, Matroska) to write out what it
        // holds.
        try Libav.check(av_write_frame(muxer.pointer, nil)) { error in
          OutputMuxer.writeFailure(error, url: url)
        }
        try muxer.flush()
        bytes.store(muxer.position, ordering: .relaxed)
      } catch {
        failure = error
        throw error
      }
    }
  }

  // MARK: - Close

  /// Writes the packets still queued and the trailer (index, last fragment or cues) and closes
  /// the file. Call once, after the last packet of every stream.
  package func close() throws(DualCamError) {
    try lock.withLock { _ throws(DualCamError) in
      guard phase == .writing else {
        throw .invalidArgument("\(url.lastPathComponent) is not open", fix: "")
      }
      phase = .closed
      if let failure { throw failure }
      do throws(DualCamError) {
        try muxer.writeTrailer()
        try muxer.closeFile()
      } catch {
        failure = error
        throw error
      }
    }
  }

  /// Deletes the file a failed start created, but only a regular file: the path may name a
  /// device or a link the user pointed us at.
  private static func removeCreatedFile(_ url: URL) {
    var status = stat()
    if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(url.path) }
  }
}
