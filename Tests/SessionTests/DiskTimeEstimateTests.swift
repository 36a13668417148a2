import DualCamCore
import Foundation
import Session
import Testing

/// The disk-time estimate both front ends show: forecast from the settings, then measured.
@Suite("Disk time is estimated from the settings, then from the bytes written")
struct DiskTimeEstimateTests {
  let size = ImageSize(width: 320, height: 240)

  func settings(bitrate: BitrateSetting = .auto, cameraCodec: CameraCodec? = nil)
    -> RecordingSettings
  {
    var settings = RecordingSettings()
    settings.size = size
    settings.bitrate = bitrate
    settings.cameraCodec = cameraCodec
    return settings
  }

  /// A take that has recorded `recordedSeconds`, its files holding `bytes` and (by default)
  /// every frame recorded so far, at 30 fps.
  func snapshot(recordedSeconds: Double, bytes: [Int64], framesInFiles: [Int64]? = nil)
    -> SessionSnapshot
  {
    let frames = framesInFiles ?? bytes.map { _ in Int64(recordedSeconds * 30) }
    let camera = SessionSnapshot.Camera(
      label: "", delivered: 0, dropped: 0, duplicates: 0, signalLost: false)
    return SessionSnapshot(
      state: .recording, recordedFrames: Int64(recordedSeconds * 30),
      recordedSeconds: recordedSeconds, wallSeconds: recordedSeconds, pausedSeconds: 0,
      lagRepeats: 0, front: camera, back: camera,
      outputs: zip(["dualview", "front", "back"], zip(bytes, frames)).map {
        SessionSnapshot.Output(name: $0, frames: $1.1, bytes: $1.0)
      },
      failure: nil, takeFolder: nil, takeEnded: false)
  }

  @Test("before a take: the three outputs' bitrates from the settings")
  func forecastFromSettings() {
    let estimate = DiskTimeEstimate(
      settings: settings(bitrate: .explicit(2_000_000)), frontSize: size, backSize: size)
    #expect(!estimate.isMeasured)
    #expect(estimate.bytesPerSecond == 750_000.0)
  }

  @Test("with --camera-codec copy the camera files are the cameras' MJPEG, not the bitrate")
  func copyIsTheCamerasRate() {
    let estimate = DiskTimeEstimate(
      settings: settings(bitrate: .explicit(2_000_000), cameraCodec: .copy), frontSize: size,
      backSize: size)
    // The dual view at its 2 Mbit/s; each camera file 320×240 × 30 fps × 1.5 bits per pixel.
    #expect(estimate.bytesPerSecond == Double(2_000_000 + 2 * 3_456_000) / 8)
  }

  @Test("a camera codec other than the dual view's is costed as its own codec")
  func cameraCodecCounts() throws {
    let estimate = DiskTimeEstimate(
      settings: settings(cameraCodec: .encode(.hevc)), frontSize: size, backSize: size)
    let dualView = try #require(
      BitrateSetting.auto.bitsPerSecond(
        size: ImageSize(width: 320, height: 480), rate: FrameRate(numerator: 30), codec: .h264))
    let camera = try #require(
      BitrateSetting.auto.bitsPerSecond(size: size, rate: FrameRate(numerator: 30), codec: .hevc))
    #expect(estimate.bytesPerSecond == Double(dualView + 2 * camera) / 8)
  }

  @Test("lossless FFV1 has no forecast until measured")
  func losslessHasNoForecast() {
    var lossless = settings()
    lossless.codec = .ffv1
    let estimate = DiskTimeEstimate(settings: lossless, frontSize: size, backSize: size)
    #expect(estimate.bytesPerSecond == nil)
    #expect(estimate.secondsLeft(freeBytes: 1_000_000) == nil)
    let measured = DiskTimeEstimate(
      settings: lossless, frontSize: size, backSize: size,
      snapshot: snapshot(recordedSeconds: 4, bytes: [4_000_000, 2_000_000, 2_000_000]))
    #expect(measured.bytesPerSecond == 2_000_000.0)
  }

  @Test("from 3 recorded seconds on, the bytes written decide, whatever the settings say")
  func measuredAfterThreeSeconds() {
    let copy = settings(cameraCodec: .copy)
    let early = DiskTimeEstimate(
      settings: copy, frontSize: size, backSize: size,
      snapshot: snapshot(recordedSeconds: 2.9, bytes: [100_000, 900_000, 900_000]))
    #expect(!early.isMeasured)
    let measured = DiskTimeEstimate(
      settings: copy, frontSize: size, backSize: size,
      snapshot: snapshot(recordedSeconds: 4, bytes: [400_000, 3_000_000, 3_000_000]))
    #expect(measured.isMeasured)
    #expect(measured.bytesPerSecond == 1_600_000.0)
    #expect(measured.secondsLeft(freeBytes: 16_000_000) == 10.0)
    #expect(measured.secondsLeft(freeBytes: -5) == 0.0)
  }

  @Test("an encoder behind the cameras is weighed by the frames in its file, not the seconds")
  func aLaggingEncoderPromisesNoHoursThatAreNotThere() {
    let plain = settings(bitrate: .explicit(2_000_000))
    // Ten seconds recorded, but the dual view's encoder has written one second's frames.
    let early = DiskTimeEstimate(
      settings: plain, frontSize: size, backSize: size,
      snapshot: snapshot(
        recordedSeconds: 10, bytes: [30_000, 2_500_000, 2_500_000],
        framesInFiles: [30, 300, 300]))
    #expect(!early.isMeasured, "one second of the dual view is too little to say")
    #expect(early.bytesPerSecond == 750_000.0, "the settings' forecast stands meanwhile")
    // Four seconds of frames in the dual view's file: 1.2 MB, 300 kB a second of video.
    let later = DiskTimeEstimate(
      settings: plain, frontSize: size, backSize: size,
      snapshot: snapshot(
        recordedSeconds: 10, bytes: [1_200_000, 2_500_000, 2_500_000],
        framesInFiles: [120, 300, 300]))
    #expect(later.isMeasured)
    #expect(later.bytesPerSecond == 300_000.0 + 2 * 250_000.0)
  }
}
