internal import CFFmpeg
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  import DualCamCore
#endif

/// What FFmpeg may print to the terminal, and the error lines DualCam keeps for its messages.
///
/// By default FFmpeg prints nothing: a recorder with a text UI cannot have libav writing over
/// the screen. Error lines are still collected (per thread) so that an error DualCam raises can
/// quote FFmpeg's reason, e.g. why x264 refused a setting.
public enum FFmpegLog {
  /// Message levels, most severe first (the `AV_LOG_*` values).
  public enum Level: Int32, Sendable, CaseIterable, Comparable {
    /// Print nothing (the default).
    case quiet = -8
    /// Only errors.
    case error = 16
    /// Errors and warnings.
    case warning = 24
    /// Also informational lines, as the `ffmpeg` tool prints them.
    case info = 32
    /// Everything, for debugging a codec.
    case debug = 48

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Lets FFmpeg print messages up to `level` to standard error.
  public static func setLevel(_ level: Level) {
    installIfNeeded()
    printLevel.store(level.rawValue, ordering: .relaxed)
    // libav skips building some messages below its own level; keep errors flowing to us.
    av_log_set_level(max(level.rawValue, AV_LOG_ERROR))
  }

  /// The level set with `setLevel` (`.quiet` unless changed).
  public static var level: Level {
    Level(rawValue: printLevel.load(ordering: .relaxed)) ?? .quiet
  }

  /// Installs the callback once; every Encoding entry point calls this before touching libav.
  package static func installIfNeeded() { _ = installation }

  /// The last error line FFmpeg logged on the calling thread, removed so it is reported once.
  package static func takeLastError() -> String? {
    let thread = UInt(pthread_self())
    return lastErrors.withLock { $0.removeValue(forKey: thread) }
  }

  /// Forgets the calling thread's last error line, after an error that was handled without
  /// raising one (a skipped damaged packet), so a later error does not quote it.
  package static func discardLastError() { _ = takeLastError() }

  // MARK: - Callback

  private static let installation: Void = {
    av_log_set_level(AV_LOG_ERROR)
    av_log_set_callback { context, level, format, arguments in
      let printing = level <= FFmpegLog.printLevel.load(ordering: .relaxed)
      guard printing || level <= AV_LOG_ERROR, let arguments else { return }
      withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer in
        guard let base = buffer.baseAddress else { return }
        var printPrefix: Int32 = 1
        av_log_format_line2(context, level, format, arguments, base, 1024, &printPrefix)
        if printing { _ = write(STDERR_FILENO, base, strlen(base)) }
        if level <= AV_LOG_ERROR {
          let line = String(cString: base).trimmingCharacters(in: .whitespacesAndNewlines)
          let thread = UInt(pthread_self())
          FFmpegLog.lastErrors.withLock { $0[thread] = line }
        }
      }
    }
  }()

  private static let printLevel = Atomic<Int32>(Level.quiet.rawValue)
  /// Keyed by thread so that three encoders failing at once each quote their own reason.
  private static let lastErrors = Locked<[UInt: String]>([:])
}
