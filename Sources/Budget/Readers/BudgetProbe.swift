public import DualCamCore
public import Foundation

/// Gathers what the machine has for a budget in one call: USB reservations on the cameras'
/// buses, CPU, memory and the output folder's free space. `record` and the interface call it
/// with their settings and sources, add a calibration (`Calibrator`) and run `BudgetModel`.
public struct BudgetProbe: Sendable {
  /// The tree standing in for `/` (`/` on a real system).
  public let root: URL
  private let cpuReader: CPUCapacityReader

  /// A probe of the machine under `root`.
  public init(root: URL = URL(fileURLWithPath: "/"), cpuReader: CPUCapacityReader? = nil) {
    self.root = root
    self.cpuReader = cpuReader ?? CPUCapacityReader(root: root)
  }

  /// Where the camera at video node `nodeName` (e.g. `video0`) sits on USB, if it does.
  public func usbPlacement(ofVideoNode nodeName: String) -> USBPlacement? {
    USBTopologyReader(root: root).placement(ofVideoNode: nodeName)
  }

  /// The inputs for `settings` and `sources`, without calibration (set
  /// `BudgetInputs.calibration` before estimating).
  public func inputs(
    settings: RecordingSettings, sources: [BudgetSource], outputFolder: URL,
    durationSeconds: Double? = nil
  ) -> BudgetInputs {
    let buses = Set(sources.compactMap { $0.usb?.bus })
    return BudgetInputs(
      settings: settings, sources: sources,
      otherUSBStreams: buses.isEmpty
        ? [] : USBTopologyReader(root: root).periodicStreams(onBuses: buses),
      cpu: cpuReader.capacity(), memory: MemoryReader(root: root).facts(),
      disk: DiskSpaceReader.facts(for: outputFolder), durationSeconds: durationSeconds)
  }
}
