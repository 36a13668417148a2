public import Foundation

/// A folder under the system's temporary directory that is removed when the value goes away.
public final class TemporaryFolder {
  /// The folder.
  public let url: URL

  /// Creates a new empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Names of the entries in the folder.
  public var entries: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? []
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
