/// Everything that can go wrong in DualCam, each with words a user can act on.
///
/// Every case carries the problem and, where there is one, the fix. The command line prints
/// `error: <problem>` and `hint: <fix>` and exits with `exitCode`.
public enum DualCamError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A flag, option value or setting that cannot be used as given.
  case invalidArgument(String, fix: String)
  /// A camera source that cannot be opened or read.
  case sourceUnavailable(String, fix: String)
  /// The output folder or a file in it cannot be created or written.
  case outputUnavailable(String, fix: String)
  /// The disk filled up or a write failed while recording.
  case writeFailed(String, fix: String)
  /// An encoder or muxer refused the settings or failed.
  case encoderFailed(String, fix: String)
  /// A recorded file could not be read back (corrupt, truncated, not a video).
  case unreadableMedia(String, fix: String)

  /// The one-line problem statement.
  public var problem: String {
    switch self {
    case .invalidArgument(let text, _), .sourceUnavailable(let text, _),
      .outputUnavailable(let text, _), .writeFailed(let text, _), .encoderFailed(let text, _),
      .unreadableMedia(let text, _):
      text
    }
  }

  /// What the user can do about it.
  public var fix: String {
    switch self {
    case .invalidArgument(_, let fix), .sourceUnavailable(_, let fix),
      .outputUnavailable(_, let fix), .writeFailed(_, let fix), .encoderFailed(_, let fix),
      .unreadableMedia(_, let fix):
      fix
    }
  }

  /// The process exit status for this error (sysexits.h values, documented in the user guide).
  public var exitCode: Int32 {
    switch self {
    case .invalidArgument: 64  // EX_USAGE
    case .sourceUnavailable: 66  // EX_NOINPUT
    case .unreadableMedia: 65  // EX_DATAERR
    case .outputUnavailable: 73  // EX_CANTCREAT
    case .writeFailed: 74  // EX_IOERR
    case .encoderFailed: 70  // EX_SOFTWARE
    }
  }

  public var description: String { fix.isEmpty ? problem : "\(problem) (\(fix))" }
}
