import DualCamCore
import Encoding
import Media

/// One output file of a take: the file, which owns the muxer, and the producer of its video
/// stream. Sound streams join the video here, added to the file before it begins.
///
/// `@unchecked Sendable`: it is opened on a thread of its own and then used by its output's
/// worker thread alone (and finished by the control thread after that worker has ended); only
/// the counters (atomics in the writers) and the file's byte count are read from other threads,
/// and the file serialises its writes.
struct OutputWriter: @unchecked Sendable {

  /// The producer of the file's video stream.
  enum Video {
    /// Pictures encoded from decoded frames (every dual view; camera files by default).
    case encoder(VideoFileWriter)
    /// The camera's compressed pictures stored as sent (`--camera-codec copy`).
    case streamCopy(PacketCopyWriter)
  }

  /// What the file was created with.
  let spec: OutputSpec
  /// The file and its muxer.
  let file: OutputFile
  /// The video stream's producer.
  let video: Video
  /// The file's sound streams, one per track of the take (its packets come from the take's
  /// `AudioTrack`s, each encoded once for the three files); empty without sound.
  let audioStreams: [OutputFile.Stream]

  /// Creates the file `spec` calls for with its video stream and writes the header. A stream
  /// copy stores `standIn` (encoded once, now) for frames without a camera picture. For each of
  /// `audio`, the file gets a sound stream that encoder describes, after the video, in order.
  init(spec: OutputSpec, standIn: FrameBuffer?, audio: [AudioEncoder] = []) throws(DualCamError) {
    let file = try OutputFile(spec: spec)
    let description: String
    if spec.streamCopy {
      let copier = try PacketCopyWriter(spec: spec, standIn: standIn?.image, addingStreamTo: file)
      video = .streamCopy(copier)
      description = copier.streamDescription
    } else {
      let encoder = try VideoFileWriter(spec: spec, addingStreamTo: file)
      video = .encoder(encoder)
      description = encoder.streamDescription
    }
    var streams: [OutputFile.Stream] = []
    for encoder in audio { streams.append(try AudioTrack.addStream(for: encoder, to: file)) }
    audioStreams = streams
    let sounds = audio.map { "\($0.settings.summary) sound" }.joined(separator: " and ")
    let described = audio.isEmpty ? description : "\(description) and \(sounds)"
    try file.begin(spec, description: described)
    self.spec = spec
    self.file = file
  }

  /// Opens one writer per output at the same time, `standIns[role]` going with `specs[role]`.
  ///
  /// Opening a writer takes 2–30 ms at 1080p (files, muxer headers, an encoder's memory); side
  /// by side the three take about as long as the slowest instead of their sum, and the record
  /// key answers that much sooner. x264's own open call still takes turns
  /// (`X264VideoEncoder`).
  ///
  /// - Throws: the error of the first output (in the set's order) that failed. The writers
  ///   that did open are released with the results and close their files in `deinit`; the
  ///   caller removes the take folder.
  static func openAll(
    specs: OutputSet<OutputSpec>, standIns: OutputSet<FrameBuffer?>, audio: [AudioEncoder] = []
  ) throws(DualCamError) -> OutputSet<OutputWriter> {
    // Threads an encoder starts while opening (x264's slice workers) inherit this name and
    // keep it for the take, so it names the encoder rather than the opening.
    let results = SideBySide.run(threadPrefix: "encode") {
      role -> Result<OutputWriter, DualCamError> in
      do throws(DualCamError) {
        return .success(try OutputWriter(spec: specs[role], standIn: standIns[role], audio: audio))
      } catch {
        return .failure(error)
      }
    }
    return try OutputSet { role throws(DualCamError) in try results[role].get() }
  }

  /// Video frames in the file so far.
  var framesWritten: Int64 {
    switch video {
    case .encoder(let writer): writer.framesWritten
    case .streamCopy(let writer): writer.framesWritten
    }
  }

  /// Bytes in the file so far (all its streams).
  var bytesWritten: Int64 { file.bytesWritten }

  /// Ends every stream and completes the file.
  func finish() throws(DualCamError) -> OutputSummary {
    switch video {
    case .encoder(let writer): try writer.endStream()
    case .streamCopy(let writer): try writer.endStream()
    }
    return try file.finish(spec, frames: framesWritten)
  }
}
