import Capture
public import DualCamCore
import Foundation
public import Session

/// A session recording two synthetic cameras into three files in a temporary folder, for
/// measuring the steady state of the whole frame path: capture → clock → compositor → encoders.
public final class RecordingRig: @unchecked Sendable {
  /// The session being measured.
  public let session: SessionController
  private let folder: URL

  /// Starts previewing and recording `size` at `rate` with `codec` and x264 `preset`.
  public init(
    size: ImageSize = ImageSize(width: 1280, height: 720),
    rate: FrameRate = FrameRate(numerator: 30),
    preset: String = "ultrafast", canvas: LayoutSettings.CanvasPreset = .fullStack
  ) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var settings = RecordingSettings()
    settings.size = size
    settings.frameRate = rate
    settings.preset = preset
    settings.layout.canvas = canvas
    settings.outputDirectory = folder.path
    session = SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate))
    try session.startRecording()
  }

  /// Output frames written to the dual-view file so far (allocates: call outside measurements).
  public var framesWritten: Int64 { session.snapshot().outputs.first?.frames ?? 0 }

  /// Stops the take and removes its files.
  public func finish() {
    _ = try? session.stopRecording()
    session.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }
}

/// A rig a benchmark's teardown finishes.
public protocol FinishableRig: AnyObject, Sendable {
  /// Stops whatever the rig runs and removes its files.
  func finish()
}

extension RecordingRig: FinishableRig {}
extension EncoderRig: FinishableRig {}
