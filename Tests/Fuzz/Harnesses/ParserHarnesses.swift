import Capture
import DualCamCore
import Foundation

/// Harnesses for the values of command-line flags (and the same values in the settings file).
/// Each also uses what it parsed the way the recorder would, since a value that parses but
/// traps when used is as bad as a parser that traps.
enum ParserHarnesses {
  static func duration(_ data: Data) {
    let text = FuzzHarness.text(data)
    guard let seconds = try? DurationParser.seconds(in: text) else { return }
    precondition(seconds > 0 && seconds <= DurationParser.maximumSeconds, "\(seconds) s accepted")
    for rate in [FrameRate(numerator: 1), FrameRate(numerator: 240)] {
      _ = try? DurationParser.frames(in: text, at: rate)
    }
  }

  static func size(_ data: Data) {
    let text = FuzzHarness.text(data)
    if let size = try? ImageSize(parsing: text), let valid = try? size.validatedForVideo() {
      _ = valid.area
    }
    do {
      _ = try ImageSize(parsing: text).validatedForVideo()
    } catch {
      // The hint of an odd size names a size to use instead: it must itself be valid.
      if error.problem.contains("odd dimension") {
        let suggested = error.fix.replacingOccurrences(of: "use ", with: "")
        precondition(
          (try? ImageSize(parsing: suggested).validatedForVideo()) != nil,
          "suggested \(suggested) is invalid")
      }
    }
    _ = try? LayoutSettings.CanvasPreset(parsing: text)
  }

  static func frameRate(_ data: Data) {
    guard let rate = try? FrameRate(parsing: FuzzHarness.text(data)) else { return }
    precondition(rate.framesPerSecond >= 1 && rate.framesPerSecond <= 240)
    _ = rate.description
    _ = rate.periodNanoseconds
    _ = rate.time(ofFrame: 1000 * 3600 * 240)  // 1000 hours at the highest rate
    // Encoders keep time bases as 32-bit fractions.
    precondition(Int32(exactly: rate.numerator) != nil && Int32(exactly: rate.denominator) != nil)
  }

  static func bitrate(_ data: Data) {
    guard let setting = try? BitrateSetting(parsing: FuzzHarness.text(data)) else { return }
    let largest = ImageSize(width: ImageSize.maximumDimension, height: ImageSize.maximumDimension)
    for codec in VideoCodec.allCases {
      _ = setting.bitsPerSecond(size: largest, rate: FrameRate(numerator: 240), codec: codec)
    }
    _ = setting.description
  }

  static func sourceSpec(_ data: Data) {
    let text = FuzzHarness.text(data)
    if let spec = try? SourceSpec(parsing: text) { _ = spec.description }
    _ = try? SyntheticCameraOptions(parsing: text)
  }

  static func layout(_ data: Data) {
    let text = FuzzHarness.text(data)
    _ = try? LayoutSettings.Border(parsing: text)
    _ = try? LayoutSettings.Zoom(parsing: text, flag: "--front-zoom")
    _ = try? YUVColor(parsing: text)
    if let number = Double(text) { _ = LayoutSettings.Border.thickness(checking: number) }
  }
}
