internal import CALSA
public import DualCamCore

/// Capture volumes through libasound's simple mixer API (`snd_mixer_selem_*`).
///
/// Each call opens the card's mixer, reads or sets one control and closes it again: the sound
/// menu changes a gain a few times a minute at most, and a mixer held open would go stale when
/// the card is unplugged.
public struct LibASoundMixer: ALSAMixerSystem {
  /// Controls tried first, in order; any other control with a capture volume comes after.
  static let preferredControls = ["Capture", "Mic", "Internal Mic", "Mic Boost", "Digital"]

  /// Creates the mixer interface; libasound's own messages on stderr are turned off.
  public init() { calsa_quiet_errors() }

  public func captureVolume(device: String) -> CaptureVolume? {
    guard let name = ALSAMixerName.forCapture(device) else { return nil }
    return MixerHandle.withCaptureElement(of: name) { Self.reading($0) }
  }

  public func setCaptureVolume(device: String, percent: Int) throws(DualCamError)
    -> CaptureVolume
  {
    let clamped = min(max(percent, 0), 100)
    let outcome = ALSAMixerName.forCapture(device).flatMap { name in
      MixerHandle.withCaptureElement(of: name) { element -> Result<CaptureVolume, DualCamError> in
        var minimum = 0
        var maximum = 0
        snd_mixer_selem_get_capture_volume_range(element, &minimum, &maximum)
        let value = minimum + (maximum - minimum) * clamped / 100
        let result = snd_mixer_selem_set_capture_volume_all(element, value)
        guard result >= 0 else {
          let reason = String(cString: snd_strerror(result))
          return .failure(
            .invalidArgument(
              "the capture volume of \(device) could not be set: \(reason)",
              fix: "check the card in alsamixer"))
        }
        return .success(Self.reading(element))
      }
    }
    switch outcome {
    case .success(let volume): return volume
    case .failure(let error): throw error
    case nil:
      throw .invalidArgument(
        "the sound input \(device) has no mixer control for its capture volume",
        fix: "set the level in the system's sound settings (or alsamixer)")
    }
  }

  private static func reading(_ element: OpaquePointer) -> CaptureVolume {
    var minimum = 0
    var maximum = 0
    var value = 0
    snd_mixer_selem_get_capture_volume_range(element, &minimum, &maximum)
    snd_mixer_selem_get_capture_volume(element, SND_MIXER_SCHN_FRONT_LEFT, &value)
    let span = max(maximum - minimum, 1)
    let percent = Int((Double(value - minimum) * 100 / Double(span)).rounded())
    let name = snd_mixer_selem_get_name(element).map { String(cString: $0) } ?? "Capture"
    return CaptureVolume(control: name, percent: min(max(percent, 0), 100))
  }
}

/// An open, loaded simple mixer, for the length of one call: it is closed before the call
/// returns, so its elements never outlive it.
private enum MixerHandle {
  /// Runs `body` on the capture volume element of mixer `name` (`hw:1`, `default`); nil when
  /// the mixer cannot be opened or has no such element.
  static func withCaptureElement<T>(of name: String, _ body: (OpaquePointer) -> T) -> T? {
    var opened: OpaquePointer?
    guard snd_mixer_open(&opened, 0) >= 0, let handle = opened else { return nil }
    defer { snd_mixer_close(handle) }
    guard snd_mixer_attach(handle, name) >= 0, snd_mixer_selem_register(handle, nil, nil) >= 0,
      snd_mixer_load(handle) >= 0, let element = captureElement(handle)
    else { return nil }
    return body(element)
  }

  /// The active element with a capture volume, the preferred names first.
  private static func captureElement(_ handle: OpaquePointer) -> OpaquePointer? {
    var candidates: [(name: String, element: OpaquePointer)] = []
    var element = snd_mixer_first_elem(handle)
    while let current = element {
      if snd_mixer_selem_is_active(current) != 0,
        snd_mixer_selem_has_capture_volume(current) != 0
      {
        let name = snd_mixer_selem_get_name(current).map { String(cString: $0) } ?? ""
        candidates.append((name, current))
      }
      element = snd_mixer_elem_next(current)
    }
    let preferred = LibASoundMixer.preferredControls
    return candidates.min { first, second in
      (preferred.firstIndex(of: first.name) ?? preferred.count)
        < (preferred.firstIndex(of: second.name) ?? preferred.count)
    }?.element
  }
}
