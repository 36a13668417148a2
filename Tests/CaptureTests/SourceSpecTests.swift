import Capture
import DualCamCore
import Testing

@Suite("Source specs as users type them")
struct SourceSpecTests {
  @Test("synthetic, file and device forms parse")
  func forms() throws {
    guard case .synthetic(let options) = try SourceSpec(parsing: "synthetic:fps=25") else {
      Issue.record("synthetic not recognised")
      return
    }
    #expect(options.frameRate == FrameRate(numerator: 25))
    guard
      case .file(let path, let loop, let rate, let raw) = try SourceSpec(
        parsing: "file:/videos/a b.mp4?loop&fps=29.97")
    else {
      Issue.record("file not recognised")
      return
    }
    #expect(path == "/videos/a b.mp4" && loop && raw == nil)
    #expect(rate == FrameRate(numerator: 30000, denominator: 1001))
    #expect(try SourceSpec(parsing: "/dev/video2") == .device(path: "/dev/video2"))
  }

  @Test func aCameraCanBeAskedForItsFormat() throws {
    #expect(
      try SourceSpec(parsing: "/dev/video2?format=mjpeg")
        == .device(
          path: "/dev/video2", format: .mjpeg))
    #expect(try SourceSpec(parsing: "/dev/video2?format=auto") == .device(path: "/dev/video2"))
    #expect(
      SourceSpec.device(path: "/dev/video2", format: .yuyv).description
        == "/dev/video2?format=yuyv")
    #expect(SourceSpec.spec("/dev/video2", withFormat: .mjpeg) == "/dev/video2?format=mjpeg")
    #expect(
      SourceSpec.spec("/dev/video2?format=yuyv", withFormat: .mjpeg) == "/dev/video2?format=mjpeg")
    #expect(SourceSpec.spec("synthetic", withFormat: .mjpeg) == "synthetic")
    #expect(throws: DualCamError.self) { try SourceSpec(parsing: "/dev/video2?format=h264") }
    #expect(throws: DualCamError.self) { try SourceSpec(parsing: "/dev/video2?fps=30") }
  }

  @Test(
    "bad specs name the problem",
    arguments: [
      ("camera1", "is not understood"), ("file:", "needs a path"),
      ("file:x.yuv", "needs its frame size"), ("file:x.mp4?speed=2", "not understood"),
      ("file:x.yuv?size=64x48&format=rgb", "not one of i420"),
    ])
  func badSpecs(_ text: String, _ message: String) {
    do {
      _ = try SourceSpec(parsing: text)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.problem.contains(message), "\(error.problem)")
    }
  }

  @Test("raw formats take FFmpeg's names as well as ours")
  func ffmpegPixelFormatNames() throws {
    for (name, format) in [
      ("i420", PixelFormat.i420), ("yuv420p", .i420), ("NV12", .nv12), ("yuyv", .yuyv),
      ("yuyv422", .yuyv),
    ] {
      let spec = try SourceSpec(parsing: "file:a.yuv?size=64x48&format=\(name)")
      guard case .file(_, _, _, let raw?) = spec else {
        Issue.record("\(name): no raw format")
        continue
      }
      #expect(raw.pixelFormat == format, "\(name)")
    }
  }

  @Test("a path that is not under /dev is opened, so that opening it says what it is")
  func plainPathsAreDevicePaths() throws {
    #expect(try SourceSpec(parsing: "/tmp") == .device(path: "/tmp"))
    #expect(try SourceSpec(parsing: "./video.mp4") == .device(path: "./video.mp4"))
    #expect(throws: DualCamError.self) { try SourceSpec(parsing: "webcam-that-is-not-here") }
  }

  /// These trapped: an empty `=` option indexed an empty array; fps=1e308 converted to Int.
  @Test(
    "hostile options are refused, not trapped on",
    arguments: [
      ("file:a.yuv?=", "not understood"), ("file:a.yuv?==&size=2x2", "not understood"),
      ("synthetic:fps=1e308", "outside 1–240 fps"), ("synthetic:=", "not key=value"),
      ("synthetic:jitter=1e308ms", "not a duration"), ("synthetic:phase=nan", "not a duration"),
      ("synthetic:size=99999x99999", "larger than 8192"),
    ])
  func hostileOptions(_ text: String, _ message: String) {
    do {
      _ = try SourceSpec(parsing: text)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.problem.contains(message), "\(error.problem)")
    }
  }
}
