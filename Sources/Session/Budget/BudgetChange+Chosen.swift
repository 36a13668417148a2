public import Budget
import Capture
public import DualCamCore

extension BudgetChange.Kind {
  /// The kinds of change that would override a setting the user chose, which adapting to the
  /// budget leaves alone: each one given on the command line (`flags`), and each away from
  /// DualCam's default, which the user set in the menus or the settings file. A camera named
  /// with a format (`/dev/video0?format=yuyv`) has its format chosen.
  ///
  /// A value at its default is the one DualCam picked, which adapting may change.
  public static func chosen(
    in settings: RecordingSettings, sources: [String], flags: Set<Self> = []
  ) -> Set<Self> {
    let defaults = RecordingSettings()
    var chosen = flags
    if settings.size != defaults.size { chosen.insert(.size) }
    if settings.frameRate != defaults.frameRate { chosen.insert(.frameRate) }
    if let preset = settings.preset, preset != RecordingSettings.defaultPreset {
      chosen.insert(.preset)
    }
    for text in sources {
      if case .device(_, let format)? = try? SourceSpec(parsing: text), format != .auto {
        chosen.insert(.cameraFormat)
      }
    }
    return chosen
  }
}
