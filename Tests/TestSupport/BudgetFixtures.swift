public import Budget
import DualCamCore

/// Budget inputs the model's tests and the interface's share.
public enum BudgetFixtures {
  /// Two YUYV 720p30 cameras that offer MJPEG, on one USB 2.0 bus of a 4-core machine with
  /// room on disk and in memory, nothing calibrated: far over the bus, and MJPEG fits.
  public static func twoYUYVCamerasOnOneBus() -> BudgetInputs {
    let sources = [CameraPosition.front, .back].map { position in
      BudgetSource(
        position: position, kind: .usbCamera, format: .yuyv,
        size: ImageSize(width: 1280, height: 720), frameRate: FrameRate(numerator: 30),
        usb: USBPlacement(
          bus: "usb1", hostController: "0000:00:14.0", device: "1-\(position.rawValue + 1)",
          speed: .high, reservedBytesPerInterval: nil),
        offersMJPEG: true)
    }
    return BudgetInputs(
      settings: RecordingSettings(), sources: sources,
      cpu: CPUCapacity(cores: 4, source: "test"),
      memory: MemoryFacts(availableBytes: 8 << 30, source: "test"),
      disk: DiskFacts(freeBytes: 100_000_000_000, folder: "/takes"),
      calibration: CalibrationTable())
  }
}
