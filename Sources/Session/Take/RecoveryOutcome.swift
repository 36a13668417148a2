public import DualCamCore
public import Foundation

extension TakeRecovery {
  /// What recovering one take produced: the folder, the frames every kept file now holds, and
  /// for each of the three outputs what was found and done.
  public struct Outcome: Sendable {
    /// The recovered take's folder.
    public var folder: URL
    /// Frames in each file that plays (the same in all of them).
    public var frames: Int64
    /// The three outputs, `dualview`, `front`, `back`, in that order.
    public var files: [FileOutcome]
    /// What happened to `metadata.json`.
    public var metadata: MetadataOutcome
    /// Anything else that was done (temporary files removed), in words for the user.
    public var notes: [String]

    /// The files that play after recovery.
    public var playableFiles: [FileOutcome] { files.filter(\.plays) }

    /// One line for the take, then one per file and note, for the user.
    public var lines: [String] {
      let count = playableFiles.count
      let scope = count == files.count ? "" : " in \(count) of \(files.count) files"
      return ["recovered \(folder.path) (\(frames) frames\(scope))"]
        + files.map { "  \($0.sentence)" } + ["  \(metadata.sentence)"] + notes.map { "  \($0)" }
    }
  }

  /// One output file of a recovered take.
  public struct FileOutcome: Sendable, Equatable {
    /// `dualview`, `front` or `back`.
    public var output: String
    /// The file's name in the take folder; nil when none was found.
    public var file: String?
    /// What was found and done.
    public var state: State

    /// What recovery found and did with a file.
    public enum State: Sendable, Equatable {
      /// It plays and keeps all its frames.
      case kept(frames: Int64)
      /// It plays, cut to the frames every playable file has.
      case cut(from: Int64, to: Int64)
      /// It plays but holds more frames than the others: it could not be cut (`reason`).
      case notCut(frames: Int64, reason: String)
      /// No file for this output.
      case missing
      /// It does not decode (empty, garbage, no complete frame): left as it was.
      case unreadable(String)
      /// Not a regular file (a link, FIFO, device): not opened, left alone.
      case refused(String)
    }

    /// True when the file plays after recovery.
    public var plays: Bool {
      switch state {
      case .kept, .cut, .notCut: true
      case .missing, .unreadable, .refused: false
      }
    }

    /// The file's line in the report.
    public var sentence: String {
      let name = file.map { "\(output) (\($0))" } ?? output
      switch state {
      case .kept(let frames): return "\(name): \(frames) frames, kept whole"
      case .cut(let from, let to): return "\(name): cut from \(from) to \(to) frames to match"
      case .notCut(let frames, let reason):
        return "\(name): holds \(frames) frames, more than the others: it could not be cut "
          + "(\(reason)); left as it was"
      case .missing: return "\(output): missing, no file for it in the folder"
      case .unreadable(let reason): return "\(name): does not play (\(reason)); left as it was"
      case .refused(let reason): return "\(name): \(reason); left alone"
      }
    }
  }

  /// What recovery did with `metadata.json`.
  public enum MetadataOutcome: Sendable, Equatable {
    /// It was read and updated with what the files now hold.
    case updated
    /// It was missing and was rebuilt from the files.
    case rebuiltMissing
    /// It could not be used (`reason`); it was renamed `setAsideAs` and rebuilt from the files.
    case rebuilt(reason: String, setAsideAs: String?)

    /// Its line in the report.
    public var sentence: String {
      switch self {
      case .updated:
        return "metadata.json: updated with what the files hold, marked recovered"
      case .rebuiltMissing:
        return "metadata.json: was missing; rebuilt from the files (settings and counters of "
          + "the take are unknown), marked recovered"
      case .rebuilt(let reason, let setAside):
        let kept = setAside.map { "set aside as \($0) and " } ?? "left as it was and "
        return "metadata.json: could not be used (\(reason)); \(kept)rebuilt from the files, "
          + "marked recovered"
      }
    }
  }

  /// What recovering every interrupted take in a folder produced: one entry per take, in name
  /// order. The same report for `record`, `recover` and the interface.
  public struct Report: Sendable {
    /// One interrupted take and what became of it.
    public enum Entry: Sendable {
      case recovered(Outcome)
      case failed(folder: URL, error: DualCamError)
    }

    /// The takes, in name order.
    public var entries: [Entry] = []

    /// The recovered takes.
    public var recovered: [Outcome] {
      entries.compactMap { if case .recovered(let outcome) = $0 { outcome } else { nil } }
    }

    /// The takes that could not be recovered, with why.
    public var failures: [(folder: URL, error: DualCamError)] {
      entries.compactMap {
        if case .failed(let folder, let error) = $0 { (folder, error) } else { nil }
      }
    }

    /// True when there was nothing to recover.
    public var isEmpty: Bool { entries.isEmpty }
  }
}
