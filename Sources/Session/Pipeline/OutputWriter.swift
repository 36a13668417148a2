import Dispatch
import DualCamCore
import Encoding
import Synchronization

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

  /// Opens one writer per spec at the same time, `standIns[i]` going with `specs[i]`.
  ///
  /// Opening an encoder is mostly the kernel handing it fresh zeroed memory, 2–30 ms for a
  /// 1080p x264 encoder; side by side on the machine's cores the three take about as long as
  /// the slowest instead of their sum, and the record key answers that much sooner.
  ///
  /// - Throws: the error of the first spec (in order) that failed. The writers that did open
  ///   are released with the results and close their files in `deinit`; the caller removes
  ///   the take folder.
  static func openAll(specs: [OutputSpec], standIns: [FrameBuffer?]) throws(DualCamError)
    -> [OutputWriter]
  {
    precondition(specs.count == standIns.count, "one stand-in (or nil) per spec")
    let results = Mutex<[Result<OutputWriter, DualCamError>?]>(
      Array(repeating: nil, count: specs.count))
    DispatchQueue.concurrentPerform(iterations: specs.count) { index in
      let result: Result<OutputWriter, DualCamError>
      do throws(DualCamError) {
        result = .success(try OutputWriter(spec: specs[index], standIn: standIns[index]))
      } catch {
        result = .failure(error)
      }
      results.withLock { $0[index] = result }
    }
    var writers: [OutputWriter] = []
    for result in results.withLock({ $0 }) {
      switch result! {
      case .success(let writer): writers.append(writer)
      case .failure(let error): throw error
      }
    }
    return writers
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
