package import CFFmpeg
package import DualCamCore

extension ImageView {
  /// A view of a planar 4:2:0 `AVFrame`'s pixels; valid while the frame keeps its buffers.
  package init(planarFrame frame: UnsafePointer<AVFrame>, size: ImageSize) {
    let data = frame.pointee.data
    let lines = frame.pointee.linesize
    self.init(
      format: .i420, size: size,
      plane0: Plane(base: data.0!, bytesPerRow: Int(lines.0)),
      plane1: Plane(base: data.1!, bytesPerRow: Int(lines.1)),
      plane2: Plane(base: data.2!, bytesPerRow: Int(lines.2)))
  }
}
