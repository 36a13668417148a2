/// Which of the two cameras: front (on top by default) or back.
public enum CameraPosition: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible
{
  /// The first camera; its file is `front_<timestamp>`.
  case front = 0
  /// The second camera; its file is `back_<timestamp>`.
  case back = 1

  public var description: String { self == .front ? "front" : "back" }
}
