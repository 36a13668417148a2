public import DualCamCore
public import Foundation
import Media

/// Finishes takes that a crash, a kill or a power cut left as `.partial` folders.
///
/// Each file is rewritten into a plain seekable file up to its last complete fragment, then the
/// files that play are cut to the frames every one of them has, so the recovered take keeps the
/// promise of a finished one: output frame k exists in all its files or in none. A file that
/// does not play is named in the outcome and left as it was; a take where no file plays is not
/// recovered at all. `metadata.json` is updated with what the files now hold and marked
/// `recovered`, or, when it cannot be read, set aside and rebuilt from the files.
///
/// Everything happens inside the output folder: the take folder and its files are reached
/// through a descriptor (`ConfinedFolder`), never through a symbolic link.
public enum TakeRecovery {
  /// `.partial` take folders in `root` that no running recorder holds.
  public static func interruptedTakes(in root: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().filter { $0.hasSuffix(TakeFolder.partialSuffix) }
      .map { root.appendingPathComponent($0) }
      .filter { !isHeld($0) }
  }

  /// Recovers every interrupted take in `root`: what `record`, `recover` and the interface do
  /// before they start. A take that cannot be recovered is reported and left as it is.
  public static func recoverAll(in root: URL) -> Report {
    recover(interruptedTakes(in: root))
  }

  /// Recovers each of `partials` (`.partial` folders) in turn; one failing stops none of the
  /// others.
  public static func recover(_ partials: [URL]) -> Report {
    var report = Report()
    for partial in partials {
      do {
        report.entries.append(.recovered(try recover(partial)))
      } catch {
        report.entries.append(.failed(folder: partial, error: error))
      }
    }
    return report
  }

  /// Recovers the take in `partial` (a `.partial` folder).
  public static func recover(_ partial: URL) throws(DualCamError) -> Outcome {
    let name = partial.lastPathComponent
    guard name.hasSuffix(TakeFolder.partialSuffix) else {
      throw .invalidArgument(
        "\(partial.path) is not an interrupted take (its name does not end in .partial)",
        fix: "give a folder named like 2026-11-23_10-42-07.partial")
    }
    let root = try ConfinedFolder(opening: partial.deletingLastPathComponent())
    let folder = try ConfinedFolder(named: name, in: root)
    guard !isHeld(folder) else {
      throw .invalidArgument(
        "\(name) is still being recorded by a running dualcam", fix: "stop that recording first")
    }
    // The room a killed take had set aside for a full disk goes back first; it is no file of
    // the user's, so it is not reported.
    folder.unlinkRegularFile(TakeSpaceReserve.fileName)
    var notes = removeLeftovers(in: folder)
    let read = RecoveredMetadata.read(in: folder)
    var files = outputs(in: folder, metadata: read.metadata).map { inspect($0, in: folder) }
    let playing = files.compactMap { file in file.frames.map { (file.outcome.output, $0) } }
    guard let common = playing.map(\.1).min() else {
      throw .unreadableMedia(
        "nothing to recover in \(name): no file holds a complete frame ("
          + files.map(\.outcome.sentence).joined(separator: "; ") + ")",
        fix: "the folder is left as it is; delete it if the take is not needed")
    }
    for index in files.indices {
      guard let frames = files[index].frames, frames > common, let file = files[index].outcome.file
      else { continue }
      files[index].outcome.state = cut(file, from: frames, to: common, in: folder)
    }
    let outcomes = files.map(\.outcome)
    var metadataOutcome = read.outcome
    var metadata = RecoveredMetadata.update(
      read.metadata, folderName: name, files: outcomes, frames: common, folder: folder)
    if read.metadata != nil, outcomes.contains(where: { !$0.plays }) {
      // Counters were kept but files are missing or broken: say so in the file too.
      metadata.errors.append(contentsOf: outcomes.filter { !$0.plays }.map(\.sentence))
    }
    if read.metadata == nil {
      metadataOutcome = setAsideUnusableMetadata(read.outcome, in: folder)
      metadata.errors.append(metadataOutcome.sentence)
      metadata.errors.append(contentsOf: outcomes.map(\.sentence))
    }
    let lock = folder.kind(of: TakeLock.fileName)
    if case .regularFile = lock {
      folder.unlinkRegularFile(TakeLock.fileName)
    } else if lock != .missing, let refusal = lock.refusal {
      notes.append("\(TakeLock.fileName) \(refusal); left alone")
    }
    metadata.errors.append(contentsOf: notes)
    try folder.writeAtomically(try encoded(metadata), to: "metadata.json")
    let finalName = try rename(name, in: root)
    return Outcome(
      folder: root.url.appendingPathComponent(finalName), frames: common, files: outcomes,
      metadata: metadataOutcome, notes: notes)
  }

  // MARK: - Files

  /// An output's file as found, and its frame count once made seekable (nil: it does not play).
  private struct Inspected {
    var outcome: FileOutcome
    var frames: Int64?
  }

