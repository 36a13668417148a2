internal import CV4L2
import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

// The Swift values `V4L2Device` turns V4L2's C structs into.

/// One failed V4L2 call: which call, and its errno.
struct V4L2CallError: Error, Equatable {
  var call: String
  var code: Int32

  /// True when the device went away (unplugged, or its driver unbound).
  var isDisconnect: Bool { code == ENODEV || code == ENXIO || code == ESHUTDOWN }
}

/// What VIDIOC_QUERYCAP said about a node.
struct V4L2DeviceCapabilities: Equatable {
  var driver: String
  var card: String
  var busInfo: String
  /// The node's own capability bits (device_caps when the driver reports them).
  var capabilities: UInt32

  var canCapture: Bool { capabilities & CV4L2_CAP_VIDEO_CAPTURE != 0 }
  var canStream: Bool { capabilities & CV4L2_CAP_STREAMING != 0 }
}

/// The frame sizes a format offers.
enum V4L2FrameSizes: Equatable {
  case discrete([ImageSize])
  case range(minimum: ImageSize, maximum: ImageSize)
  /// The driver does not enumerate sizes; only S_FMT tells.
  case unknown

  func contains(_ size: ImageSize) -> Bool {
    switch self {
    case .discrete(let sizes): sizes.contains(size)
    case .range(let low, let high):
      (low.width...high.width).contains(size.width)
        && (low.height...high.height).contains(size.height)
    case .unknown: true
    }
  }
}

/// The frame rates a format offers at one size.
enum V4L2FrameRates: Equatable {
  case discrete([FrameRate])
  case range(slowest: FrameRate, fastest: FrameRate)
  case unknown

  func contains(_ rate: FrameRate) -> Bool {
    switch self {
    case .discrete(let rates): rates.contains { $0.isSame(as: rate) }
    case .range(let slowest, let fastest):
      rate.framesPerSecond >= slowest.framesPerSecond - 1e-6
        && rate.framesPerSecond <= fastest.framesPerSecond + 1e-6
    case .unknown: true
    }
  }

  /// The fastest rate on offer, when the driver lists any.
  var fastest: FrameRate? {
    switch self {
    case .discrete(let rates): rates.max { $0.framesPerSecond < $1.framesPerSecond }
    case .range(_, let fastest): fastest
    case .unknown: nil
    }
  }
}

/// A format the driver granted with VIDIOC_S_FMT.
struct V4L2FrameFormat: Equatable {
  var fourcc: UInt32
  var size: ImageSize
  var bytesPerLine: Int
  var imageBytes: Int
}

/// A buffer VIDIOC_DQBUF handed back, filled.
struct V4L2FilledBuffer: Equatable {
  var index: Int
  var bytesUsed: Int
  var timestampNanoseconds: Int64
  var sequence: UInt32
  /// The timestamp is on CLOCK_MONOTONIC (V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC).
  var isMonotonic: Bool
  /// The driver flagged the data as damaged (V4L2_BUF_FLAG_ERROR).
  var isDamaged: Bool
}

/// What a wait on the device found.
enum V4L2Readiness: Equatable {
  case ready
  case idle
  /// POLLERR or POLLHUP: the device is gone or broken.
  case hungUp
}

/// The pixel formats DualCam captures, in the order it prefers them: raw formats cost no
/// decoding, MJPEG needs far less USB bandwidth.
enum V4L2CaptureFormat: CaseIterable {
  case yuyv, nv12, mjpeg

  var fourcc: UInt32 {
    switch self {
    case .yuyv: CV4L2_PIX_FMT_YUYV
    case .nv12: CV4L2_PIX_FMT_NV12
    case .mjpeg: CV4L2_PIX_FMT_MJPEG
    }
  }

  /// The format for a fourcc (JPEG, which some cameras report, is decoded like MJPEG).
  init?(fourcc: UInt32) {
    switch fourcc {
    case CV4L2_PIX_FMT_YUYV: self = .yuyv
    case CV4L2_PIX_FMT_NV12: self = .nv12
    case CV4L2_PIX_FMT_MJPEG, CV4L2_PIX_FMT_JPEG: self = .mjpeg
    default: return nil
    }
  }

  var name: String {
    switch self {
    case .yuyv: "YUYV"
    case .nv12: "NV12"
    case .mjpeg: "MJPEG"
    }
  }

  /// The fourcc as its four letters ("YUYV"), for messages about formats DualCam cannot use.
  static func name(ofFourcc fourcc: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: fourcc >> (8 * $0)) }
    return String(decoding: bytes, as: UTF8.self).trimmingSuffixSpaces
  }
}

extension FrameRate {
  /// Equal as fractions (30/1 and 60/2 are the same rate).
  func isSame(as other: FrameRate) -> Bool {
    numerator * other.denominator == other.numerator * denominator
  }
}

extension String {
  fileprivate var trimmingSuffixSpaces: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
