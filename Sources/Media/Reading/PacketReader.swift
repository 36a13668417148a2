internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Reads a file's video packets as stored, without decoding: how tests and checks see that a
/// stream-copied file holds exactly the camera's bytes.
public enum PacketReader {
  /// One stored packet.
  public struct Packet: Sendable, Equatable {
    /// The packet's bytes.
    public var data: Data
    /// Presentation time in seconds.
    public var time: Double
    /// Whether the file marks the packet as a keyframe (a random access point).
    public var isKeyframe: Bool
  }

  /// Every packet of `url`'s main video stream, in file order. Allocates per packet; not for
  /// the frame path.
  public static func packets(of url: URL) throws(DualCamError) -> [Packet] {
    let file = try InputFile(url: url)
    try file.findStreamInfo()
    let index = try file.videoStreamIndex()
    let timeBase = file.stream(index).pointee.time_base
    guard let packet = MediaPacket() else {
      throw .unreadableMedia("no memory to read \(file.name)", fix: "close other programs")
    }
    var result: [Packet] = []
    while true {
      let code = av_read_frame(file.pointer, packet.pointer)
      if code == Libav.endOfFile { break }
      try Libav.check(code) { error in
        .unreadableMedia("\(file.name) could not be read (\(error.message))", fix: "")
      }
      defer { av_packet_unref(packet.pointer) }
      guard packet.pointer.pointee.stream_index == index else { continue }
      let pts = packet.pointer.pointee.pts
      result.append(
        Packet(
          data: Data(bytes: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size)),
          time: Double(pts) * Double(timeBase.num) / Double(timeBase.den),
          isKeyframe: packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0))
    }
    return result
  }
}
