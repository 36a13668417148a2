import DualCamCore
import Encoding
import Foundation
import Media

@testable import Session

/// A take folder as a killed recorder leaves it: three fragmented files whose writers never
/// finished, and a checkpointed `metadata.json`.
struct KilledTake {
  static let size = ImageSize(width: 96, height: 64)
  static let outputs = ["dualview", "front", "back"]

  /// The `.partial` folder.
  let folder: URL
  /// The take's name (the folder without `.partial`).
  let name: String

  /// Writes `frames[output]` frames into each output's file (keyframe every 10) and copies the
  /// files as they are on disk while the writers are still open, as SIGKILL would leave them.
  init(
    in root: URL, name: String = "2020-01-01_00-00-00",
    frames: [String: Int] = ["dualview": 65, "front": 45, "back": 65], metadata: Bool = true
  ) throws {
    self.name = name
    folder = root.appendingPathComponent(name + TakeFolder.partialSuffix)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let scratch = root.appendingPathComponent(".scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    for output in Self.outputs {
      let file = Self.fileName(output, name: name)
      let spec = OutputSpec(
        name: output, url: scratch.appendingPathComponent(file), size: Self.size,
        frameRate: FrameRate(numerator: 30), codec: .h264, container: .mov,
        preset: "ultrafast", encoderThreads: 1, keyframeInterval: 10)
      let writer = try VideoFileWriter(spec: spec)
      for index in 0..<frames[output, default: 0] {
        let image = try writer.nextInputImage()
        Self.fill(image, with: index)
        try writer.submitFrame(index: Int64(index))
      }
      try FileManager.default.copyItem(at: spec.url, to: folder.appendingPathComponent(file))
    }
    if metadata {
      try TakeMetadataBuilder.encode(Self.checkpoint(name: name)).write(
        to: folder.appendingPathComponent("metadata.json"))
    }
  }

  static func fileName(_ output: String, name: String) -> String { "\(output)_\(name).mov" }

  func url(_ output: String) -> URL {
    folder.appendingPathComponent(Self.fileName(output, name: name))
  }

  /// The folder once recovered.
  var recoveredFolder: URL {
    folder.deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Frames a copy of `url` holds once made seekable: what recovery can keep of it.
  static func recoverableFrames(_ url: URL) throws -> Int {
    let copy = url.deletingLastPathComponent().appendingPathComponent("probe-\(UUID()).mov")
    try FileManager.default.copyItem(at: url, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileFinalizer.makeSeekable(copy)
    return try MediaProbe.inspect(copy).frameCount
  }

  private static func fill(_ image: ImageView, with index: Int) {
    for plane in 0..<3 { image.fill(plane: plane, with: UInt8((index * 7 + plane * 50) % 256)) }
  }

  /// A checkpoint as the session writes it while recording.
  static func checkpoint(name: String) -> TakeMetadata {
    var outputs: [String: TakeMetadata.OutputRecord] = [:]
    for output in Self.outputs {
      outputs[output] = TakeMetadata.OutputRecord(
        file: fileName(output, name: name), width: size.width, height: size.height,
        codec: "h264", container: "mov", bitrate: nil, frames: 30, durationSeconds: 1, bytes: 1)
    }
    return TakeMetadata(
      status: .recording, app: .init(name: "dualcam", version: "test"),
      host: .init(hostname: "test", operatingSystem: "test", processorCount: 1),
      startedAt: "2020-01-01T00:00:00.000Z", endedAt: "2020-01-01T00:00:01.000Z",
      settings: RecordingSettings(), sources: [:], outputs: outputs,
      sync: TakeMetadata.SyncRecord(
        clockOriginNanoseconds: 0, frames: 30, frameRate: 30, frameRateFraction: "30/1",
        durationSeconds: 1, wallSeconds: 1, pausedSeconds: 0, skewMeanMilliseconds: 0,
        skewMaxMilliseconds: 0, repeatedForEncoderLag: 0, frontRepeatsWritten: 0,
        backRepeatsWritten: 0, front: CameraSyncCounters(), back: CameraSyncCounters()),
      pauses: [], errors: [])
  }
}
