import ArgumentParser
import DualCamCore

/// Flags that shape the stacked dual view.
struct LayoutOptions: ParsableArguments {
  @Flag(name: .long, help: "Put the back camera on top.")
  var swap = false

  @Option(name: .long, help: "Share of the height for the top camera: 50/50, 60/40, 70/30.")
  var split: String?

  @Option(
    name: .long, help: "Dual-view size: full (both at native size), portrait, landscape, WxH.")
  var canvas: String?

  @Option(name: .long, help: "How each camera fills its band: fill (crop) or fit (letterbox).")
  var scaling: String?

  @Option(name: .long, help: "Line between the cameras: PIXELS[:COLOR], e.g. 4:white or 6:#FF8800.")
  var border: String?

  @Option(name: .long, help: "Digital zoom of the front camera: FACTOR[@X,Y], X,Y in 0–1.")
  var frontZoom: String?

  @Option(name: .long, help: "Digital zoom of the back camera: FACTOR[@X,Y], X,Y in 0–1.")
  var backZoom: String?

  /// `base` (the settings file's layout) with these flags applied, validated.
  func settings(over base: LayoutSettings = LayoutSettings()) throws(DualCamError)
    -> LayoutSettings
  {
    var layout = base
    if swap { layout.order = .backOnTop }
    if let split {
      guard let ratio = LayoutSettings.SplitRatio(rawValue: split) else {
        throw .invalidArgument("split '\(split)' is not offered", fix: "use 50/50, 60/40 or 70/30")
      }
      layout.split = ratio
    }
    if let canvas { layout.canvas = try LayoutSettings.CanvasPreset(parsing: canvas) }
    if let scaling {
      guard let mode = LayoutSettings.ScaleMode(rawValue: scaling.lowercased()) else {
        throw .invalidArgument(
          "scaling '\(scaling)' is not fill or fit", fix: "use --scaling fill or fit")
      }
      layout.frontScaling = mode
      layout.backScaling = mode
    }
    if let border { layout.border = try Self.parseBorder(border) }
    if let frontZoom { layout.frontZoom = try Self.parseZoom(frontZoom, flag: "--front-zoom") }
    if let backZoom { layout.backZoom = try Self.parseZoom(backZoom, flag: "--back-zoom") }
    return layout
  }

  static func parseBorder(_ text: String) throws(DualCamError) -> LayoutSettings.Border {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard let thickness = Int(parts[0]), (1...200).contains(thickness) else {
      throw .invalidArgument(
        "border '\(text)' needs a thickness of 1–200 pixels",
        fix: "e.g. --border 4 or --border 4:white")
    }
    let color = try parts.count == 2 ? YUVColor(parsing: parts[1]) : YUVColor.white
    return LayoutSettings.Border(thickness: (thickness + 1) & ~1, color: color)
  }

  static func parseZoom(_ text: String, flag: String) throws(DualCamError) -> LayoutSettings.Zoom {
    let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
    let factorText = parts[0].hasSuffix("x") ? String(parts[0].dropLast()) : parts[0]
    guard let factor = Double(factorText), (1...10).contains(factor) else {
      throw .invalidArgument(
        "\(flag) \(text): the factor must be 1–10", fix: "e.g. \(flag) 2 or 2@0.3,0.5")
    }
    guard parts.count == 2 else { return LayoutSettings.Zoom(factor: factor) }
    let centre = parts[1].split(separator: ",").compactMap { Double($0) }
    guard centre.count == 2, centre.allSatisfy({ (0...1).contains($0) }) else {
      throw .invalidArgument(
        "\(flag) \(text): the centre must be X,Y between 0 and 1", fix: "e.g. \(flag) 2@0.5,0.4")
    }
    return LayoutSettings.Zoom(factor: factor, centerX: centre[0], centerY: centre[1])
  }
}
