public import DualCamCore
public import Foundation

/// Where take thumbnails are kept: `$XDG_CACHE_HOME/dualcam/thumbnails/<key>.ppm`.
///
/// The key is a hash of the dual-view file's path, size, modification time and inode, so a
/// take that changes (recovered, re-encoded, replaced) gets a new thumbnail and the old one is
/// simply never asked for again; a renamed take gets a new one too, which is cheap.
public struct ThumbnailCache: Sendable {
  /// The cache folder.
  public let folder: URL

  /// The cache of `environment` (`$XDG_CACHE_HOME/dualcam/thumbnails`).
  public init(environment: LibraryEnvironment = .current()) {
    folder = environment.thumbnailFolder
  }

  /// A cache in `folder`.
  public init(folder: URL) {
    self.folder = folder
  }

  /// The key of `entry`'s thumbnail; nil when the take has no readable dual-view file.
  public func key(for entry: TakeEntry) -> ThumbnailKey? {
    guard entry.isReadable, entry.state == .finished,
      let file = entry.summary?.outputFiles["dualview"]
    else { return nil }
    let video = entry.folder.appendingPathComponent(file)
    guard case .success(let status) = FileStatus.of(video.path), status.kind == .regular else {
      return nil
    }
    let identity = "\(video.path)\0\(status.size)\0\(status.modified)\0\(status.inode)"
    return ThumbnailKey(video: video, name: Self.hash(identity))
  }

  /// Where the thumbnail of `key` is (or will be) stored.
  public func url(for key: ThumbnailKey) -> URL {
    folder.appendingPathComponent(key.name + ".ppm")
  }

  /// The stored thumbnail of `key`, if it has been made.
  public func cached(_ key: ThumbnailKey) -> Thumbnail? {
    (try? Data(contentsOf: url(for: key))).flatMap(Thumbnail.init(portablePixmap:))
  }

  /// Stores `thumbnail` for `key` (atomically: a reader never sees half a picture).
  public func store(_ thumbnail: Thumbnail, for key: ThumbnailKey) throws(DualCamError) {
    let problem: String
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // A cache can be made again: no wait for the disk.
      try FileContentsWriter.write(
        thumbnail.portablePixmap, to: url(for: key), mode: .atomic, synced: false)
      return
    } catch let failure as WriteFailure {
      problem = failure.reason
    } catch {
      problem = error.localizedDescription
    }
    throw .outputUnavailable(
      "cannot store a thumbnail in \(folder.path): \(problem)",
      fix: "check the permissions of \(folder.path), or set XDG_CACHE_HOME")
  }

  /// Two 64-bit FNV-1a hashes with different offsets, as 32 hex digits: stable across runs
  /// and machines (Swift's `Hasher` is seeded per process, so it cannot name files).
  static func hash(_ text: String) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      second = (second ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
    }
    return [first, second].map { value in
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }.joined()
  }
}

/// Names one version of one take's thumbnail.
public struct ThumbnailKey: Hashable, Sendable {
  /// The dual-view file it is made from.
  public let video: URL
  /// The cache file's name without extension.
  public let name: String
}
