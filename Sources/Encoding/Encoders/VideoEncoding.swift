internal import CFFmpeg
import DualCamCore
import Media

/// One video encoder behind `VideoFileWriter`: libx264 driven directly for H.264, libavcodec
/// for every other codec. The `OutputFile` owns the muxer, the writer moves packets into it; the
/// encoder owns its input picture and hands back packets in `EncoderSettings.timeBase`.
///
/// The rhythm is libavcodec's: `send` a frame (false: take packets out first, then send it
/// again), then `receive` until it says there is nothing more; at the end `sendEnd()`, then
/// `receive` until it returns false, for the delayed packets.
protocol VideoEncoding: AnyObject {
  /// The encoder's own input picture (I420, the output's size) for the caller to fill.
  func nextInputImage() throws(DualCamError) -> ImageView

  /// Encodes `image`, or the input picture when nil, as frame `index`; false when the encoder
  /// wants its packets taken first.
  func send(index: Int64, image: ImageView?) throws(DualCamError) -> Bool

  /// Asks for the delayed packets (false: take packets out first, then ask again); no frame
  /// may be sent after this.
  func sendEnd() throws(DualCamError) -> Bool

  /// Moves the next ready packet into `packet` (which must be empty); false when none is ready.
  /// The packet's bytes stay valid until the next `send` or `receive`.
  func receive(into packet: UnsafeMutablePointer<AVPacket>) throws(DualCamError) -> Bool

  /// Fills the stream's codec parameters (codec, size, colour, headers) for the muxer.
  func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws(DualCamError)

  /// Whether `send` can read a caller's I420 image without copying it into the input picture.
  var readsCallerImages: Bool { get }
}
