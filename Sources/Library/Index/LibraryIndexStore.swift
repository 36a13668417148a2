import DualCamCore
public import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps what `LibraryIndex` read of each output folder between runs, under
/// `$XDG_CACHE_HOME/dualcam/library/`, so that opening the gallery or running `dualcam list`
/// on thousands of takes reads one file and looks at each take folder's status instead of
/// reading every `metadata.json`.
///
/// Each output folder has one file, named by a hash of its path. Every take in it is kept with
/// the statuses (kind, device, inode, size, modification and change times) of its folder and
/// its `metadata.json` as they were when it was read; the index trusts a kept take only while
/// both are unchanged, so a take added, recovered, renamed, deleted or edited by any process is
/// read again. Takes still growing (`.partial`) are never kept. The file is replaced atomically
/// (another process reads either the old one or the new one); one that is missing, damaged, of
/// another version or of another folder is ignored and the folder read afresh. A store that
/// cannot be written costs only speed.
public struct LibraryIndexStore: Sendable, Equatable {
  /// The folder the index files are in.
  public let folder: URL

  /// The store of `environment`: `$XDG_CACHE_HOME/dualcam/library`.
  public init(environment: LibraryEnvironment = .current()) {
    folder = URL(fileURLWithPath: environment.cacheHome, isDirectory: true)
      .appendingPathComponent("dualcam/library", isDirectory: true)
  }

  /// A store in `folder`.
  public init(folder: URL) {
    self.folder = folder
  }

  /// The index file of the output folder `root`.
  public func url(for root: URL) -> URL {
    folder.appendingPathComponent(
      ThumbnailCache.hash(root.standardizedFileURL.path) + ".index")
  }

  /// What was kept of `root`, if a usable file is there.
  func load(root: URL) -> RootCache? {
    guard let bytes = Self.readFile(url(for: root).path) else { return nil }
    return IndexFileFormat.decode(bytes, root: root.standardizedFileURL)
  }

  /// Keeps `cache` as `root`'s, replacing the file atomically; false when it could not be
  /// written.
  @discardableResult
  func save(_ cache: RootCache, root: URL) -> Bool {
    let bytes = IndexFileFormat.encode(cache, root: root.standardizedFileURL)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // A cache can be made again: no wait for the disk.
      try FileContentsWriter.write(Data(bytes), to: url(for: root), mode: .atomic, synced: false)
      return true
    } catch {
      return false
    }
  }

  /// The whole file, read with one `read` loop (no `Data` in between).
  private static func readFile(_ path: String) -> [UInt8]? {
    guard case .success(let status) = FileStatus.of(path), status.kind == .regular,
      status.size > 0, status.size < 1 << 30
    else { return nil }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: Int(status.size))
    var filled = 0
    let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
      while filled < buffer.count {
        let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        filled += count
      }
      return true
    }
    return complete ? bytes : nil
  }
}
