public import DualCamCore
public import Foundation

/// Reads one take's whole metadata, for the gallery's side panel and `dualcam show`.
public enum TakeMetadataFile {
  /// Reads the take in `folder` on its own (no index needed): nil with the reason when the
  /// folder is not a take. A `.partial` folder counts as a take.
  public static func entry(at folder: URL) -> Result<TakeEntry, SkippedItem> {
    let folder = folder.standardizedFileURL
    switch TakeReader.read(
      name: folder.lastPathComponent, in: folder.deletingLastPathComponent())
    {
    case .take(let entry): return .success(entry)
    case .skipped(let item): return .failure(item)
    case .hidden: return .failure(SkippedItem(path: folder, reason: "a hidden file, not a take"))
    }
  }

  /// The bytes of the take's `metadata.json`, exactly as stored.
  public static func data(of entry: TakeEntry) throws(DualCamError) -> Data {
    let path = entry.folder.path + "/" + TakeName.metadataFile
    guard case .success(let status) = FileStatus.of(path), status.kind == .regular else {
      throw .unreadableMedia(
        "\(entry.name) has no metadata.json of its own",
        fix: entry.unreadableReason ?? "it may have been interrupted before its first checkpoint")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableMedia(
        "cannot read \(path): \(error.localizedDescription)", fix: "check its permissions")
    }
  }

  /// The whole metadata decoded; a clear error for a file of another shape.
  public static func decode(_ data: Data) throws(DualCamError) -> TakeMetadata {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      return try decoder.decode(TakeMetadata.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw .unreadableMedia(
        "metadata.json lacks \(path(context.codingPath + [key]))",
        fix: "the card's facts are still shown; the file was not written by this DualCam version")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .unreadableMedia(
        "metadata.json has an unexpected value at \(path(context.codingPath))",
        fix: "the card's facts are still shown; the file was not written by this DualCam version")
    } catch {
      throw .unreadableMedia(
        "metadata.json cannot be read as a DualCam take (\(error.localizedDescription))",
        fix: "the card's facts are still shown; the file may be damaged")
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
      .trimmingPrefix(".").description
  }
}
