/// The format a V4L2 camera is asked to send (`/dev/video0?format=mjpeg`): one the user chose,
/// or `auto` to let DualCam pick (uncompressed first, MJPEG where the rate needs it).
public enum CameraFormatRequest: String, Sendable, Hashable, CaseIterable {
  /// DualCam chooses, and switches to MJPEG when the USB bus refuses the bandwidth.
  case auto
  /// Motion JPEG: far less USB bandwidth, some CPU to decode.
  case mjpeg
  /// Packed YUV 4:2:2, uncompressed.
  case yuyv
  /// YUV 4:2:0 with interleaved chroma, uncompressed.
  case nv12

  /// The capture format it asks for; nil for `auto`.
  var captureFormat: V4L2CaptureFormat? {
    switch self {
    case .auto: nil
    case .mjpeg: .mjpeg
    case .yuyv: .yuyv
    case .nv12: .nv12
    }
  }

  /// The words a user types after `?format=`.
  public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
