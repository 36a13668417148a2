public import DualCamCore

/// The capture volume of a sound input, through ALSA's simple mixer: the one place DualCam reads
/// and sets a microphone's gain.
///
/// The real implementation (`LibASoundMixer`) goes through libasound; tests substitute a fake
/// mixer, so the sound menu's gain row is exercised without a sound card.
public protocol ALSAMixerSystem: Sendable {
  /// The capture volume control of the card behind PCM `device` (`default`, `hw:1,0`); nil when
  /// it has none (a PulseAudio or PipeWire `default`, a card without a capture volume).
  func captureVolume(device: String) -> CaptureVolume?
  /// Sets that control to `percent` of its range (0–100) on every channel; returns the reading
  /// afterwards.
  func setCaptureVolume(device: String, percent: Int) throws(DualCamError) -> CaptureVolume
}

/// A capture volume control and where it stands.
public struct CaptureVolume: Sendable, Equatable {
  /// The control's name (`Capture`, `Mic`).
  public var control: String
  /// Where it stands, in percent of its range.
  public var percent: Int

  /// Creates a reading.
  public init(control: String, percent: Int) {
    self.control = control
    self.percent = percent
  }
}

/// Which mixer serves a capture PCM.
public enum ALSAMixerName {
  /// The mixer (`hw:1`, `hw:CARD=Mic`, `default`) of PCM `device` (`plughw:1,0`,
  /// `hw:CARD=Mic,DEV=0`, `default`); nil for names that name no card (`pulse`, `synthetic`).
  public static func forCapture(_ device: String) -> String? {
    if device == "default" || device == "sysdefault" { return "default" }
    for prefix in ["plughw:", "hw:", "sysdefault:", "dsnoop:"] where device.hasPrefix(prefix) {
      let rest = device.dropFirst(prefix.count)
      // `CARD,DEV` or `CARD=Name,DEV=0`: the card is the part before the first comma.
      let card = rest.split(separator: ",", maxSplits: 1).first.map(String.init) ?? ""
      guard !card.isEmpty else { return nil }
      return "hw:\(card)"
    }
    return nil
  }
}
