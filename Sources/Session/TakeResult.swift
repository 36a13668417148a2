public import DualCamCore
public import Foundation

/// A finished take: where it is and what its metadata says.
public struct TakeResult: Sendable {
  /// The take's final folder.
  public var folder: URL
  /// What was written to `metadata.json`.
  public var metadata: TakeMetadata
  /// Why the take ended early though it was saved whole (the disk filled up), for the user and
  /// the exit status; nil when it ended as asked.
  public var problem: DualCamError?

  /// Creates a result.
  public init(folder: URL, metadata: TakeMetadata, problem: DualCamError? = nil) {
    self.folder = folder
    self.metadata = metadata
    self.problem = problem
  }
}
