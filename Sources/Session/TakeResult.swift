public import DualCamCore
public import Foundation

/// A finished take: where it is and what its metadata says.
public struct TakeResult: Sendable {
  /// The take's final folder.
  public var folder: URL
  /// What was written to `metadata.json`.
  public var metadata: TakeMetadata

  /// Creates a result.
  public init(folder: URL, metadata: TakeMetadata) {
    self.folder = folder
    self.metadata = metadata
  }
}
