import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// The sound encoder alone: a tone encoded once and written into a file, counted and decoded.
@Suite struct AudioEncoderTests {
  /// `seconds` of a 1 kHz tone at half scale, interleaved stereo at 48 kHz.
  static func tone(seconds: Double, rate: Int = 48_000, channels: Int = 2) -> [Float] {
    let frames = Int(seconds * Double(rate))
    return (0..<frames).flatMap { index -> [Float] in
      let value = Float(sin(2 * Double.pi * 1_000 * Double(index) / Double(rate)) * 0.5)
      return [Float](repeating: value, count: channels)
    }
  }

  /// Encodes `samples` in blocks of `block` frames into a sound-only `container` file.
  static func encode(
    _ samples: [Float], codec: AudioCodec, container: ContainerFormat, block: Int, in folder: URL
  ) throws -> (encoder: AudioEncoder, url: URL) {
    let url = folder.appendingPathComponent("sound.\(container.fileExtension)")
    let encoder = try AudioEncoder(
      settings: AudioEncoderSettings(
        codec: codec, sampleRate: 48_000, channels: 2, bitsPerSecond: 128_000))
    let muxer = container == .mkv ? "matroska" : container.rawValue
    let file = try OutputFile(muxerName: muxer, url: url)
    let stream = try AudioTrack.addStream(for: encoder, to: file)
    var options: OpaquePointer? = nil
    try file.begin(options: &options, description: "sound")
    let track = try AudioTrack(encoder: encoder, destinations: [(file, stream)])
    try samples.withUnsafeBufferPointer { buffer in
      var done = 0
      while done < buffer.count / 2 {
        let count = min(block, buffer.count / 2 - done)
        try track.write(buffer.baseAddress! + done * 2, frames: count)
        done += count
      }
    }
    try track.finish()
    try file.close()
    #expect(track.framesWritten == Int64(samples.count / 2))
    return (encoder, url)
  }

  @Test(
    "a second of tone becomes whole codec frames with durations adding up to the second",
    arguments: [
      (AudioCodec.aac, ContainerFormat.mp4, 1_024), (.opus, .mkv, 960), (.pcm16, .mov, 1_024),
      (.pcm24, .mkv, 1_024),
    ])
  func packetsCoverTheSound(codec: AudioCodec, container: ContainerFormat, frameSize: Int)
    throws
  {
    let folder = TemporaryFolder()
    // Blocks of 700 frames: never a whole codec frame, so the encoder must cut them itself.
    let (encoder, url) = try Self.encode(
      Self.tone(seconds: 1), codec: codec, container: container, block: 700, in: folder.url)
    #expect(encoder.settings.codec == codec)
    #expect(encoder.frameSize == frameSize)
    // AAC's priming stands in for the first 1024 frames (`trimsPriming`).
    #expect(encoder.framesEncoded == 48_000 - (codec == .aac ? 1_024 : 0))
    let wholeFrames = (48_000 + frameSize - 1) / frameSize
    // Lossy codecs add their priming (encoder delay) as one or two more packets.
    #expect(encoder.packetsProduced >= Int64(wholeFrames))
    #expect(encoder.packetsProduced <= Int64(wholeFrames + 2))

    let decoded = try AudioTrackDecoder.decode(url)
    #expect(decoded.sampleRate == 48_000 && decoded.channels == 2)
    #expect(abs(decoded.startTime) < 0.001)
    // The decoded sound lasts the second (within one codec frame of padding at the end).
    #expect(decoded.duration >= 0.999)
    #expect(decoded.duration <= 1 + Double(frameSize) / 48_000 + 0.001)
    // And it is the tone: 2000 zero crossings a second, a level near 0.5/√2.
    let left = stride(from: 0, to: decoded.samples.count, by: 2).map { decoded.samples[$0] }
    let middle = left[4_800..<43_200]
    let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    #expect(abs(crossings - 1_600) <= 4)
    let rms = (middle.map { Double($0 * $0) }.reduce(0, +) / Double(middle.count)).squareRoot()
    #expect(abs(rms - 0.3536) < 0.02)
  }

  @Test func pcmIsExact() throws {
    let folder = TemporaryFolder()
    let tone = Self.tone(seconds: 0.5)
    let (_, url) = try Self.encode(
      tone, codec: .pcm16, container: .mkv, block: 333, in: folder.url)
    let decoded = try AudioTrackDecoder.decode(url)
    #expect(decoded.samples.count == tone.count)
    #expect(zip(decoded.samples, tone).allSatisfy { abs($0 - $1) <= 1.0 / 32_000 })
  }

  @Test(
    "a click is decoded at the time it was encoded, priming trimmed or marked",
    arguments: [
      (AudioCodec.aac, ContainerFormat.mov, true), (.aac, .mp4, true), (.aac, .mkv, true),
      (.opus, .mkv, false),
    ])
  func clickKeepsItsTime(codec: AudioCodec, container: ContainerFormat, trims: Bool) throws {
    let folder = TemporaryFolder()
    var samples = [Float](repeating: 0, count: 2 * 48_000)
    for frame in 24_000..<24_096 {
      samples[frame * 2] = 0.8
      samples[frame * 2 + 1] = 0.8
    }
    let url = folder.url.appendingPathComponent("click.\(container.fileExtension)")
    var settings = AudioEncoderSettings(
      codec: codec, sampleRate: 48_000, channels: 2, bitsPerSecond: 128_000)
    settings.trimsPriming = trims
    let encoder = try AudioEncoder(settings: settings)
    let file = try OutputFile(
      muxerName: container == .mkv ? "matroska" : container.rawValue, url: url)
    let stream = try AudioTrack.addStream(for: encoder, to: file)
    var options: OpaquePointer? = nil
    try file.begin(options: &options, description: "sound")
    let track = try AudioTrack(encoder: encoder, destinations: [(file, stream)])
    try samples.withUnsafeBufferPointer { try track.write($0.baseAddress!, frames: 48_000) }
    try track.finish()
    try file.close()
    let decoded = try AudioTrackDecoder.decode(url)
    let onset = try #require(
      (0..<decoded.frameCount).first { decoded.samples[$0 * decoded.channels] > 0.4 })
    let time = decoded.startTime + Double(onset) / 48_000
    #expect(abs(time - 0.5) < 0.001, "click at \(time) s")
  }

  @Test func unsupportedSoundIsAClearError() throws {
    #expect(throws: DualCamError.self) {
      _ = try AudioEncoder(
        settings: AudioEncoderSettings(
          codec: .opus, sampleRate: 44_100, channels: 2, bitsPerSecond: 128_000))
    }
  }
}
