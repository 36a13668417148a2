import DualCamCore
import Foundation
import Media

extension FileFinalizer {
  /// Finishes a file its writer has closed: makes an ISO media file seekable and sums it up
  /// with its size on disk. Shared by the encoding and the stream-copy writers.
  static func finishClosedFile(_ spec: OutputSpec, frames: Int64) throws(DualCamError)
    -> OutputSummary
  {
    if spec.container.isISOMedia { try makeSeekable(spec.url) }
    let size = (try? FileManager.default.attributesOfItem(atPath: spec.url.path)[.size]) as? Int
    return OutputSummary(
      url: spec.url, frames: frames, duration: spec.duration(ofFrames: frames),
      bytes: Int64(size ?? 0), codec: spec.codec, container: spec.container,
      frameRate: spec.frameRate)
  }
}
