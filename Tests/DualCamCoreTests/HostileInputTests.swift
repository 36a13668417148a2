import DualCamCore
import Foundation
import Testing

/// Values no one means, from the issue's list and from fuzzing: each is refused with a message,
/// none traps.
@Suite("Parsers refuse absurd input instead of trapping")
struct HostileInputTests {
  static func refusal(_ body: () throws(DualCamError) -> Void) -> DualCamError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: ["1e18", "9999999999999999h", "1e308s", "inf", "nan", "-5", "0", "1h-1m"])
  func durations(text: String) {
    let error = Self.refusal { () throws(DualCamError) in
      _ = try DurationParser.frames(in: text, at: FrameRate(numerator: 240))
    }
    #expect(error?.exitCode == 64, "\(text) was accepted")
  }

  @Test func theLongestDurationStillCounts() throws {
    #expect(try DurationParser.frames(in: "1000h", at: FrameRate(numerator: 240)) == 864_000_000)
    #expect(throws: DualCamError.self) { try DurationParser.seconds(in: "1000h1s") }
    #expect(throws: DualCamError.self) { try DurationParser.seconds(in: "١s") }
  }

  @Test(arguments: [
    "1e19", "1e308", "-1e308", "nan", "9223372036854775807/1", "1/9223372036854775807",
    "1000001/1000000", "0.5", "240.4",
  ])
  func frameRates(text: String) {
    #expect(Self.refusal { () throws(DualCamError) in _ = try FrameRate(parsing: text) } != nil)
  }

  @Test func frameRateEdgesStillParse() throws {
    #expect(try FrameRate(parsing: "240") == FrameRate(numerator: 240))
    #expect(try FrameRate(parsing: "1") == FrameRate(numerator: 1))
    #expect(try FrameRate(parsing: "1000000/1000000") == FrameRate(numerator: 1))
  }

  @Test(arguments: ["1e19", "99999999999999999999", "1e30m", "nan", "infk", "99999", "1001M"])
  func bitrates(text: String) {
    let error = Self.refusal { () throws(DualCamError) in _ = try BitrateSetting(parsing: text) }
    #expect(error != nil)
  }

  @Test func anOddOversizedSizeGetsTheSizeLimitNotAnInvalidSuggestion() {
    let error = Self.refusal { () throws(DualCamError) in
      _ = try ImageSize(parsing: "99999x99999").validatedForVideo()
    }
    #expect(error?.problem.contains("larger than 8192") == true, "\(String(describing: error))")
    let huge = Self.refusal { () throws(DualCamError) in
      _ = try ImageSize(parsing: "9223372036854775807x1").validatedForVideo()
    }
    #expect(huge != nil)
  }

  @Test func bordersUseOneRange() throws {
    #expect(try LayoutSettings.Border(parsing: "200").thickness == 200)
    #expect(try LayoutSettings.Border(parsing: "3:white").thickness == 4, "rounded up to even")
    for text in ["", ":", ":white", "0", "201", "9223372036854775807", "-4", "4:"] {
      #expect(
        Self.refusal { () throws(DualCamError) in _ = try LayoutSettings.Border(parsing: text) }
          != nil, "\(text)")
    }
    #expect(LayoutSettings.Border.thickness(checking: .infinity) == nil)
    #expect(LayoutSettings.Border.thickness(checking: 9.3e18) == nil)
    #expect(LayoutSettings.Border.thickness(checking: 2.5) == nil)
  }

  @Test func zooms() throws {
    let zoom = try LayoutSettings.Zoom(parsing: "2x@0.25,0.75", flag: "--front-zoom")
    #expect(zoom.factor == 2 && zoom.centerX == 0.25 && zoom.centerY == 0.75)
    for text in ["", "@", "@0.5,0.5", "nan", "2@nan,0.5", "2@0.5", "2@0.5,0.5,0.5", "2@,"] {
      #expect(
        Self.refusal { () throws(DualCamError) in
          _ = try LayoutSettings.Zoom(parsing: text, flag: "--front-zoom")
        } != nil, "\(text)")
    }
  }

  @Test func checkedConversions() {
    #expect(Double(9_223_372_036_854_775_807).roundedInteger(in: Int.min...Int.max) == nil)
    #expect(Double.nan.roundedInteger(in: 0...10) == nil)
    #expect((-Double.infinity).roundedInteger(in: Int.min...Int.max) == nil)
    #expect(4.6.roundedInteger(in: 0...10) == 5)
    #expect(10.4.roundedInteger(in: 0...10) == 10)
    #expect(10.6.roundedInteger(in: 0...10) == nil)
  }

  @Test func ffmpegPixelFormatNames() {
    #expect(PixelFormat(name: "yuv420p") == .i420)
    #expect(PixelFormat(name: "YUYV422") == .yuyv)
    #expect(PixelFormat(name: "nv12") == .nv12)
    #expect(PixelFormat(name: "rgb24") == nil)
  }

  @Test func controlCharactersAreEscaped() {
    #expect("a\nb\tc\u{1B}[2J\u{7F}".escapingControlCharacters == "a\\nb\\tc\\u{1B}[2J\\u{7F}")
    #expect("plain é/路径".escapingControlCharacters == "plain é/路径")
    // Direction overrides reorder what the terminal shows: written out too; emoji are kept.
    #expect("\u{202E}gnp.exe".escapingControlCharacters == "\\u{202E}gnp.exe")
    #expect("a\u{2066}b\u{200F}".escapingControlCharacters == "a\\u{2066}b\\u{200F}")
    #expect("take 🎬".escapingControlCharacters == "take 🎬")
  }

  @Test func twoSignalsInQuickSuccessionCountAsOne() {
    var debouncer = SignalDebouncer()
    let start = MonotonicTime.seconds(100)
    // (signals received so far, when the loop checked, whether it toggles)
    let checks: [(Int, Int64, Bool)] = [
      (0, 0, false),  // no signal yet
      (1, 0, true),
      // The second signal came 30 ms later and was seen at the next check, 0.1 s on.
      (2, 100_000_000, false),
      (2, 200_000_000, false),
      (4, 500_000_000, true),  // two in the same check are one toggle, not zero
      (5, 900_000_000, true),  // 0.4 s after the last toggle: a new one
    ]
    for (count, offset, expected) in checks {
      let toggled = debouncer.accept(count: count, at: start + offset)
      #expect(toggled == expected, "count \(count) at +\(offset) ns")
    }
  }
}
