import DualCamCore
import Foundation

/// Ends a take one of whose files failed to write (the disk full beyond the take's reserve, a
/// file deleted or a disk error): its three files are cut to the frames they all hold, as
/// recovery does, so the take keeps a finished take's promise (output frame k is in every file
/// or in none), and the user is told what was saved and where.
///
/// Before, such a take was left in its `.partial` folder with files that disagreed, and the
/// user had to run `dualcam recover`. Recovery runs here at once; when it cannot (no file
/// plays, no room to cut), the take stays as it was and the hint still names `dualcam recover`.
enum FailedTakeEnding {
  /// Cuts the take in `partial` (its lock released) and returns the error `record` ends with:
  /// the write's own problem first, then what was saved, then the metadata's own failure.
  /// With `cut` false (a failure other than a full disk, whose cause may still be at work: a
  /// deleted file, a failing device), the take is left for `dualcam recover`.
  static func end(
    _ partial: URL, error failure: DualCamError, metadataProblem: DualCamError?, cut: Bool
  ) -> DualCamError {
    let also = metadataProblem.map { "; \($0.problem)" } ?? ""
    let dropFix = failure.fix.isEmpty || failure.fix.contains("dualcam recover")  // said below
    do {
      guard cut else { throw DualCamError.writeFailed("not cut", fix: "") }
      let outcome = try TakeRecovery.recover(partial)
      let playing = outcome.playableFiles.count
      let scope = playing == outcome.files.count ? "its files" : "\(playing) of its files"
      return .writeFailed(
        "\(failure.problem); the take was cut to the \(outcome.frames) frames \(scope) all hold "
          + "and saved in \(outcome.folder.path)\(also)",
        fix: dropFix ? "" : failure.fix)
    } catch {
      return .writeFailed(
        "\(failure.problem); the take so far is kept in \(partial.path)\(also)",
        fix: (dropFix ? "" : "\(failure.fix); then ")
          + "run `dualcam recover` to cut its files to the frames they share")
    }
  }
}
