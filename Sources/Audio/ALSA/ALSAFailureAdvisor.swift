import DualCamCore

/// Turns what libasound said into a message a user can act on.
struct ALSAFailureAdvisor: Sendable {
  /// The device name as the user gave it.
  let device: String

  private var listHint: String {
    "see the inputs with `dualcam devices`; names look like default, hw:1,0 or plughw:CARD=Mic"
  }

  /// A failure to open the device.
  func openFailed(_ error: ALSACallError) -> DualCamError {
    switch error.code {
    case ALSAErrno.busy:
      return .sourceUnavailable(
        "sound device '\(device)' is busy: another program is recording from it",
        fix: "close that program, or record through 'default' (PipeWire/PulseAudio share it)")
    case ALSAErrno.noEntry, ALSAErrno.noDevice, ALSAErrno.noDeviceOrAddress, ALSAErrno.invalid:
      return .sourceUnavailable(
        "there is no sound capture device '\(device)'\(Self.detail(error))", fix: listHint)
    default:
      return .sourceUnavailable(
        "sound device '\(device)' could not be opened\(Self.detail(error))", fix: listHint)
    }
  }

  /// A failure to set the format; `offered` is what the device reported, when it could.
  func configureFailed(
    _ error: ALSACallError, wanted: AudioFormat, offered: ALSACapabilities?
  ) -> DualCamError {
    if error.isDisconnect { return openFailed(error) }
    let convert = "or use plughw:… instead of hw:…, which converts"
    if error.operation.hasSuffix("set_format"), let offered {
      let names = offered.sampleFormats.map(\.rawValue).joined(separator: ", ")
      return .sourceUnavailable(
        "sound device '\(device)' cannot capture \(wanted.sampleFormat.rawValue) samples; "
          + "it offers \(names.isEmpty ? "none DualCam reads" : names)",
        fix: "choose one of those, \(convert)")
    }
    if error.operation.hasSuffix("set_channels"), let offered {
      return .sourceUnavailable(
        "sound device '\(device)' cannot record \(wanted.channels) channel"
          + "\(wanted.channels == 1 ? "" : "s"); it records \(Self.range(offered.channels))",
        fix: "use --audio-channels \(offered.channels.lowerBound), \(convert)")
    }
    if error.operation.hasSuffix("set_rate_near"), let offered {
      return unsupportedRate(wanted.sampleRate, offered: offered.rates)
    }
    return .sourceUnavailable(
      "sound device '\(device)' refused \(wanted)\(Self.detail(error))",
      fix: "try --audio-rate 48000 --audio-channels 2, \(convert)")
  }

  /// The device granted another rate than the one asked for.
  func unsupportedRate(_ rate: Int, offered: ClosedRange<Int>) -> DualCamError {
    .sourceUnavailable(
      "sound device '\(device)' cannot record at \(rate) Hz; it offers \(Self.range(offered)) Hz",
      fix: "use --audio-rate \(Self.suggestedRate(in: offered)), "
        + "or use plughw:… instead of hw:…, which converts")
  }

  private static func detail(_ error: ALSACallError) -> String {
    error.message.isEmpty ? "" : " (\(error.message))"
  }

  private static func range(_ range: ClosedRange<Int>) -> String {
    range.lowerBound == range.upperBound
      ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
  }

  /// 48000 or 44100 when offered, else the nearest end of the range.
  private static func suggestedRate(in range: ClosedRange<Int>) -> Int {
    for common in [48_000, 44_100] where range.contains(common) { return common }
    return range.upperBound < 48_000 ? range.upperBound : range.lowerBound
  }
}
