import Capture
import DualCamCore
import Foundation
import Media
import Session
import TestSupport
import Testing

/// A real take recorded once for the whole suite (two synthetic cameras through the session,
/// libx264 and the MOV muxer), and what sequential decoding says every frame of each file is:
/// the ground truth the engine's seeks are held to.
struct RecordedTake: Sendable {
  /// The take folder (left in the temporary directory: shared by every test of the run).
  let folder: URL
  /// Frames in each file.
  let frameCount: Int64
  /// The stamp of every front and back frame, as sequential decoding reads it.
  let frontStamps: [FrameStamp?]
  let backStamps: [FrameStamp?]
  /// A checksum of every frame's luma, per file.
  let checksums: [String: [UInt64]]

  static let size = ImageSize(width: 320, height: 240)
  static let frames: Int64 = 75

  /// Recorded on first use.
  static let shared: Result<RecordedTake, any Error> = Result { try record() }

  static func get() throws -> RecordedTake { try shared.get() }

  /// Records a take of `frames` frames with these settings and decodes it sequentially.
  static func record(
    codec: VideoCodec = .h264, container: ContainerFormat = .mov, frames: Int64 = frames
  ) throws -> RecordedTake {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-playback-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    var settings = RecordingSettings()
    settings.size = size
    settings.outputDirectory = root.path
    settings.codec = codec
    settings.container = container
    let session = SessionController(
      settings: settings,
      front: try SourceSpec(parsing: "synthetic").makeSource(
        position: .front, size: size, rate: settings.frameRate),
      back: try SourceSpec(parsing: "synthetic").makeSource(
        position: .back, size: size, rate: settings.frameRate))
    defer { session.shutdown() }
    try session.startRecording(frameLimit: frames)
    let deadline = Date().addingTimeInterval(60)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    let folder = try session.stopRecording().folder
    let take = try TakeInspector(folder: folder)
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    var checksums: [String: [UInt64]] = [:]
    for name in ["dualview", "front", "back"] {
      checksums[name] = try sequentialChecksums(of: take.url(of: name))
    }
    return RecordedTake(
      folder: folder, frameCount: Int64(front.times.count), frontStamps: front.stamps,
      backStamps: back.stamps, checksums: checksums)
  }

  private static func sequentialChecksums(of url: URL) throws -> [UInt64] {
    let reader = try VideoFileReader(url: url)
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    let frame = pool.lease()!
    defer { frame.release() }
    var sums: [UInt64] = []
    while case .frame = try reader.readFrame(into: frame.image) {
      sums.append(checksum(frame.image))
    }
    return sums
  }

  /// FNV-1a over every luma sample (the stamps and the moving pattern differ frame to frame).
  static func checksum(_ image: ImageView) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for row in 0..<image.size.height {
      let line = image.plane0.base.advanced(by: row * image.plane0.bytesPerRow)
      for column in stride(from: 0, to: image.size.width, by: 3) {
        hash = (hash ^ UInt64(line[column])) &* 0x100_0000_01b3
      }
    }
    return hash
  }
}
