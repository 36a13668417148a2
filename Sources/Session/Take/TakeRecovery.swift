public import DualCamCore
public import Foundation
import Media

/// Finishes takes that a crash, a kill or a power cut left as `.partial` folders.
///
/// Each file is rewritten into a plain seekable file up to its last complete fragment, then all
/// three are cut to the frames every one of them has, so the recovered take keeps the promise
/// of a finished one: output frame k exists in all three files or in none. `metadata.json` (last
/// checkpointed while recording) is updated with what the files now hold and marked
/// `recovered`, and the folder loses its suffix.
public enum TakeRecovery {
  /// What recovering one take produced.
  public struct Outcome: Sendable {
    /// The recovered take's folder.
    public var folder: URL
    /// Frames in each of its files.
    public var frames: Int64
    /// What was done, in words for the user.
    public var notes: [String]
  }

  /// `.partial` take folders in `root` that no running recorder holds.
  public static func interruptedTakes(in root: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.sorted().filter { $0.hasSuffix(TakeFolder.partialSuffix) }
      .map { root.appendingPathComponent($0) }
      .filter { !TakeLock.isHeld(in: $0) }
  }

  /// Recovers the take in `partial` (a `.partial` folder).
  public static func recover(_ partial: URL) throws(DualCamError) -> Outcome {
    guard partial.lastPathComponent.hasSuffix(TakeFolder.partialSuffix) else {
      throw .invalidArgument(
        "\(partial.path) is not an interrupted take (its name does not end in .partial)",
        fix: "give a folder named like 2026-11-23_10-42-07.partial")
    }
    guard !TakeLock.isHeld(in: partial) else {
      throw .invalidArgument(
        "\(partial.lastPathComponent) is still being recorded by a running dualcam",
        fix: "stop that recording first")
    }
    var metadata = readMetadata(in: partial)
    let files = try videoFiles(in: partial, metadata: metadata)
    var notes: [String] = []

    var frames: [String: Int64] = [:]
    for (name, url) in files {
      do {
        try FileFinalizer.makeSeekable(url)
      } catch {
        notes.append(error.problem)
      }
      frames[name] = Int64((try? MediaProbe.inspect(url).frameCount) ?? 0)
    }
    let common = frames.values.min() ?? 0
    for (name, url) in files where frames[name, default: 0] > common {
      try FileFinalizer.makeSeekable(url, keepingFrames: common)
      notes.append("\(name): cut from \(frames[name]!) to \(common) frames to match the others")
    }

    if var known = metadata {
      known.status = .recovered
      for (name, url) in files {
        let info = try? MediaProbe.inspect(url)
        let count = Int64(info?.frameCount ?? 0)
        known.outputs[name]?.frames = count
        known.outputs[name]?.durationSeconds = info?.duration ?? 0
        known.outputs[name]?.bytes = info?.fileSize ?? 0
      }
      known.sync.frames = common
      known.sync.durationSeconds = Double(common) / max(known.sync.frameRate, 1)
      known.errors.append(
        "recovered after an interruption: \(common) frames kept; counters are as of the last "
          + "checkpoint before it")
      known.errors.append(contentsOf: notes)
      metadata = known
      try TakeMetadataBuilder.write(known, to: partial)
    } else {
      notes.append("metadata.json was missing: settings and counters of this take are unknown")
    }

    let final = try finalName(for: partial)
    do {
      try FileManager.default.moveItem(at: partial, to: final)
    } catch {
      throw .writeFailed(
        "recovered \(partial.lastPathComponent) but could not rename it: "
          + error.localizedDescription, fix: "rename it by hand")
    }
    return Outcome(folder: final, frames: common, notes: notes)
  }

  // MARK: - Internals

  private static func readMetadata(in folder: URL) -> TakeMetadata? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("metadata.json")) else {
      return nil
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try? decoder.decode(TakeMetadata.self, from: data)
  }

  /// The take's video files by output name: from the metadata, else by their name prefix.
  private static func videoFiles(
    in folder: URL, metadata: TakeMetadata?
  ) throws(DualCamError) -> [(String, URL)] {
    var files: [(String, URL)] = []
    let present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    for name in ["dualview", "front", "back"] {
      if let file = metadata?.outputs[name]?.file {
        if present.contains(file) { files.append((name, folder.appendingPathComponent(file))) }
      } else if let file = present.sorted().first(where: { candidate in
        candidate.hasPrefix("\(name)_")
          && [".mov", ".mp4", ".mkv"].contains { candidate.hasSuffix($0) }
      }) {
        files.append((name, folder.appendingPathComponent(file)))
      }
    }
    guard !files.isEmpty else {
      throw .unreadableMedia(
        "\(folder.lastPathComponent) holds no DualCam video files", fix: "nothing to recover here")
    }
    return files
  }

  private static func finalName(for partial: URL) throws(DualCamError) -> URL {
    let base = String(partial.lastPathComponent.dropLast(TakeFolder.partialSuffix.count))
    let root = partial.deletingLastPathComponent()
    var candidate = root.appendingPathComponent(base)
    var attempt = 2
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = root.appendingPathComponent(
        "\(base)-recovered\(attempt == 2 ? "" : "-\(attempt)")")
      attempt += 1
    }
    try? FileManager.default.removeItem(at: partial.appendingPathComponent(TakeLock.fileName))
    return candidate
  }
}
