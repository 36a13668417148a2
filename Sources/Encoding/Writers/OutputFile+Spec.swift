package import DualCamCore
import Foundation
package import Media

extension OutputFile {
  /// Prepares the file `spec` describes (its container, its path); streams are added next.
  package convenience init(spec: OutputSpec) throws(DualCamError) {
    FFmpegLog.installIfNeeded()
    try self.init(muxerName: spec.container.muxerName, url: spec.url)
  }

  /// Creates the file and writes its header with the fragmenting `spec` calls for (about one
  /// keyframe interval per fragment or cluster). `description` names the streams for messages.
  package func begin(_ spec: OutputSpec, description: String) throws(DualCamError) {
    var options = EncoderSettings(spec: spec).muxerOptions()
    try begin(options: &options, description: description)
  }

  /// Closes the file after its last packet and finishes it as `spec` says (an ISO media file
  /// is rewritten seekable); `frames` are the video frames it holds.
  package func finish(_ spec: OutputSpec, frames: Int64) throws(DualCamError) -> OutputSummary {
    try close()
    let summary = try FileFinalizer.finishClosedFile(spec, frames: frames)
    noteFinishedSize(summary.bytes)
    return summary
  }
}
