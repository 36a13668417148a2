public import DualCamCore
public import Foundation
import Media

/// Exports a take's three files and its `metadata.json` into another folder: copied as they
/// are, or remuxed into another container (MOV → MP4) without re-encoding.
///
/// Nothing half-written is ever left where the user looks: the files are written into a hidden
/// folder next to the destination (`.<take>.export-…`), which is renamed to the take's name only
/// when every file is complete, and removed on a cancel or a failure (a full disk, a refused
/// write). The take itself is only read, through `ConfinedFolder`: a take folder may come from
/// anywhere, so a file that is a link, a FIFO or a device, or a `metadata.json` that is not a
/// take's, is refused before anything is written, never followed or waited on.
public enum TakeExporter {
  /// How an export ended when it did not fail.
  public enum Outcome: Sendable, Equatable {
    /// The take's copy is complete at this folder.
    case exported(URL)
    /// The export was cancelled; nothing is left in the destination.
    case cancelled
  }

  /// The outputs of a take, in the order they are exported.
  public static let outputs = ["dualview", "front", "back"]

  /// Exports the take in `take` into `destination/<take name>/`. With `container` (`mp4`,
  /// `mov`, `mkv`) the videos are remuxed into it unless they already are; nil copies them.
  /// `progress` gets the share done (0…1) and the file being written, and returns false to
  /// cancel.
  public static func export(
    _ take: URL, to destination: URL, container: String? = nil,
    progress: (Double, String) -> Bool = { _, _ in true }
  ) throws(DualCamError) -> Outcome {
    let name = take.lastPathComponent
    guard !name.hasSuffix(TakeFolder.partialSuffix) else {
      throw .invalidArgument(
        "\(name) is an interrupted take", fix: "recover it first (dualcam recover), then export")
    }
    let folder = try ConfinedFolder(opening: take)
    let sources = try videoFiles(in: folder)
    let metadata = try metadataToExport(from: folder)
    try checkDestination(destination)
    let final = destination.appendingPathComponent(name)
    guard !FileManager.default.fileExists(atPath: final.path) else {
      throw .outputUnavailable(
        "\(final.path) already exists", fix: "choose another folder, or move the old copy away")
    }
    let temporary = destination.appendingPathComponent(
      ".\(name).export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    do {
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    } catch {
      throw .outputUnavailable(
        "cannot create a folder in \(destination.path): \(error.localizedDescription)",
        fix: "choose a folder you can write to")
    }
    do throws(DualCamError) {
      let outcome = try write(
        sources, of: folder, metadata: metadata, into: temporary, container: container,
        progress: progress)
      guard outcome else {
        try? FileManager.default.removeItem(at: temporary)
        return .cancelled
      }
      // Never replaces: a folder that appeared at the name during the export is kept.
      let code = NoReplaceRename.rename(temporary, to: final)
      guard code == 0 else {
        throw code == EEXIST || code == ENOTEMPTY
          ? .outputUnavailable(
            "\(final.path) appeared during the export; it is kept, and the copy is removed",
            fix: "choose another folder, or move the other copy away")
          : .writeFailed(
            "cannot name the exported take \(final.path) (\(String(cString: strerror(code))))",
            fix: "check the destination folder")
      }
      return .exported(final)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  // MARK: - Writing

  /// Writes every file into `folder`; false when cancelled.
  private static func write(
    _ sources: [VideoFile], of take: ConfinedFolder, metadata: Data, into folder: URL,
    container: String?, progress: (Double, String) -> Bool
  ) throws(DualCamError) -> Bool {
    let total = Double(max(sources.reduce(0) { $0 + $1.bytes }, 1))
    var done: Int64 = 0
    var renamed: [String: String] = [:]
    for source in sources {
      let url = URL(fileURLWithPath: source.name)
      let extensionNow = url.pathExtension.lowercased()
      let wanted = container?.lowercased() ?? extensionNow
      let targetName = url.deletingPathExtension().lastPathComponent + "." + wanted
      let target = folder.appendingPathComponent(targetName)
      let before = done
      let report = { (share: Double) -> Bool in
        progress((Double(before) + share * Double(source.bytes)) / total, targetName)
      }
      let completed: Bool
      if wanted == extensionNow {
        completed = try copyFile(source, of: take, to: target, progress: report)
      } else {
        // FFmpeg opens by path: through the folder's descriptor, the name checked above.
        completed =
          try ContainerRemuxer.remux(
            take.libraryPath(of: source.name), to: target, container: wanted, progress: report)
          == .completed
        renamed[source.output] = targetName
      }
      guard completed else { return false }
      done += source.bytes
    }
    try writeMetadata(metadata, into: folder, renamed: renamed, container: container)
    return progress(1, "metadata.json")
  }

  /// Copies the take's file `source` to `target` in large chunks; false when cancelled (the
  /// target removed).
  private static func copyFile(
    _ source: VideoFile, of take: ConfinedFolder, to target: URL, progress: (Double) -> Bool
  ) throws(DualCamError) -> Bool {
    let size = Double(max(source.bytes, 1))
    // Opened in the checked folder, never through a link, never waiting on a FIFO.
    let descriptor = openat(
      take.descriptor, source.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .sourceUnavailable(
        "cannot open \(source.name) in \(take.url.path) (\(ConfinedFolder.reason(errno)))",
        fix: "check that the take is readable")
    }
    do {
      let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      defer { try? input.close() }
      guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
        throw DualCamError.outputUnavailable(
          "cannot create \(target.path)", fix: "choose a folder you can write to")
      }
      let output = try FileHandle(forWritingTo: target)
      defer { try? output.close() }
      var copied = 0.0
      while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
        try output.write(contentsOf: chunk)
        copied += Double(chunk.count)
        guard progress(min(copied / size, 1)) else {
          unlink(target.path)
          return false
        }
      }
      try output.synchronize()
      return true
    } catch let error as DualCamError {
      throw error
    } catch {
      throw writeFailure(error, target: target)
    }
  }

