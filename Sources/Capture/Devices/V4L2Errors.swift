import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// Errors for opening and querying V4L2 nodes, in words a user can act on.
enum V4L2Errors {
  /// The node could not be opened.
  static func openFailed(_ path: String, errno code: Int32) -> DualCamError {
    switch code {
    case ENOENT:
      .sourceUnavailable(
        "\(path) does not exist", fix: "run 'dualcam devices' to list the cameras present")
    case EACCES, EPERM:
      .sourceUnavailable(
        "permission denied opening \(path)",
        fix: "add yourself to the group that owns it (usually 'video'): sudo usermod -aG video "
          + "$USER, then log in again")
    case EBUSY:
      .sourceUnavailable(
        "\(path) is busy", fix: "close the other program using the camera and try again")
    case ENODEV, ENXIO:
      .sourceUnavailable(
        "\(path) is gone (unplugged?)", fix: "reconnect the camera and run 'dualcam devices'")
    case EISDIR:
      notCapture(path, reason: "it is a directory")
    case ENOTTY, EINVAL:
      notCapture(path, reason: "it is not a V4L2 device")
    default:
      .sourceUnavailable(
        "cannot open \(path): \(describe(code))",
        fix: "check that the camera is connected; 'dualcam devices' lists the cameras present")
    }
  }

  /// The node answered VIDIOC_QUERYCAP with an error, so it is not a V4L2 device.
  static func notV4L2(_ path: String, errno code: Int32) -> DualCamError {
    if code == ENODEV {
      return openFailed(path, errno: code)
    }
    return notCapture(path, reason: "it is not a V4L2 device (\(describe(code)))")
  }

  /// The path is not something that captures video.
  static func notCapture(_ path: String, reason: String) -> DualCamError {
    .sourceUnavailable(
      "\(path) is not a video capture device: \(reason)",
      fix: "run 'dualcam devices' to list the capture devices, e.g. /dev/video0")
  }

  /// The kernel's words for `code`.
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
