import DualCamCore
import Foundation

/// Where the command line writes: results to stdout, everything else to stderr.
enum Console {
  /// Whether stderr is a terminal (progress lines redraw in place only there).
  static let isInteractive = isatty(STDERR_FILENO) == 1

  /// A status line for the user, on stderr; control characters in it (a newline in a path)
  /// are escaped so that it stays one line.
  static func status(_ text: String) {
    FileHandle.standardError.write(Data("dualcam: \(text.escapingControlCharacters)\n".utf8))
  }

  /// Raw text on stderr.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// `1.2 MB`, `340 KB`, `3.4 GB`.
  static func bytes(_ count: Int64) -> String { ByteCountText.decimal(count) }

  /// `HH:MM:SS` (`--:--:--` for a duration that cannot be, as a damaged take may say).
  static func clock(_ seconds: Double) -> String { ClockText.hoursMinutesSeconds(seconds) }
}

/// Prints a `DualCamError` as an error line and a hint line.
enum ErrorReporter {
  static func report(_ error: DualCamError) {
    Console.writeError("error: \(error.problem.escapingControlCharacters)\n")
    if !error.fix.isEmpty { Console.writeError("hint: \(error.fix.escapingControlCharacters)\n") }
  }
}
