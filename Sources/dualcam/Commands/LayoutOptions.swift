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
    if let border { layout.border = try LayoutSettings.Border(parsing: border) }
    if let frontZoom {
      layout.frontZoom = try LayoutSettings.Zoom(parsing: frontZoom, flag: "--front-zoom")
    }
    if let backZoom {
      layout.backZoom = try LayoutSettings.Zoom(parsing: backZoom, flag: "--back-zoom")
    }
    return layout
  }
}
