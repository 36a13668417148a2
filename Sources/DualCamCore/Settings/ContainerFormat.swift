/// The file formats a take's three files are written in.
public enum ContainerFormat: String, Sendable, Hashable, Codable, CaseIterable {
  /// QuickTime MOV (the default): fragmented while recording, made whole at stop.
  case mov
  /// MP4 (ISO BMFF): like MOV, for players that insist on .mp4.
  case mp4
  /// Matroska: holds every codec, survives crashes by design.
  case mkv

  /// Parses a container name (`mov`, `mp4`, `mkv`, `matroska`, with or without a dot).
  public init(parsing text: String) throws(DualCamError) {
    var name = text.lowercased()
    if name.hasPrefix(".") { name.removeFirst() }
    switch name {
    case "mov", "quicktime": self = .mov
    case "mp4", "m4v": self = .mp4
    case "mkv", "matroska": self = .mkv
    default:
      throw .invalidArgument(
        "unknown container '\(text)'",
        fix: "choose one of: \(ContainerFormat.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  /// The file name extension, without the dot.
  public var fileExtension: String { rawValue }
}
