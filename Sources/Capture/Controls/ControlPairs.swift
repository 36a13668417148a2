/// The auto/manual control pairs users think of as one setting: turning the manual value means
/// "stop doing it automatically".
public enum ControlPairs {
  /// An automatic control and the manual control it overrides.
  public struct Pair: Sendable, Equatable {
    /// The automatic control's id (e.g. auto exposure).
    public var auto: UInt32
    /// The manual control's id (e.g. exposure time).
    public var manual: UInt32
    /// The values of `auto` under which `manual` takes effect, preferred first.
    public var manualValues: [Int64]
  }

  // Kernel control ids (a fixed ABI, from linux/v4l2-controls.h).
  /// V4L2_CID_EXPOSURE_AUTO: a menu, 0 auto, 1 manual, 2 shutter priority, 3 aperture priority.
  public static let exposureAuto: UInt32 = 0x009a_0901
  public static let exposureAbsolute: UInt32 = 0x009a_0902
  public static let whiteBalanceAuto: UInt32 = 0x0098_090c
  public static let whiteBalanceTemperature: UInt32 = 0x0098_091a
  public static let focusAuto: UInt32 = 0x009a_090c
  public static let focusAbsolute: UInt32 = 0x009a_090a
  public static let gainAuto: UInt32 = 0x0098_0912
  public static let gain: UInt32 = 0x0098_0913
  /// V4L2_CID_ZOOM_ABSOLUTE: optical/hardware zoom.
  public static let zoomAbsolute: UInt32 = 0x009a_090d

  /// Every pair DualCam knows.
  public static let all: [Pair] = [
    // Exposure time applies in manual (1) and shutter-priority (2) mode.
    Pair(auto: exposureAuto, manual: exposureAbsolute, manualValues: [1, 2]),
    Pair(auto: whiteBalanceAuto, manual: whiteBalanceTemperature, manualValues: [0]),
    Pair(auto: focusAuto, manual: focusAbsolute, manualValues: [0]),
    Pair(auto: gainAuto, manual: gain, manualValues: [0]),
  ]

  /// The pair in which `id` is the manual control.
  public static func pair(forManual id: UInt32) -> Pair? { all.first { $0.manual == id } }

  /// Whether `id` is the automatic half of a pair (applied before its partner).
  public static func isAuto(_ id: UInt32) -> Bool { all.contains { $0.auto == id } }
}
