import DualCamCore
import Encoding

/// The file writer behind one output: an encoder, or a stream copy of a camera's own pictures.
enum OutputWriter: @unchecked Sendable {
  /// Pictures encoded from decoded frames (every dual view; camera files by default).
  case encoder(VideoFileWriter)
  /// The camera's compressed pictures stored as sent (`--camera-codec copy`).
  case streamCopy(PacketCopyWriter)

  /// Opens the writer `spec` calls for and creates its file. A stream copy stores `standIn`
  /// (encoded once, now) for frames without a camera picture.
  init(spec: OutputSpec, standIn: FrameBuffer?) throws(DualCamError) {
    if spec.streamCopy {
      self = .streamCopy(try PacketCopyWriter(spec: spec, standIn: standIn?.image))
    } else {
      self = .encoder(try VideoFileWriter(spec: spec))
    }
  }

  /// Frames in the file so far.
  var framesWritten: Int64 {
    switch self {
    case .encoder(let writer): writer.framesWritten
    case .streamCopy(let writer): writer.framesWritten
    }
  }

  /// Bytes in the file so far.
  var bytesWritten: Int64 {
    switch self {
    case .encoder(let writer): writer.bytesWritten
    case .streamCopy(let writer): writer.bytesWritten
    }
  }

  /// Completes the file.
  func finish() throws(DualCamError) -> OutputSummary {
    switch self {
    case .encoder(let writer): try writer.finish()
    case .streamCopy(let writer): try writer.finish()
    }
  }
}
