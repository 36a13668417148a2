public import DualCamCore
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the user's note and tags into a take's `metadata.json`.
///
/// Only the `notes` and `tags` members change: every other byte of the file stays as the
/// recorder wrote it (a file checksummed or diffed elsewhere still compares), and the file is
/// replaced atomically (a temporary file in the same folder, then a rename), so a crash leaves
/// either the old file or the new one.
public enum TakeNotesEditor {
  /// Sets the take's note; an empty or blank note removes it.
  public static func setNotes(_ notes: String, in folder: URL) throws(DualCamError) {
    let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
    try edit(folder) { object in
      object.set("notes", to: trimmed.isEmpty ? nil : JSONObjectText.quoted(trimmed))
    }
  }

  /// Sets the take's tags (blank ones dropped, duplicates kept once, in the order given); an
  /// empty list removes them.
  public static func setTags(_ tags: [String], in folder: URL) throws(DualCamError) {
    var seen = Set<String>()
    let kept = tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
    try edit(folder) { object in
      guard !kept.isEmpty else { return object.set("tags", to: nil) }
      // Laid out as the recorder's pretty printer lays out an array one level in.
      let inner = object.indentation
      let items = kept.map { "\n" + inner + inner + JSONObjectText.quoted($0) }
      object.set("tags", to: "[" + items.joined(separator: ",") + "\n" + inner + "]")
    }
  }

  // MARK: - Internals

  private static func edit(
    _ folder: URL, _ change: (inout JSONObjectText) -> Void
  ) throws(DualCamError) {
    let path = folder.path + "/" + TakeName.metadataFile
    if TakeReader.isRecording(folder) {
      throw .invalidArgument(
        "\(folder.lastPathComponent) is being recorded; its metadata is rewritten every 5 s",
        fix: "add the note when the recording has stopped")
    }
    guard case .success(let status) = FileStatus.of(path), status.kind == .regular else {
      throw .invalidArgument(
        "\(folder.lastPathComponent) has no metadata.json of its own (missing or a link)",
        fix: "only takes recorded by DualCam can carry notes")
    }
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      var object = JSONObjectText(data),
      (try? JSONSerialization.jsonObject(with: data)) != nil
    else {
      throw .unreadableMedia(
        "\(path) is not a readable JSON object", fix: "the take's metadata must be repaired first")
    }
    change(&object)
    let edited = Data(object.bytes)
    guard (try? JSONSerialization.jsonObject(with: edited)) != nil else {
      throw .writeFailed("editing \(path) would not leave valid JSON", fix: "report this as a bug")
    }
    try replaceAtomically(path, with: edited, mode: status.mode & 0o7777)
  }

  /// Writes `data` to a new file beside `path`, flushes it, and renames it over `path`.
  static func replaceAtomically(_ path: String, with data: Data, mode: UInt32) throws(DualCamError)
  {
    let folder = (path as NSString).deletingLastPathComponent
    // Through DescriptorWriter: a short write or EINTR no longer leaves a torn note.
    do throws(WriteFailure) {
      try FileContentsWriter.write(
        data, to: URL(fileURLWithPath: path), mode: .atomic, permissions: mode_t(mode))
    } catch {
      throw .writeFailed(
        "cannot replace \(path): \(SystemError(code: error.code))",
        fix: "check free space and permissions")
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }
}