  /// Writes the take's `metadata.json`; after a remux its file names and containers say what
  /// was written.
  private static func writeMetadata(
    _ stored: Data, into folder: URL, renamed: [String: String], container: String?
  ) throws(DualCamError) {
    let target = folder.appendingPathComponent("metadata.json")
    var data = stored
    if !renamed.isEmpty, let container {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      if var metadata = try? decoder.decode(TakeMetadata.self, from: data) {
        for (output, file) in renamed {
          metadata.outputs[output]?.file = file
          metadata.outputs[output]?.container = container.lowercased()
        }
        if let encoded = try? TakeMetadataBuilder.encode(metadata) { data = encoded }
      }
    }
    do {
      try FileContentsWriter.write(data, to: target, mode: .atomic)
    } catch {
      throw writeFailure(error, target: target)
    }
  }

  // MARK: - Checks

  /// One of a take's video files, checked to be a regular file in its folder.
  struct VideoFile {
    var output: String
    var name: String
    var bytes: Int64
  }

  /// The take's video files, one per output; a missing one, or one that is not a regular file
  /// (a link, a FIFO, a device), is an error naming it.
  static func videoFiles(in take: ConfinedFolder) throws(DualCamError) -> [VideoFile] {
    let names = take.names()
    var files: [VideoFile] = []
    for output in outputs {
      guard let file = names.first(where: { $0.hasPrefix(output + "_") && !$0.hasPrefix(".") })
      else {
        throw .sourceUnavailable(
          "the take \(take.url.lastPathComponent) has no \(output) file",
          fix: "export a complete take; see its files with dualcam show")
      }
      guard case .regularFile(let bytes) = take.kind(of: file) else {
        throw .sourceUnavailable(
          "\(file) in the take \(take.url.lastPathComponent) "
            + (take.kind(of: file).refusal ?? "is not a file"),
          fix: "export copies only a take's own files: put the real file in its place")
      }
      files.append(VideoFile(output: output, name: file, bytes: bytes))
    }
    return files
  }

  /// The largest `metadata.json` exported (a take's is a few kilobytes).
  static let metadataLimit = 16 << 20

  /// The take's `metadata.json`, refused unless it is a regular file of a DualCam take: an
  /// export without it, or with another program's, would no longer be a take.
  static func metadataToExport(from take: ConfinedFolder) throws(DualCamError) -> Data {
    let fix = "export a DualCam take whose metadata.json is its own (dualcam show says why not)"
    let data: Data
    switch take.readRegularFile("metadata.json", limit: metadataLimit) {
    case .success(let read): data = read
    case .failure(.missing):
      throw .sourceUnavailable(
        "the take \(take.url.lastPathComponent) has no metadata.json", fix: fix)
    case .failure(.notAFile(let reason)), .failure(.unreadable(let reason)):
      throw .sourceUnavailable(
        "metadata.json in the take \(take.url.lastPathComponent) \(reason)", fix: fix)
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard (try? decoder.decode(TakeMetadata.self, from: data)) != nil else {
      throw .unreadableMedia(
        "metadata.json in the take \(take.url.lastPathComponent) is not a DualCam take's "
          + "metadata (\(data.isEmpty ? "it is empty" : "it does not decode"))", fix: fix)
    }
    return data
  }

  private static func checkDestination(_ destination: URL) throws(DualCamError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw .outputUnavailable(
        "the export folder \(destination.path) does not exist", fix: "create it first")
    }
  }

  private static func writeFailure(_ error: any Error, target: URL) -> DualCamError {
    let code = (error as NSError).code
    let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if code == NSFileWriteOutOfSpaceError || posix?.code == Int(ENOSPC) {
      return .writeFailed(
        "the disk is full while writing \(target.lastPathComponent)",
        fix: "free space or export to another folder; nothing half-written was left")
    }
    return .writeFailed(
      "writing \(target.lastPathComponent) failed: \(error.localizedDescription)",
      fix: "check the destination folder; nothing half-written was left")
  }
}
