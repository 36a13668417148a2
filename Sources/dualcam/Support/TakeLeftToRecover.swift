import Foundation

/// What to say of a take left unfinished because the user would not wait for its saving.
enum TakeLeftToRecover {
  /// `the take is left in …partial; `dualcam recover …partial` finishes it …`
  static func advice(for folder: URL) -> String {
    "the take is left in \(folder.path); `dualcam recover \(folder.path)` finishes it from its "
      + "files (as does the next `dualcam record` into \(folder.deletingLastPathComponent().path))"
  }
}
