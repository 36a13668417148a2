internal import CFFmpeg
import DualCamCore

extension OutputMuxer {
  /// Adds a copy of each video and sound stream of `input` (codec parameters, time base, frame
  /// rate), for remuxing its packets without decoding them. Returns the map from an input
  /// stream's index to its copy's (-1: not copied, e.g. timecode tracks) and how many were
  /// added. Without `keepingCodecTags` the new muxer chooses its own codec tags: the source's
  /// name codecs in its own container's words (MOV's `avc1` may not be MP4's).
  func addCopies(of input: borrowing InputFile, named name: String, keepingCodecTags: Bool)
    throws(DualCamError) -> (mapping: [Int32], count: Int32)
  {
    let streams = Int32(input.pointer.pointee.nb_streams)
    var mapping = [Int32](repeating: -1, count: Int(streams))
    var count: Int32 = 0
    for index in 0..<streams {
      let stream = input.stream(index)
      let type = stream.pointee.codecpar.pointee.codec_type
      guard type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO else { continue }
      let copy = try addStream()
      try Libav.check(avcodec_parameters_copy(copy.pointee.codecpar, stream.pointee.codecpar)) {
        error in
        .encoderFailed("cannot copy stream \(index) of \(name) (\(error.message))", fix: "")
      }
      if !keepingCodecTags { copy.pointee.codecpar.pointee.codec_tag = 0 }
      copy.pointee.time_base = stream.pointee.time_base
      copy.pointee.avg_frame_rate = stream.pointee.avg_frame_rate
      mapping[Int(index)] = count
      count += 1
    }
    return (mapping, count)
  }
}
