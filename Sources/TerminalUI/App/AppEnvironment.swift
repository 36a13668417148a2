public import DualCamCore

/// What updates may ask of the world without changing it: checks that need the engine.
public struct AppEnvironment: Sendable {
  /// Nil when the recording settings can be used with the current sources, else why not.
  public var checkSettings: @Sendable (RecordingSettings) -> DualCamError?
  /// Nil when the layout can be drawn, else why not.
  public var checkLayout: @Sendable (LayoutSettings) -> DualCamError?

  /// Creates an environment.
  public init(
    checkSettings: @escaping @Sendable (RecordingSettings) -> DualCamError?,
    checkLayout: @escaping @Sendable (LayoutSettings) -> DualCamError?
  ) {
    self.checkSettings = checkSettings
    self.checkLayout = checkLayout
  }

  /// Accepts everything; for tests that are not about validation.
  public static let permissive = AppEnvironment(
    checkSettings: { _ in nil }, checkLayout: { _ in nil })
}
