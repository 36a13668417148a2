import DualCamCore
import Encoding
import Foundation
import Media
import Testing

/// `OutputSpec.validate()`: each refusal names the problem and a fix.
@Suite struct OutputSpecTests {
  let url = URL(fileURLWithPath: "/tmp/take.mov")

  @Test func validCombinationsAreTheOnesLibavformatAccepts() throws {
    for codec in VideoCodec.allCases {
      for container in ContainerFormat.allCases where !(codec == .ffv1 && container == .mp4) {
        try Recording.spec(url, codec: codec, container: container).validate()
      }
    }
  }

  @Test func ffv1InMP4NamesTheAlternatives() {
    let spec = Recording.spec(url, codec: .ffv1, container: .mp4)
    #expect(
      throws: DualCamError.invalidArgument(
        "FFV1 cannot be stored in MP4", fix: "use --container mov or mkv, or another codec")
    ) {
      try spec.validate()
    }
  }

  @Test func oddSizeIsRefused() {
    let spec = Recording.spec(url, size: ImageSize(width: 641, height: 480))
    #expect {
      try spec.validate()
    } throws: { error in
      guard case .invalidArgument(let problem, let fix) = error as? DualCamError else {
        return false
      }
      return problem.contains("odd") && fix == "use 642x480"
    }
  }

  @Test func unknownPresetIsRefusedOnlyWhereItMatters() throws {
    var spec = Recording.spec(url, codec: .hevc)
    spec.preset = "turbo"
    #expect {
      try spec.validate()
    } throws: { error in
      guard case .invalidArgument(let problem, let fix) = error as? DualCamError else {
        return false
      }
      return problem == "'turbo' is not a libx265 preset" && fix.contains("ultrafast")
        && fix.contains("placebo")
    }
    spec.codec = .mjpeg  // MJPEG has no presets: ignored
    try spec.validate()
  }

  @Test func nonsenseNumbersAreRefused() {
    var spec = Recording.spec(url)
    spec.keyframeInterval = 0
    #expect(throws: DualCamError.self) { try spec.validate() }
    spec = Recording.spec(url)
    spec.bitsPerSecond = -5
    #expect(throws: DualCamError.self) { try spec.validate() }
    spec = Recording.spec(url)
    spec.encoderThreads = -1
    #expect(throws: DualCamError.self) { try spec.validate() }
    spec = Recording.spec(url, rate: FrameRate(numerator: 0))
    #expect(throws: DualCamError.self) { try spec.validate() }
  }

  @Test func keyframeIntervalDefaultsToAboutOneSecond() {
    let ntsc = FrameRate(numerator: 30000, denominator: 1001)
    #expect(OutputSpec.defaultKeyframeInterval(for: FrameRate(numerator: 30)) == 30)
    #expect(OutputSpec.defaultKeyframeInterval(for: ntsc) == 30)
    #expect(OutputSpec.defaultKeyframeInterval(for: FrameRate(numerator: 25, denominator: 2)) == 13)
    let spec = OutputSpec(
      name: "front", url: url, size: ImageSize(width: 64, height: 48), frameRate: ntsc)
    #expect(spec.keyframeInterval == 30)
    #expect(spec.preset == "veryfast")
    #expect(spec.codec == .h264 && spec.container == .mov)
  }

  @Test func encoderRefusalNamesTheSettingsAndFFmpegsReason() throws {
    let folder = TemporaryFolder()
    var spec = Recording.spec(folder.file("take.mov"))
    spec.bitsPerSecond = 4_000_000_000_000  // libx264 takes kbit/s in an int
    try spec.validate()
    #expect {
      _ = try VideoFileWriter(spec: spec)
    } throws: { error in
      guard case .encoderFailed(let problem, _) = error as? DualCamError else { return false }
      return problem.hasPrefix("libx264 ultrafast 96x64 at 30 fps, 4000000000000 bit/s")
        && problem.contains("could not be opened") && problem.contains("not supported by libx264")
    }
    #expect(!FileManager.default.fileExists(atPath: spec.url.path))
  }

  @Test func emptyTakeFinishesAsAnEmptyFile() throws {
    let folder = TemporaryFolder()
    let url = folder.file("empty.mov")
    let summary = try VideoFileWriter(spec: Recording.spec(url)).finish()
    #expect(summary.frames == 0 && summary.duration == 0)
    let info = try MediaProbe.inspect(url)
    #expect(info.frameCount == 0 && info.size == Recording.smallSize)
    let reader = try VideoFileReader(url: url)
    let image = TestImage(size: reader.size)
    #expect(try reader.readFrame(into: image.image) == .endOfStream)
    withExtendedLifetime(image) {}
  }
}
