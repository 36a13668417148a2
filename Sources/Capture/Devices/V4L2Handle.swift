internal import CV4L2
import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// An open V4L2 node used for queries (capabilities, formats, controls); closes itself.
///
/// Discovery and controls never stream, so this handle is separate from the streaming device:
/// it only opens, asks and closes, always through `V4L2System` so tests can play the kernel.
struct V4L2Handle: ~Copyable {
  let system: any V4L2System
  let path: String
  let descriptor: Int32

  /// Opens `path` read-write and non-blocking (a query must never wait for a frame).
  init(path: String, system: any V4L2System) throws(DualCamError) {
    switch system.open(path, flags: O_RDWR | O_NONBLOCK) {
    case .success(let descriptor):
      self.system = system
      self.path = path
      self.descriptor = descriptor
    case .wouldBlock:
      throw V4L2Errors.openFailed(path, errno: EAGAIN)
    case .failure(let code):
      throw V4L2Errors.openFailed(path, errno: code)
    }
  }

  deinit { system.close(descriptor) }

  /// Issues `request` on `argument`; returns the errno on failure (EAGAIN counts as failure for
  /// queries, which never block on data).
  func call<Argument>(_ request: UInt, _ argument: inout Argument) -> Int32? {
    let result = withUnsafeMutableBytes(of: &argument) { raw in
      system.ioctl(descriptor, request, raw.baseAddress!)
    }
    switch result {
    case .success: return nil
    case .wouldBlock: return EAGAIN
    case .failure(let code): return code
    }
  }

  /// The node's capabilities, or an error saying it is not a V4L2 device.
  func capability() throws(DualCamError) -> V4L2Capability {
    var raw = v4l2_capability()
    if let code = call(CV4L2_VIDIOC_QUERYCAP, &raw) {
      throw V4L2Errors.notV4L2(path, errno: code)
    }
    // device_caps describes this node; capabilities the whole device (all its nodes).
    let nodeCaps =
      raw.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? raw.device_caps : raw.capabilities
    return V4L2Capability(
      driver: cString(raw.driver), card: cString(raw.card), busInfo: cString(raw.bus_info),
      deviceCaps: nodeCaps)
  }
}

/// What VIDIOC_QUERYCAP says about one node.
struct V4L2Capability {
  var driver: String
  var card: String
  var busInfo: String
  var deviceCaps: UInt32

  /// Whether the node captures video (metadata and output-only nodes do not).
  var capturesVideo: Bool { deviceCaps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
}

/// A NUL-terminated C character array (imported as a tuple) as a Swift string.
func cString<Tuple>(_ tuple: Tuple) -> String {
  withUnsafeBytes(of: tuple) { raw in
    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
  }
}

/// A four-character code as text, e.g. `YUYV`, `MJPG`.
func fourCC(_ code: UInt32) -> String {
  let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
  // Short codes are padded with spaces ("Y8  "); the padding is not part of the name.
  var text = String(decoding: bytes, as: UTF8.self)
  while text.hasSuffix(" ") { text.removeLast() }
  return text
}
