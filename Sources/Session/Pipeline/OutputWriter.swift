import DualCamCore
import Encoding

/// The file writer behind one output: an encoder, or a stream copy of a camera's own pictures.
///
/// `@unchecked Sendable`: it is opened on a thread of its own and then used by its output's
/// worker thread alone (and finished by the control thread after that worker has ended); only
/// the counters, atomics in the writers, are read from other threads.
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
  /// Opening a writer takes 2–30 ms at 1080p (files, muxer headers, an encoder's memory); side
  /// by side the three take about as long as the slowest instead of their sum, and the record
  /// key answers that much sooner. x264's own open call still takes turns
  /// (`X264VideoEncoder`).
  ///
  /// - Throws: the error of the first spec (in order) that failed. The writers that did open
  ///   are released with the results and close their files in `deinit`; the caller removes
  ///   the take folder.
  static func openAll(specs: [OutputSpec], standIns: [FrameBuffer?]) throws(DualCamError)
    -> [OutputWriter]
  {
    precondition(specs.count == standIns.count, "one stand-in (or nil) per spec")
    // Threads an encoder starts while opening (x264's slice workers) inherit this name and
    // keep it for the take, so it names the encoder rather than the opening.
    let results = SideBySide.run(threadNames: specs.map { "encode-\($0.name)" }) {
      index -> Result<OutputWriter, DualCamError> in
      do throws(DualCamError) {
        return .success(try OutputWriter(spec: specs[index], standIn: standIns[index]))
      } catch {
        return .failure(error)
      }
    }
    var writers: [OutputWriter] = []
    for result in results {
      switch result {
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
