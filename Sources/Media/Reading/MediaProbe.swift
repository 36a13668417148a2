internal import CFFmpeg
public import DualCamCore
public import Foundation

/// Reads a video file's facts (codec, size, rate, start, duration, exact frame count).
public enum MediaProbe {
  /// Inspects `url`'s main video stream. The frame count reads every packet of the file, so
  /// this takes about as long as reading the file from disk once.
  public static func inspect(_ url: URL) throws(DualCamError) -> MediaInfo {
    let input = try InputFile(url: url)
    try input.findStreamInfo()
    let index = try input.videoStreamIndex()
    let stream = input.stream(index)
    let parameters = stream.pointee.codecpar!
    let frameRate = StreamTiming.frameRate(of: stream)
    let frameCount = try countPackets(of: index, in: input)
    let context = input.pointer
    var duration: Double
    if stream.pointee.duration != cav_nopts_value(), stream.pointee.duration > 0 {
      duration = StreamTiming.seconds(stream.pointee.duration, stream.pointee.time_base)
    } else if context.pointee.duration != cav_nopts_value(), context.pointee.duration > 0 {
      duration = StreamTiming.seconds(context.pointee.duration, cav_time_base_q())
    } else {
      duration = Double(frameCount) / frameRate.framesPerSecond
    }
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    return MediaInfo(
      url: url,
      containerName: String(cString: context.pointee.iformat.pointee.name),
      codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
      size: ImageSize(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height)),
      frameRate: frameRate,
      startTime: StreamTiming.seconds(
        StreamTiming.startTimestamp(of: stream), stream.pointee.time_base),
      duration: duration,
      frameCount: frameCount,
      isFragmented: FileFinalizer.isFragmented(url),
      fileSize: Int64(fileSize ?? 0))
  }

  /// Packets of stream `index` up to the end of the file or the first damaged packet.
  private static func countPackets(
    of index: Int32, in input: borrowing InputFile
  ) throws(DualCamError) -> Int {
    guard let packet = MediaPacket() else {
      throw .unreadableMedia("out of memory while reading \(input.name)", fix: "")
    }
    var count = 0
    while av_read_frame(input.pointer, packet.pointer) >= 0 {
      let damaged = packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0
      if packet.pointer.pointee.stream_index == index && !damaged { count += 1 }
      av_packet_unref(packet.pointer)
      if damaged { break }
    }
    FFmpegLog.discardLastError()  // the end of a damaged file is a count, not an error
    return count
  }
}
