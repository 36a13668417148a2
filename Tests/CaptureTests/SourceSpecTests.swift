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
}
