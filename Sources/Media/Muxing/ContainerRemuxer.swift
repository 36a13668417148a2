internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Copies a recorded file into another container without re-encoding (MOV → MP4, MOV → MKV):
/// every video and audio packet is stored again as it is, so the pictures are bit for bit the
/// same and the copy takes about as long as reading the file.
public enum ContainerRemuxer {
  /// How a remux ended when it did not fail.
  public enum Outcome: Sendable, Equatable {
    /// The new file is complete.
    case completed
    /// `progress` asked to stop; nothing is left at the target.
    case cancelled
  }

  /// The containers a file can be remuxed into, by the name the user gives (`mp4`).
  public static let containers: [String: String] = [
    "mp4": "mp4", "mov": "mov", "mkv": "matroska",
  ]

  /// Writes `source`'s streams into a new `container` file (`mp4`, `mov` or `mkv`) at `target`.
  /// `progress` is called with the share read so far (0…1) after every few packets; returning
  /// false cancels. On cancel or failure the partly written target is removed, so write to a
  /// temporary name and rename it when this returns `.completed`.
  public static func remux(
    _ source: URL, to target: URL, container: String, progress: (Double) -> Bool
  ) throws(DualCamError) -> Outcome {
    guard let muxerName = containers[container.lowercased()] else {
      throw .invalidArgument(
        "\(container) is not a container DualCam writes",
        fix: "choose one of \(containers.keys.sorted().joined(separator: ", "))")
    }
    do {
      let outcome = try copy(source, to: target, muxerName: muxerName, progress: progress)
      if outcome == .cancelled { unlink(target.path) }
      return outcome
    } catch {
      unlink(target.path)
      throw error
    }
  }

  // MARK: - Copying

  private static func copy(
    _ source: URL, to target: URL, muxerName: String, progress: (Double) -> Bool
  ) throws(DualCamError) -> Outcome {
    let input = try InputFile(url: source)
    try input.findStreamInfo()
    let output = try OutputMuxer(muxerName: muxerName, url: target)
    let context = input.pointer
    let (mapping, outputCount) = try output.addCopies(
      of: input, named: source.lastPathComponent, keepingCodecTags: false)
    guard outputCount > 0 else {
      throw .unreadableMedia(
        "\(source.lastPathComponent) has no video stream", fix: "export DualCam's own takes")
    }
    try output.openFile()
    var options: OpaquePointer? = nil
    if muxerName != "matroska" { av_dict_set(&options, "movflags", "+faststart", 0) }
    try output.writeHeader(
      options: &options, codecDescription: "the streams of \(source.lastPathComponent)")
    guard let packet = MediaPacket() else {
      throw .encoderFailed("out of memory while copying", fix: "close other programs")
    }
    let total = Double(max(avio_size(context.pointee.pb), 1))
    var copied = 0
    while true {
      let code = av_read_frame(context, packet.pointer)
      if code == Libav.endOfFile { break }
      try Libav.check(code) { error in
        .unreadableMedia(
          "\(source.lastPathComponent) could not be read (\(error.message))",
          fix: InputFile.damagedFix)
      }
      let pointer = packet.pointer
      let target = mapping[Int(pointer.pointee.stream_index)]
      guard target >= 0 else {
        av_packet_unref(pointer)
        continue
      }
      let from = input.stream(pointer.pointee.stream_index)
      let destination = output.pointer.pointee.streams[Int(target)]!
      av_packet_rescale_ts(pointer, from.pointee.time_base, destination.pointee.time_base)
      pointer.pointee.stream_index = target
      pointer.pointee.pos = -1
      try output.write(pointer, interleaved: true)
      copied += 1
      if copied % 16 == 0, !progress(min(Double(avio_tell(context.pointee.pb)) / total, 1)) {
        return .cancelled
      }
    }
    try output.writeTrailer()
    try output.closeFile()
    _ = progress(1)
    return .completed
  }
}
