import Compositor
public import DualCamCore
import Foundation

/// How fast a take fills the disk, and so how long the free space lasts: worked out from the
/// settings before a take, from the bytes actually written once it has run a few seconds.
///
/// Both front ends show it (the interface's status bar, the `record` progress line). The bytes
/// written are the truth whatever the codecs do; the settings are only a forecast, and with
/// `--camera-codec copy` the camera files carry the camera's own MJPEG at whatever rate the
/// camera sends, not the configured encoder bitrate.
public struct DiskTimeEstimate: Sendable, Equatable {
  /// Bytes per second the three files take together; nil when nothing can be said (lossless
  /// FFV1 before any measurement).
  public var bytesPerSecond: Double?
  /// True when `bytesPerSecond` comes from the bytes written in this take.
  public var isMeasured: Bool

  /// Recorded seconds after which the bytes written are trusted over the settings: the first
  /// second of each file is dominated by its header and first keyframe.
  public static let measuredAfterSeconds = 3.0

  /// Bits per pixel of a UVC webcam's MJPEG at its usual quality (1–2 in practice); the upper
  /// half, so a forecast errs towards less time left. Only used until a take measures it.
  static let cameraMJPEGBitsPerPixel = 1.5

  /// Creates the estimate from `bytesPerSecond` directly.
  public init(bytesPerSecond: Double?, isMeasured: Bool) {
    self.bytesPerSecond = bytesPerSecond
    self.isMeasured = isMeasured
  }

  /// The estimate for `settings` with cameras of `frontSize` and `backSize`: measured from
  /// `snapshot`'s outputs once its take has recorded `measuredAfterSeconds`, else forecast.
  public init(
    settings: RecordingSettings, frontSize: ImageSize, backSize: ImageSize,
    snapshot: SessionSnapshot? = nil
  ) {
    if let snapshot,
      let measured = Self.measuredBytesPerSecond(snapshot, rate: settings.frameRate)
    {
      self.init(bytesPerSecond: measured, isMeasured: true)
    } else {
      self.init(
        bytesPerSecond: Self.forecastBytesPerSecond(
          settings, frontSize: frontSize, backSize: backSize),
        isMeasured: false)
    }
  }

  /// Seconds of recording that `freeBytes` hold at this rate; nil when the rate is unknown.
  public func secondsLeft(freeBytes: Int64) -> Double? {
    guard let bytesPerSecond, bytesPerSecond > 0 else { return nil }
    return Double(max(freeBytes, 0)) / bytesPerSecond
  }

  /// Bytes the files of `snapshot`'s take hold per second of video in them, once each file
  /// holds `measuredAfterSeconds` of frames at `rate`. Each file is weighed by the frames it
  /// holds, not by the seconds recorded: an encoder that lags behind the cameras has written
  /// less than the take has recorded, and dividing its bytes by the recorded seconds would
  /// promise hours of disk that are not there.
  static func measuredBytesPerSecond(_ snapshot: SessionSnapshot, rate: FrameRate) -> Double? {
    let needed = measuredAfterSeconds * rate.framesPerSecond
    guard !snapshot.outputs.isEmpty,
      snapshot.outputs.allSatisfy({ Double($0.frames) >= needed && $0.bytes > 0 })
    else { return nil }
    return snapshot.outputs.reduce(0.0) { total, output in
      total + Double(output.bytes) / (Double(output.frames) / rate.framesPerSecond)
    }
  }

  /// What the settings say the three files will take per second; nil for lossless outputs.
  static func forecastBytesPerSecond(
    _ settings: RecordingSettings, frontSize: ImageSize, backSize: ImageSize
  ) -> Double? {
    guard
      let canvas = try? StackLayout(
        settings: settings.layout, frontSize: frontSize, backSize: backSize
      ).canvasSize,
      let dualView = settings.bitrate.bitsPerSecond(
        size: canvas, rate: settings.frameRate, codec: settings.codec)
    else { return nil }
    var bits = Double(dualView)
    for size in [frontSize, backSize] {
      switch settings.effectiveCameraCodec {
      case .copy:
        bits += Double(size.area) * settings.frameRate.framesPerSecond * cameraMJPEGBitsPerPixel
      case .encode(let codec):
        guard
          let camera = settings.bitrate.bitsPerSecond(
            size: size, rate: settings.frameRate, codec: codec)
        else { return nil }
        bits += Double(camera)
      }
    }
    return bits / 8
  }

  /// Free bytes for an unprivileged writer on the file system holding `path` (or its nearest
  /// existing parent); nil when it cannot be read.
  public static func freeBytes(at path: String) -> Int64? {
    var url = URL(fileURLWithPath: path)
    while !FileManager.default.fileExists(atPath: url.path) && url.path != "/" {
      url.deleteLastPathComponent()
    }
    var info = statvfs()
    guard statvfs(url.path, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
  }
}
