import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder held open by descriptor, inside which every name is looked up, opened, renamed and
/// removed relative to that descriptor, never through a symbolic link.
///
/// Recovery works on folders and files it did not create in this run: a `.partial` name may be
/// a link to somewhere else, a file name a FIFO (opening it blocks) or a device. Going through
/// the descriptor (`openat`, `fstatat`, `renameat` with `O_NOFOLLOW`/`AT_SYMLINK_NOFOLLOW`)
/// keeps every read and write inside the folder that was checked, whatever happens to its path
/// meanwhile.
final class ConfinedFolder {
  /// What a name in the folder really is.
  enum Kind: Equatable {
    case missing
    case regularFile(bytes: Int64)
    case folder
    case symbolicLink
    case fifo
    case device
    case socket

    /// Why a name of this kind is left alone, in words for the user; nil for files and folders.
    var refusal: String? {
      switch self {
      case .symbolicLink: "is a symbolic link (recovery never follows links out of its folder)"
      case .fifo: "is a FIFO, not a file"
      case .device: "is a device, not a file"
      case .socket: "is a socket, not a file"
      case .missing: "is missing"
      case .regularFile, .folder: nil
      }
    }
  }

  /// The open folder.
  let descriptor: Int32
  /// Its path when it was opened, for messages.
  let url: URL

  /// Opens the folder at `url`, which the user named (a link there is the user's choice).
  init(opening url: URL) throws(DualCamError) {
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .outputUnavailable(
        "cannot open the folder \(url.path) (\(Self.reason(errno)))",
        fix: "check that it exists and that you may read it")
    }
    self.descriptor = descriptor
    self.url = url
  }

  /// Opens the folder `name` inside `parent`, refusing a link, a file or anything else.
  init(named name: String, in parent: ConfinedFolder) throws(DualCamError) {
    let url = parent.url.appendingPathComponent(name)
    let kind = parent.kind(of: name)
    guard kind == .folder else {
      throw .invalidArgument(
        "\(url.path) \(kind.refusal ?? "is a file, not a folder"); it is left alone",
        fix: "move it out of the recordings folder, or recover the folder it points to by its "
          + "own path")
    }
    let descriptor = openat(
      parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .outputUnavailable(
        "cannot open the folder \(url.path) (\(Self.reason(errno)))",
        fix: "check its permissions")
    }
    self.descriptor = descriptor
    self.url = url
  }

  deinit { close(descriptor) }

  // MARK: - Looking

  /// What `name` is, without following a link.
  func kind(of name: String) -> Kind {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile(bytes: Int64(status.st_size))
    case S_IFDIR: return .folder
    case S_IFLNK: return .symbolicLink
    case S_IFIFO: return .fifo
    case S_IFSOCK: return .socket
    default: return .device
    }
  }

  /// The names in the folder, sorted.
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: descriptorPath)) ?? []).sorted()
  }

  /// A path that reaches `name` through the descriptor, for libraries that open files by path
  /// (FFmpeg): `/proc/self/fd/N` stands for the open folder itself, so the name is looked up in
  /// the folder that was checked. Check `kind(of:)` first: the last name is followed.
  func libraryPath(of name: String) -> URL {
    URL(fileURLWithPath: descriptorPath).appendingPathComponent(name)
  }

  private var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

  // MARK: - Reading and writing

  /// The contents of the regular file `name`, at most `limit` bytes; nil with the reason when it
  /// is missing, not a regular file, larger than `limit` or unreadable.
  func readRegularFile(_ name: String, limit: Int) -> Result<Data, Refusal> {
    let kind = kind(of: name)
    guard case .regularFile(let bytes) = kind else {
      return .failure(kind == .missing ? .missing : .notAFile(kind.refusal ?? "is a folder"))
    }
    guard bytes <= limit else { return .failure(.unreadable("is \(bytes) bytes, too large")) }
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return .failure(.unreadable(Self.reason(errno))) }
    defer { close(file) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while data.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return .failure(.unreadable(Self.reason(errno))) }
      if count == 0 { return .success(data) }
      data.append(contentsOf: chunk[0..<count])
    }
    return .failure(.unreadable("grew past \(limit) bytes while being read"))
  }

  /// Why a file could not be read.
  enum Refusal: Error, Equatable {
    case missing
    case notAFile(String)
    case unreadable(String)
  }

  /// Writes `data` as `name` atomically: a new file beside it (never through a link), written
  /// through `DescriptorWriter`, synced, then renamed over the old name.
  func writeAtomically(_ data: Data, to name: String) throws(DualCamError) {
    do throws(WriteFailure) {
      try FileContentsWriter.write(
        data, named: name, in: descriptor, mode: .atomic,
        hooksFor: url.appendingPathComponent(name))
    } catch {
      throw writeFailure(name, error.code)
    }
  }

  /// Renames `name` to `newName` inside the folder, never replacing what `newName` names (the
  /// kernel checks and renames in one step); true on success, else `errno` says why.
  func rename(_ name: String, to newName: String) -> Bool {
    let code = NoReplaceRename.rename(name, in: descriptor, to: newName, in: descriptor)
    if code != 0 { errno = code }
    return code == 0
  }

  /// Removes `name` if it is a regular file; true if it did.
  @discardableResult
  func unlinkRegularFile(_ name: String) -> Bool {
    guard case .regularFile = kind(of: name) else { return false }
    return unlinkat(descriptor, name, 0) == 0
  }

  // MARK: - Errors

  private func writeFailure(_ name: String, _ code: Int32) -> DualCamError {
    let path = url.appendingPathComponent(name).path
    if code == ENOSPC || code == EDQUOT {
      return .writeFailed(
        "the disk is full: could not write \(path)", fix: "free space on the disk, then retry")
    }
    return .writeFailed(
      "could not write \(path) (\(Self.reason(code)))",
      fix: "check the permissions of \(url.path)")
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
