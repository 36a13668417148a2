public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Looks at one name in an output folder and says what it is: a take (readable or not), a
/// folder the library does not understand, or nothing to show (hidden files).
///
/// Never follows a symbolic link: a link in an output folder could lead anywhere (out of the
/// folder, or round in a loop), so a linked take is listed as unreadable instead.
enum TakeReader {
  /// What one name turned out to be.
  enum Item: Sendable, Equatable {
    case take(TakeEntry)
    case skipped(SkippedItem)
    case hidden
  }

  /// The statuses an item was read from: when both are unchanged, so is the item.
  struct Fingerprint: Equatable, Sendable {
    var folder: FileStatus?
    var metadata: FileStatus?

    /// The fingerprint of `path` as it is now.
    static func of(_ path: String) -> Fingerprint {
      Fingerprint(
        folder: try? FileStatus.of(path).get(),
        metadata: try? FileStatus.of(path + "/" + TakeName.metadataFile).get())
    }
  }

  /// Reads the item called `name` inside `root`.
  static func read(name: String, in root: URL) -> Item {
    if name.hasPrefix(".") { return .hidden }
    let folder = root.appendingPathComponent(name, isDirectory: true)
    let isPartial = name.hasSuffix(TakeName.partialSuffix)
    let looksLikeTake = isPartial || TakeName.looksLikeTake(name)
    func unreadable(_ reason: String, bytes: Int64 = 0) -> Item {
      .take(entry(folder, root, name, isPartial, nil, reason, bytes))
    }
    func skip(_ reason: String) -> Item { .skipped(SkippedItem(path: folder, reason: reason)) }

    let status: FileStatus
    switch FileStatus.of(folder.path) {
    case .failure(let error):
      return looksLikeTake ? unreadable("cannot open the folder: \(error)") : skip("\(error)")
    case .success(let found): status = found
    }
    switch status.kind {
    case .symbolicLink:
      let reason = "is a symbolic link; links are not followed in an output folder"
      return looksLikeTake ? unreadable(reason) : skip(reason)
    case .regular, .other:
      return skip("not a folder")
    case .directory:
      break
    }

    let metadataPath = folder.path + "/" + TakeName.metadataFile
    switch FileStatus.of(metadataPath) {
    case .failure(let error) where error.code == ENOENT:
      if isPartial {
        // Killed before its first checkpoint: nothing to show, but recovery still applies.
        return .take(entry(folder, root, name, true, nil, nil, folderBytes(folder)))
      }
      return looksLikeTake
        ? unreadable("metadata.json is missing") : skip("not a take (no metadata.json)")
    case .failure(let error):
      return unreadable("cannot read metadata.json: \(error)")
    case .success(let metadata) where metadata.kind == .symbolicLink:
      return unreadable("metadata.json is a symbolic link; links are not followed")
    case .success(let metadata) where metadata.kind != .regular:
      return unreadable("metadata.json is not a file")
    case .success:
      break
    }

    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: metadataPath))
    } catch {
      let reason = (error as? CocoaError).map { "\($0.code)" } ?? "\(error)"
      let denied = access(metadataPath, R_OK) != 0
      return unreadable("cannot read metadata.json: " + (denied ? "permission denied" : reason))
    }
    let summary: TakeSummary
    switch MetadataSummaryReader.summary(from: data) {
    case .failure(let problem): return unreadable(problem.reason, bytes: Int64(data.count))
    case .success(let read): summary = read
    }
    if isPartial {
      return .take(entry(folder, root, name, true, summary, nil, folderBytes(folder)))
    }
    let (bytes, problem) = outputBytes(folder, summary: summary)
    return .take(entry(folder, root, name, false, summary, problem, bytes + Int64(data.count)))
  }

  // MARK: - Internals

  private static func entry(
    _ folder: URL, _ root: URL, _ name: String, _ isPartial: Bool, _ summary: TakeSummary?,
    _ reason: String?, _ bytes: Int64
  ) -> TakeEntry {
    let state: TakeEntry.State =
      isPartial ? (isRecording(folder) ? .recording : .interrupted) : .finished
    let shortName = isPartial ? String(name.dropLast(TakeName.partialSuffix.count)) : name
    return TakeEntry(
      folder: folder, root: root, name: shortName, state: state, summary: summary,
      unreadableReason: reason, bytesOnDisk: bytes)
  }

  /// The sizes of the take's three files, and the first problem met with them.
  private static func outputBytes(_ folder: URL, summary: TakeSummary) -> (Int64, String?) {
    guard !summary.outputFiles.isEmpty else { return (0, "metadata.json lists no video files") }
    var total: Int64 = 0
    var problem: String?
    for output in TakeName.outputs {
      guard let file = summary.outputFiles[output] else {
        problem = problem ?? "metadata.json lists no \(output) file"
        continue
      }
      guard !file.contains("/") else {
        problem = problem ?? "the \(output) file name \"\(file)\" points outside the take folder"
        continue
      }
      switch FileStatus.of(folder.path + "/" + file) {
      case .failure(let error) where error.code == ENOENT:
        problem = problem ?? "the \(output) file \(file) is missing"
      case .failure(let error):
        problem = problem ?? "cannot open \(file): \(error)"
      case .success(let status) where status.kind == .symbolicLink:
        problem = problem ?? "\(file) is a symbolic link; links are not followed"
      case .success(let status) where status.kind != .regular:
        problem = problem ?? "\(file) is not a file"
      case .success(let status):
        total += status.size
      }
    }
    return (total, problem)
  }

  /// The sizes of the regular files directly in `folder` (a take still growing or interrupted).
  private static func folderBytes(_ folder: URL) -> Int64 {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.reduce(0) { total, name in
      guard case .success(let status) = FileStatus.of(folder.path + "/" + name),
        status.kind == .regular
      else { return total }
      return total + status.size
    }
  }

  /// True when a running recorder holds the take's lock (Session's `TakeLock`, an exclusive
  /// `flock` the kernel drops when the recorder dies).
  static func isRecording(_ folder: URL) -> Bool {
    let descriptor = open(folder.path + "/.recording.lock", O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    return true
  }
}

/// Something in an output folder that is not a take, and why it was passed over.
public struct SkippedItem: Error, Sendable, Equatable {
  /// Its path.
  public var path: URL
  /// Why it is not listed, in words for the user.
  public var reason: String

  public init(path: URL, reason: String) {
    self.path = path
    self.reason = reason
  }
}
