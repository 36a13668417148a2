import Budget
import Capture
import DualCamCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Session

/// A take that fits waits only for the calibration of its own works; what the planner could
/// suggest instead is measured when the take does not fit (or, in the background, always).
@Suite("The budget check calibrates the take's own works first")
struct BudgetCheckCalibrationTests {
  struct Weighed {
    var check: BudgetCheck
    var measured: [CalibrationWork]
    var said: [String]
    var fitsOnceMeasured: Bool?
  }

  /// Weighs 720p30 with the `medium` preset on two synthetic cameras, with a calibrator whose
  /// `medium` works cost `mediumCost` a frame and every other work next to nothing.
  func weigh(mediumCost: Double, alternatives: BudgetCheck.Alternatives = .whenNotFitting)
    throws -> Weighed
  {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.preset = "medium"
    settings.outputDirectory = output.url.path
    let measured = Mutex<[CalibrationWork]>([])
    let calibrator = Calibrator(
      cache: CalibrationCache(
        folder: cache.url, machine: MachineFingerprint(cpuModel: "test", cores: 2, machineID: "t")),
      measure: { work, _ in
        measured.withLock { $0.append(work) }
        return work.preset == "medium" ? mediumCost : 0.0001
      })
    func info(_ position: CameraPosition) throws -> SourceInfo {
      try SourceSpec(parsing: "synthetic").makeSource(
        position: position, size: settings.size, rate: settings.frameRate
      ).info
    }
    var said: [String] = []
    var fits: Bool?
    let check = try BudgetCheck.weigh(
      settings: settings, front: try info(.front), back: try info(.back), calibrator: calibrator,
      alternatives: alternatives, status: { said.append($0) }, takeMeasured: { fits = $0 })
    return Weighed(
      check: check, measured: measured.withLock { $0 }, said: said, fitsOnceMeasured: fits)
  }

  @Test("a take that fits measures only its own works")
  func fittingTake() throws {
    let weighed = try weigh(mediumCost: 0.0001)
    #expect(weighed.check.fits)
    #expect(weighed.fitsOnceMeasured == true)
    #expect(!weighed.measured.isEmpty)
    #expect(
      weighed.measured.allSatisfy { $0.kind != .encode || $0.preset == "medium" },
      "\(weighed.measured)")
    #expect(!weighed.said.contains { $0.hasPrefix("calibrating what could fit instead") })
  }

  @Test("a take over budget measures the faster presets too, and suggests one")
  func takeOverBudget() throws {
    let weighed = try weigh(mediumCost: 1.0)
    #expect(!weighed.check.fits)
    #expect(weighed.fitsOnceMeasured == false)
    #expect(weighed.measured.contains { $0.preset == "veryfast" })
    #expect(
      weighed.said.contains { $0.hasPrefix("calibrating what could fit instead: stage 1 of") })
    #expect(weighed.check.estimate.suggestions.contains { $0.change.kind == .preset })
  }

  @Test("in the background the alternatives are measured even for a take that fits")
  func background() throws {
    let weighed = try weigh(mediumCost: 0.0001, alternatives: .always)
    #expect(weighed.check.fits)
    #expect(weighed.measured.contains { $0.preset == "veryfast" })
  }
}
