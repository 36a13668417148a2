import Budget
import DualCamCore
import Testing

@testable import Session

/// `adapt` with a camera-format change: the cameras it concerns are opened again as
/// `PATH?format=mjpeg`, and the change is in the metadata's changes.
@Suite struct BudgetAdaptationTests {
  static let hd = ImageSize(width: 1280, height: 720)

  /// Two YUYV 720p30 cameras on one USB 2.0 bus: far over the bus, MJPEG fits.
  static func check() throws -> BudgetCheck {
    let sources = [CameraPosition.front, .back].map { position in
      BudgetSource(
        position: position, kind: .usbCamera, format: .yuyv, size: hd,
        frameRate: FrameRate(numerator: 30),
        usb: USBPlacement(
          bus: "usb1", hostController: "0000:00:14.0", device: "1-\(position.rawValue + 1)",
          speed: .high, reservedBytesPerInterval: nil),
        offersMJPEG: true)
    }
    let inputs = BudgetInputs(
      settings: RecordingSettings(), sources: sources,
      cpu: CPUCapacity(cores: 4, source: "test"),
      memory: MemoryFacts(availableBytes: 8 << 30, source: "test"),
      disk: DiskFacts(freeBytes: 100_000_000_000, folder: "/takes"),
      calibration: CalibrationTable())
    return BudgetCheck(
      settings: inputs.settings, inputs: inputs, estimate: try BudgetModel.estimate(inputs),
      notes: [])
  }

  @Test func theFormatChangeReopensThoseCamerasAsMJPEG() throws {
    let check = try Self.check()
    #expect(check.estimate.verdict == .over)
    let adaptation = try check.adaptation()
    #expect(adaptation.applied.map(\.kind) == [.cameraFormat])
    #expect(adaptation.skipped.isEmpty)
    #expect(adaptation.reopensSources)
    #expect(adaptation.cameraFormats == [.front: .mjpeg, .back: .mjpeg])
    #expect(adaptation.spec("/dev/video0", for: .front) == "/dev/video0?format=mjpeg")
    #expect(adaptation.spec("synthetic", for: .back) == "synthetic")
    let record = check.record(mode: .adapt, adaptation: adaptation)
    #expect(
      record.changesApplied == [.init(kind: "camera-format", from: "yuyv", to: "mjpeg")])
    #expect(record.verdictBefore == "over")
  }

  @Test func theTakeBudgetCarriesTheAdviceForEachResource() throws {
    let budget = try Self.check().takeBudget(mode: .ignore)
    #expect(budget.advice["usb-bus"] == "camera format MJPEG instead of YUYV")
  }
}
