public import DualCamCore
public import Foundation
import Media

/// Exports a take's three files and its `metadata.json` into another folder: copied as they
/// are, or remuxed into another container (MOV → MP4) without re-encoding.
///
/// Nothing half-written is ever left where the user looks: the files are written into a hidden
/// folder next to the destination (`.<take>.export-…`), which is renamed to the take's name only
/// when every file is complete, and removed on a cancel or a failure (a full disk, a refused
/// write). The take itself is only read.
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
    let sources = try videoFiles(in: take)
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
        sources, of: take, into: temporary, container: container, progress: progress)
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
    _ sources: [(output: String, url: URL)], of take: URL, into folder: URL, container: String?,
    progress: (Double, String) -> Bool
  ) throws(DualCamError) -> Bool {
    let sizes = sources.map { fileSize($0.url) }
    let total = Double(max(sizes.reduce(0, +), 1))
    var done: Int64 = 0
    var renamed: [String: String] = [:]
    for (index, source) in sources.enumerated() {
      let extensionNow = source.url.pathExtension.lowercased()
      let wanted = container?.lowercased() ?? extensionNow
      let targetName = source.url.deletingPathExtension().lastPathComponent + "." + wanted
      let target = folder.appendingPathComponent(targetName)
      let before = done
      let report = { (share: Double) -> Bool in
        progress((Double(before) + share * Double(sizes[index])) / total, targetName)
      }
      let completed: Bool
      if wanted == extensionNow {
        completed = try copyFile(source.url, to: target, progress: report)
      } else {
        completed =
          try ContainerRemuxer.remux(source.url, to: target, container: wanted, progress: report)
          == .completed
        renamed[source.output] = targetName
      }
      guard completed else { return false }
      done += sizes[index]
    }
    try writeMetadata(from: take, into: folder, renamed: renamed, container: container)
    return progress(1, "metadata.json")
  }

  /// Copies `source` to `target` in large chunks; false when cancelled (the target removed).
  private static func copyFile(_ source: URL, to target: URL, progress: (Double) -> Bool)
    throws(DualCamError) -> Bool
  {
    let size = Double(max(fileSize(source), 1))
    do {
      let input = try FileHandle(forReadingFrom: source)
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

  /// Copies `metadata.json`; after a remux its file names and containers say what was written.
  private static func writeMetadata(
    from take: URL, into folder: URL, renamed: [String: String], container: String?
  ) throws(DualCamError) {
    let source = take.appendingPathComponent("metadata.json")
    let target = folder.appendingPathComponent("metadata.json")
    guard var data = try? Data(contentsOf: source) else { return }
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

  /// The take's video files, one per output; a missing one is an error naming it.
  static func videoFiles(in take: URL) throws(DualCamError) -> [(output: String, url: URL)] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: take.path).sorted()
    } catch {
      throw .sourceUnavailable(
        "cannot read the take \(take.path): \(error.localizedDescription)",
        fix: "check that it exists and that you may read it")
    }
    var files: [(output: String, url: URL)] = []
    for output in outputs {
      guard let file = names.first(where: { $0.hasPrefix(output + "_") && !$0.hasPrefix(".") })
      else {
        throw .sourceUnavailable(
          "the take \(take.lastPathComponent) has no \(output) file",
          fix: "export a complete take; see its files with dualcam show")
      }
      files.append((output, take.appendingPathComponent(file)))
    }
    return files
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

  private static func fileSize(_ url: URL) -> Int64 {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?
      .int64Value ?? 0
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
