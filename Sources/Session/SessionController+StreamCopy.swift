import Capture
import DualCamCore

extension SessionController {
  /// With `--camera-codec copy`, both sources must hand on their own MJPEG pictures (V4L2
  /// cameras opened for stream copy); anything else is refused before a file exists.
  func checkStreamCopySources() throws(DualCamError) {
    guard settings.copiesCameraStreams else { return }
    for (position, source) in [(CameraPosition.front, front), (.back, back)]
    where !source.deliversCompressedPictures {
      throw .invalidArgument(
        "--camera-codec copy stores each camera's own MJPEG pictures, but the \(position) "
          + "source (\(source.info.label)) delivers \(source.info.nativeFormat), not MJPEG",
        fix: "use V4L2 cameras that offer MJPEG for both sides, or encode the camera files "
          + "(--camera-codec h264, or leave --camera-codec out)")
    }
  }
}
