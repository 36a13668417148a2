import DualCamCore
import Foundation
import Testing

@Suite("Settings as users type them")
struct SettingsTests {
  @Test("text-typed settings are stored as the same text and read back")
  func storedAsText() throws {
    var settings = RecordingSettings()
    settings.bitrate = .level(.high)
    settings.layout.canvas = .custom(ImageSize(width: 640, height: 360))
    let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    #expect(text.contains(#""bitrate":"high""#))
    #expect(text.contains(#""canvas":"640x360""#))
    #expect(try JSONDecoder().decode(RecordingSettings.self, from: Data(text.utf8)) == settings)

    let broken = text.replacingOccurrences(of: #""canvas":"640x360""#, with: #""canvas":"641x360""#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RecordingSettings.self, from: Data(broken.utf8))
    }
  }

  @Test("frame rates parse to exact, reduced fractions")
  func frameRates() throws {
    #expect(try FrameRate(parsing: "29.97") == FrameRate(numerator: 30000, denominator: 1001))
    #expect(try FrameRate(parsing: "12.5").fractionDescription == "25/2")
    #expect(try FrameRate(parsing: "60000/1001").framesPerSecond > 59.9)
    // 30000 frames at 30000/1001 fps last exactly 1001 s: slot times never drift.
    #expect(
      FrameRate(numerator: 30000, denominator: 1001).time(ofFrame: 30000) == 1_001_000_000_000)
    #expect(throws: DualCamError.self) { try FrameRate(parsing: "0") }
    #expect(throws: DualCamError.self) { try FrameRate(parsing: "fast") }
  }

  @Test("sizes, bitrates and codecs parse, and refuse with a fix")
  func parsing() throws {
    #expect(try ImageSize(parsing: "1080p") == ImageSize(width: 1920, height: 1080))
    #expect(try ImageSize(parsing: "640×480") == ImageSize(width: 640, height: 480))
    #expect(try BitrateSetting(parsing: "2500k") == .explicit(2_500_000))
    #expect(try BitrateSetting(parsing: "8M") == .explicit(8_000_000))
    #expect(try VideoCodec(parsing: "x265") == .hevc)
    #expect(try ContainerFormat(parsing: ".MKV") == .mkv)
    do {
      _ = try ImageSize(parsing: "641x480").validatedForVideo()
      Issue.record("an odd width was accepted")
    } catch {
      #expect(error.fix == "use 642x480")
    }
  }
}
