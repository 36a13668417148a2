public import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// Refuses paths that cannot be V4L2 nodes before anything opens them, so `/dev/null`, a
/// folder or a regular file get a plain sentence (and libv4l2 prints none of its own noise).
public enum NodeCheck {
  /// The video4linux character-device major number (fixed in the kernel's devices.txt).
  static let videoMajor: UInt32 = 81

  /// Throws unless `path` is a video4linux character device (or a link to one).
  public static func requireVideoNode(_ path: String) throws(DualCamError) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw V4L2Errors.openFailed(path, errno: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFCHR:
      let major = UInt32(truncatingIfNeeded: (info.st_rdev >> 8) & 0xfff)
      if major != videoMajor {
        throw V4L2Errors.notCapture(
          path, reason: "it is a character device of another kind (major \(major)), not V4L2")
      }
    case S_IFDIR:
      throw V4L2Errors.notCapture(path, reason: "it is a directory")
    case S_IFREG:
      throw V4L2Errors.notCapture(path, reason: "it is a regular file")
    default:
      throw V4L2Errors.notCapture(path, reason: "it is not a device node")
    }
  }
}
