public import Budget
public import Capture
public import DualCamCore
import Foundation

/// The budget of settings weighed with the calibration already cached on this machine, never
/// calibrating: what the interface's menus show while the settings are being changed (a
/// calibration takes seconds and would stall the menus). A stage not in the cache
/// leaves the CPU unweighed, which the menus show as "not calibrated".
public struct CachedBudgetPrediction: Sendable {
  private let probe: BudgetProbe
  private let cache: CalibrationCache
  private let sources: [BudgetSource]

  /// A prediction for the opened sources `front` and `back`: their USB placement is read once.
  public init(front: SourceInfo, back: SourceInfo, cache: CalibrationCache? = nil) {
    probe = BudgetProbe()
    self.cache = cache ?? CalibrationCache(machine: MachineFingerprint.read())
    sources = [
      BudgetSources.describe(front, position: .front, probe: probe),
      BudgetSources.describe(back, position: .back, probe: probe),
    ]
  }

  /// The estimate for `settings` (every resource; the CPU unweighed when not calibrated).
  public func estimate(for settings: RecordingSettings) throws(DualCamError) -> BudgetEstimate {
    let folder =
      settings.outputDirectory.map { URL(fileURLWithPath: $0) } ?? OutputLocation.defaultRoot()
    var inputs = probe.inputs(
      settings: settings, sources: sources.map { Self.resized($0, to: settings) },
      outputFolder: folder)
    inputs.calibration = cache.load()
    return try BudgetModel.costs(inputs)
  }

  /// The source as it would be opened with `settings`: cameras follow the chosen size and
  /// rate (the sources are opened again when they change).
  private static func resized(_ source: BudgetSource, to settings: RecordingSettings)
    -> BudgetSource
  {
    guard source.size != settings.size || source.frameRate != settings.frameRate else {
      return source
    }
    var source = source
    source.size = settings.size
    source.frameRate = settings.frameRate
    // What the kernel reserved was for the old size and rate: the model estimates anew.
    source.usb?.reservedBytesPerInterval = nil
    return source
  }
}
