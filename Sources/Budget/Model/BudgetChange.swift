public import DualCamCore

/// One change to the settings that lowers the budget's cost, in the order the design gives:
/// camera format first (it costs nothing in the pictures), then encoder preset, frame rate,
/// and resolution last.
public struct BudgetChange: Sendable, Hashable, Codable {
  /// What is changed.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The cameras' format on the wire (MJPEG instead of YUYV): less USB bandwidth, more CPU.
    case cameraFormat = "camera-format"
    /// The x264/x265 preset: a faster one costs less CPU and gives larger files.
    case preset
    /// The frame rate of cameras and outputs.
    case frameRate = "frame-rate"
    /// The cameras' frame size (and so the outputs').
    case size

    /// The setting in words: `camera format`, `preset`, `frame rate`, `size`.
    public var label: String {
      switch self {
      case .cameraFormat: "camera format"
      case .preset: "preset"
      case .frameRate: "frame rate"
      case .size: "size"
      }
    }
  }

  /// What is changed.
  public var kind: Kind
  /// The value before, as a user would type it (`yuyv`, `medium`, `60`, `1920x1080`).
  public var from: String
  /// The value after, likewise (`mjpeg`, `ultrafast`, `30`, `1280x720`).
  public var to: String

  /// Creates a change.
  public init(kind: Kind, from: String, to: String) {
    self.kind = kind
    self.from = from
    self.to = to
  }

  /// `camera format MJPEG instead of YUYV`, `preset ultrafast instead of medium`.
  public var summary: String {
    switch kind {
    case .cameraFormat: "camera format \(to.uppercased()) instead of \(from.uppercased())"
    case .preset: "preset \(to) instead of \(from)"
    case .frameRate: "frame rate \(to) fps instead of \(from)"
    case .size: "size \(to) instead of \(from)"
    }
  }

  /// The settings with this change made (the camera format lives in the sources, not here).
  public func applied(to settings: RecordingSettings) throws(DualCamError) -> RecordingSettings {
    var changed = settings
    switch kind {
    case .cameraFormat: break
    case .preset: changed.preset = to
    case .frameRate: changed.frameRate = try FrameRate(parsing: to)
    case .size: changed.size = try ImageSize(parsing: to).validatedForVideo()
    }
    return changed
  }

  /// The inputs with this change made: settings and sources. A camera whose format, rate or
  /// size changes no longer has the reservation read from sysfs; the model estimates it.
  public func applied(to inputs: BudgetInputs) throws(DualCamError) -> BudgetInputs {
    var changed = inputs
    changed.settings = try applied(to: inputs.settings)
    for index in changed.sources.indices {
      var source = changed.sources[index]
      switch kind {
      case .cameraFormat:
        guard source.format.rawValue == from, source.offersMJPEG else { continue }
        source.format = WireFormat(rawValue: to) ?? source.format
      case .preset: continue
      case .frameRate: source.frameRate = changed.settings.frameRate
      case .size: source.size = changed.settings.size
      }
      source.usb?.reservedBytesPerInterval = nil
      changed.sources[index] = source
    }
    return changed
  }
}
