import Budget
import DualCamCore
import TestSupport
import Testing

@testable import Session

/// `adapt` with a camera-format change: the cameras it concerns are opened again as
/// `PATH?format=mjpeg`, and the change is in the metadata's changes.
@Suite struct BudgetAdaptationTests {
  /// Two YUYV 720p30 cameras on one USB 2.0 bus: far over the bus, MJPEG fits.
  static func check() throws -> BudgetCheck {
    let inputs = BudgetFixtures.twoYUYVCamerasOnOneBus()
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

  @Test func adaptingLeavesTheSettingsTheUserChose() throws {
    let check = try Self.check()
    let around = try check.adaptation(leaving: [.cameraFormat])
    #expect(!around.applied.isEmpty && around.estimate.verdict == .fits)
    #expect(around.applied.allSatisfy { $0.kind == .frameRate || $0.kind == .size })
    #expect(around.cameraFormats.isEmpty && around.kept.isEmpty && !around.needsAChosenSetting)

    // With the format, rate and size all chosen, no change it may make fits: the take is
    // refused, with the chosen setting's change as the advice.
    let blocked = try check.adaptation(leaving: [.cameraFormat, .frameRate, .size])
    #expect(blocked.needsAChosenSetting)
    #expect(blocked.applied.allSatisfy { $0.kind == .preset })
    #expect(blocked.kept == [BudgetChange(kind: .cameraFormat, from: "yuyv", to: "mjpeg")])
    #expect(
      blocked.skipped == [
        "not made, you chose the camera format: camera format MJPEG instead of YUYV"
      ])
  }

  @Test func theChosenSettingsAreTheFlagsAndWhatIsAwayFromTheDefaults() {
    let defaults = RecordingSettings()
    #expect(BudgetChange.Kind.chosen(in: defaults, sources: ["synthetic", "/dev/video0"]).isEmpty)
    var settings = defaults
    settings.size = ImageSize(width: 1920, height: 1080)
    settings.frameRate = FrameRate(numerator: 25)
    settings.preset = RecordingSettings.defaultPreset
    #expect(BudgetChange.Kind.chosen(in: settings, sources: []) == [.size, .frameRate])
    settings.preset = "medium"
    #expect(BudgetChange.Kind.chosen(in: settings, sources: []).contains(.preset))
    #expect(
      BudgetChange.Kind.chosen(in: defaults, sources: ["/dev/video0?format=yuyv"])
        == [.cameraFormat])
    #expect(
      BudgetChange.Kind.chosen(in: defaults, sources: [], flags: [.frameRate]) == [.frameRate],
      "a flag at the default value is still the user's")
  }
}
