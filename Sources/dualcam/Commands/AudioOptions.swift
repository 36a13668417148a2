import ArgumentParser
import DualCamCore

/// Flags that choose a take's sound: the input, its format and the codec.
struct AudioOptions: ParsableArguments {
  @Option(
    name: .customLong("audio"),
    help: """
      Sound input: none, default, hw:CARD,DEV, plughw:CARD,DEV, synthetic, file (the sound \
      of a file: camera), or auto (default: a file camera's sound when no camera is live, else \
      the system's default input if one exists, else none).
      """)
  var input: String?

  @Option(
    name: .customLong("audio2"),
    help: "A second sound input (a device or synthetic), e.g. a second microphone.")
  var input2: String?

  @Option(
    name: .customLong("audio-mix"),
    help: """
      With --audio2: tracks (default: each input its own sound track in every file) or mix \
      (both in one track).
      """)
  var arrangement: String?

  @Option(name: .customLong("audio-rate"), help: "Sound samples per second (default 48000).")
  var rate: Int?

  @Option(name: .customLong("audio-channels"), help: "Sound channels: 1 or 2 (default 2).")
  var channels: Int?

  @Option(
    name: .customLong("audio-bitrate"), help: "AAC/Opus bitrate: 128k (default), 256k, 320k.")
  var bitrate: String?

  @Option(
    name: .customLong("audio-codec"),
    help: """
      Sound codec: aac (MOV/MP4 default), opus (MKV only, its default), pcm or pcm24 \
      (lossless, MOV/MKV; the default for --codec ffv1 there).
      """)
  var codec: String?

  /// `base` with these flags applied (not yet checked against the container).
  func settings(over base: AudioSettings) throws(DualCamError) -> AudioSettings {
    var settings = base
    if let input { settings.input = try AudioInput(parsing: input) }
    if let input2 { settings.input2 = try AudioInput(parsing: input2) }
    if let arrangement { settings.arrangement = try AudioArrangement(parsing: arrangement) }
    if let rate { settings.sampleRate = rate }
    if let channels { settings.channels = channels }
    if let bitrate { settings.bitrate = try AudioBitrate(parsing: bitrate) }
    if let codec {
      settings.codec = codec.lowercased() == "auto" ? nil : try AudioCodec(parsing: codec)
    }
    return settings
  }
}
