internal import CFFmpeg
public import DualCamCore
public import Foundation

/// What one stream of a file holds, read packet by packet: how checks see that the streams of
/// a file (video and sound) cover the same time.
public struct StreamSummary: Sendable, Equatable {
  /// The kind of a stream.
  public enum Kind: String, Sendable {
    case video, audio, other
  }

  /// Video, audio or anything else (a timecode track).
  public var kind: Kind
  /// FFmpeg's name of the codec ("h264", "pcm_s16le").
  public var codecName: String
  /// Undamaged packets stored.
  public var packets: Int
  /// From the first packet's presentation time to the end of the last packet, in seconds.
  public var duration: Double
  /// Every packet's bytes, in file order (audio only: video would be large).
  public var audioBytes: Data

  /// Every stream of `url`, in the file's order. Reads the whole file and allocates per
  /// packet; not for the frame path.
  public static func streams(of url: URL) throws(DualCamError) -> [StreamSummary] {
    let file = try InputFile(url: url)
    try file.findStreamInfo()
    let count = Int(file.pointer.pointee.nb_streams)
    var summaries = (0..<count).map { index in
      let parameters = file.stream(Int32(index)).pointee.codecpar!
      let type = parameters.pointee.codec_type
      return StreamSummary(
        kind: type == AVMEDIA_TYPE_VIDEO ? .video : type == AVMEDIA_TYPE_AUDIO ? .audio : .other,
        codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)), packets: 0,
        duration: 0, audioBytes: Data())
    }
    var first = [Int64?](repeating: nil, count: count)
    var end = [Int64](repeating: 0, count: count)
    guard let packet = MediaPacket() else {
      throw .unreadableMedia("no memory to read \(file.name)", fix: "close other programs")
    }
    while av_read_frame(file.pointer, packet.pointer) >= 0 {
      defer { av_packet_unref(packet.pointer) }
      let stored = packet.pointer.pointee
      // A packet cut short by a crash is flagged corrupt; nothing after it can be trusted.
      if stored.flags & AV_PKT_FLAG_CORRUPT != 0 { break }
      let index = Int(stored.stream_index)
      summaries[index].packets += 1
      if stored.pts != cav_nopts_value() {
        first[index] = min(first[index] ?? stored.pts, stored.pts)
        end[index] = max(end[index], stored.pts + stored.duration)
      }
      if summaries[index].kind == .audio, let data = stored.data {
        summaries[index].audioBytes.append(data, count: Int(stored.size))
      }
    }
    FFmpegLog.discardLastError()  // damage at the end is where reading stops, not an error
    for index in 0..<count {
      guard let start = first[index] else { continue }
      let timeBase = file.stream(Int32(index)).pointee.time_base
      summaries[index].duration = StreamTiming.seconds(end[index] - start, timeBase)
    }
    return summaries
  }
}