  /// The take's video files by output name: from the metadata, else by their name prefix.
  private static func outputs(in folder: ConfinedFolder, metadata: TakeMetadata?) -> [FileOutcome] {
    let present = folder.names()
    return ["dualview", "front", "back"].map { output in
      let named = metadata?.outputs[output]?.file
      // A name from the metadata is one name in this folder, never a path out of it.
      if let named, isPlainName(named), folder.kind(of: named) != .missing {
        return FileOutcome(output: output, file: named, state: .missing)
      }
      let found = present.first { candidate in
        candidate.hasPrefix("\(output)_")
          && [".mov", ".mp4", ".mkv"].contains { candidate.hasSuffix($0) }
      }
      return FileOutcome(output: output, file: found, state: .missing)
    }
  }

  /// Makes `found`'s file seekable and counts its frames; says why when it does not play.
  private static func inspect(_ found: FileOutcome, in folder: ConfinedFolder) -> Inspected {
    var outcome = found
    guard let file = found.file else { return Inspected(outcome: outcome, frames: nil) }
    let kind = folder.kind(of: file)
    guard case .regularFile(let bytes) = kind else {
      outcome.state = .refused(kind.refusal ?? "is a folder, not a file")
      return Inspected(outcome: outcome, frames: nil)
    }
    guard bytes > 0 else {
      outcome.state = .unreadable("it is empty")
      return Inspected(outcome: outcome, frames: nil)
    }
    // A file that cannot be rewritten may still play as it is; the probe decides, and its
    // words say why a file does not.
    _ = try? FileFinalizer.makeSeekable(named: file, inFolder: folder.descriptor)
    let frames: Int64
    do {
      frames = Int64(try MediaProbe.inspect(folder.libraryPath(of: file)).frameCount)
    } catch {
      outcome.state = .unreadable(error.problem)
      return Inspected(outcome: outcome, frames: nil)
    }
    guard frames > 0 else {
      outcome.state = .unreadable(
        "it holds no complete frame: the take was interrupted before its first fragment was "
          + "written")
      return Inspected(outcome: outcome, frames: nil)
    }
    outcome.state = .kept(frames: frames)
    return Inspected(outcome: outcome, frames: frames)
  }

  /// Cuts `file` to its first `common` frames and says what it holds afterwards.
  private static func cut(
    _ file: String, from frames: Int64, to common: Int64, in folder: ConfinedFolder
  ) -> FileOutcome.State {
    do {
      try FileFinalizer.makeSeekable(
        named: file, inFolder: folder.descriptor, keepingFrames: common)
      let now = Int64(try MediaProbe.inspect(folder.libraryPath(of: file)).frameCount)
      return .cut(from: frames, to: now)
    } catch {
      return .notCut(frames: frames, reason: error.problem)
    }
  }

  /// Removes the temporary files of a finish or recovery that was itself interrupted.
  private static func removeLeftovers(in folder: ConfinedFolder) -> [String] {
    folder.names().filter { name in
      (FileFinalizer.isLeftoverTemporary(name) || name.hasPrefix(".metadata.json.new-"))
        && folder.unlinkRegularFile(name)
    }.map { "removed \($0), a temporary file left by an interrupted finish" }
  }

  // MARK: - Metadata

  /// Renames a `metadata.json` that could not be used, so nothing is lost.
  private static func setAsideUnusableMetadata(
    _ outcome: MetadataOutcome, in folder: ConfinedFolder
  ) -> MetadataOutcome {
    guard case .rebuilt(let reason, _) = outcome else { return outcome }
    for attempt in 1...99 {
      let name = attempt == 1 ? "metadata.unreadable.json" : "metadata.unreadable-\(attempt).json"
      if folder.rename("metadata.json", to: name) {
        return .rebuilt(reason: reason, setAsideAs: name)
      }
    }
    return .rebuilt(reason: reason, setAsideAs: nil)
  }

  private static func encoded(_ metadata: TakeMetadata) throws(DualCamError) -> Data {
    do {
      return try TakeMetadataBuilder.encode(metadata)
    } catch {
      throw .writeFailed("could not encode metadata.json (\(error))", fix: "")
    }
  }

  // MARK: - Folder

  /// Renames `<name>.partial` inside `root` to `<name>` (or `<name>-recovered…` when taken).
  private static func rename(_ partial: String, in root: ConfinedFolder) throws(DualCamError)
    -> String
  {
    let base = String(partial.dropLast(TakeFolder.partialSuffix.count))
    for attempt in 1...99 {
      let candidate =
        switch attempt {
        case 1: base
        case 2: "\(base)-recovered"
        default: "\(base)-recovered-\(attempt - 1)"
        }
      if root.rename(partial, to: candidate) { return candidate }
      guard root.kind(of: candidate) != .missing else { break }
    }
    throw .writeFailed(
      "recovered \(partial) but could not rename it (\(ConfinedFolder.reason(errno)))",
      fix: "rename it by hand")
  }

  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
  }

  /// True when a running recorder holds the take's lock. Only a regular lock file is opened: a
  /// FIFO or device in its place would block or act on open, and no recorder holds such a lock.
  private static func isHeld(_ folder: ConfinedFolder) -> Bool {
    guard case .regularFile = folder.kind(of: TakeLock.fileName) else { return false }
    return TakeLock.isHeld(in: URL(fileURLWithPath: "/proc/self/fd/\(folder.descriptor)"))
  }

  private static func isHeld(_ partial: URL) -> Bool {
    guard let root = try? ConfinedFolder(opening: partial.deletingLastPathComponent()),
      let folder = try? ConfinedFolder(named: partial.lastPathComponent, in: root)
    else { return false }
    return isHeld(folder)
  }
}
