internal import CFFmpeg
package import DualCamCore
package import Media

/// Signed 16-bit PCM sound as one stream of an `OutputFile`: samples in, packets out, no codec.
///
/// The simplest producer of a second stream beside the video, and the model for the sound
/// encoders to come: add the stream with its codec parameters and time base (one tick per
/// sample) before the file begins, then hand the file one packet per block of samples, stamped
/// with the number of samples written before it.
package final class PCMAudioStream {
  /// Samples per second.
  package let sampleRate: Int
  /// Interleaved channels per sample.
  package let channels: Int
  /// Samples (per channel) written so far.
  package private(set) var samplesWritten: Int64 = 0

  private let file: OutputFile
  private let stream: OutputFile.Stream
  private let packet: MediaPacket

  /// Adds a PCM stream of `channels` at `sampleRate` to `file` (not yet begun).
  package init(file: OutputFile, sampleRate: Int, channels: Int) throws(DualCamError) {
    guard sampleRate > 0, (1...8).contains(channels) else {
      throw .invalidArgument(
        "\(channels) channels at \(sampleRate) Hz is not a sound format",
        fix: "use 1 to 8 channels at a positive rate such as 48000")
    }
    guard let packet = MediaPacket() else {
      throw .encoderFailed("no memory for sound packets", fix: "close other programs")
    }
    stream = try file.addStream(packetTimeBase: AVRational(num: 1, den: Int32(sampleRate))) {
      parameters in
      parameters.pointee.codec_type = AVMEDIA_TYPE_AUDIO
      parameters.pointee.codec_id = AV_CODEC_ID_PCM_S16LE
      parameters.pointee.format = AV_SAMPLE_FMT_S16.rawValue
      parameters.pointee.sample_rate = Int32(sampleRate)
      av_channel_layout_default(&parameters.pointee.ch_layout, Int32(channels))
      parameters.pointee.bits_per_coded_sample = 16
      parameters.pointee.block_align = Int32(2 * channels)
      parameters.pointee.bit_rate = Int64(sampleRate * channels * 16)
    }
    self.file = file
    self.packet = packet
    self.sampleRate = sampleRate
    self.channels = channels
  }

  /// Writes `samples` (interleaved, a whole number of samples per channel) as the next packet.
  package func write(_ samples: UnsafeBufferPointer<Int16>) throws(DualCamError) {
    guard let base = samples.baseAddress, samples.count % channels == 0, !samples.isEmpty else {
      throw .invalidArgument(
        "\(samples.count) values are not whole samples of \(channels) channels", fix: "")
    }
    let count = Int64(samples.count / channels)
    let pointer = packet.pointer
    // No `buf`: the interleaving queue copies the bytes when it keeps the packet.
    pointer.pointee.data = UnsafeMutableRawPointer(mutating: base)
      .assumingMemoryBound(to: UInt8.self)
    pointer.pointee.size = Int32(samples.count * 2)
    pointer.pointee.pts = samplesWritten
    pointer.pointee.dts = samplesWritten
    pointer.pointee.duration = count
    pointer.pointee.flags = AV_PKT_FLAG_KEY
    try file.write(pointer, to: stream)
    samplesWritten += count
  }
}
