import Budget
import DualCamCore
import Testing

@Suite("Changes that bring the budget under, in the design's order")
struct DegradePlannerTests {
  typealias F = BudgetFixtures

  func plan(cores: Double, offersMJPEG: Bool = true) throws -> BudgetEstimate {
    var settings = RecordingSettings()
    settings.preset = "medium"
    return try BudgetModel.estimate(
      F.inputs(
        sources: [
          F.camera(.front, format: .yuyv, offersMJPEG: offersMJPEG),
          F.camera(.back, format: .yuyv, offersMJPEG: offersMJPEG),
        ], settings: settings, cores: cores))
  }

  @Test("USB over, CPU fine: MJPEG alone is enough")
  func formatOnly() throws {
    let estimate = try plan(cores: 4)
    #expect(estimate.verdict == .over)
    #expect(estimate.suggestions.map(\.change.kind) == [.cameraFormat])
    let change = try #require(estimate.suggestions.first)
    #expect(change.change.summary == "camera format MJPEG instead of YUYV")
    #expect(change.verdict == .fits)
    #expect(change.limitingResource?.contains("usb1") == true)
  }

  @Test("then the preset, then the frame rate, then the size, each only as far as needed")
  func fullOrder() throws {
    // After MJPEG (decoding 2 × 3 ms) the CPU needs 1.17 cores at medium, 0.45 at ultrafast.
    let preset = try plan(cores: 0.8)
    #expect(preset.suggestions.map(\.change.kind) == [.cameraFormat, .preset])
    #expect(preset.suggestions.last?.change.to == "ultrafast", "other presets are not calibrated")
    #expect(preset.suggestions.last?.verdict == .fits)

    // 0.45 cores of 0.4 is over; at 25 fps 0.375 cores is 0.94.
    let rate = try plan(cores: 0.4)
    #expect(rate.suggestions.map(\.change.kind) == [.cameraFormat, .preset, .frameRate])
    #expect(rate.suggestions.last?.change.to == "25")
    #expect(rate.suggestions.last?.verdict == .fits)

    // 10 fps needs 0.15 cores of 0.1; 960×540 (0.5625 of the area) brings it to 0.84, and
    // 80 wake-ups a second of 10 µs (which do not shrink with the picture) to 0.85.
    let size = try plan(cores: 0.1)
    #expect(size.suggestions.map(\.change.kind) == [.cameraFormat, .preset, .frameRate, .size])
    #expect(size.suggestions[2].change.to == "10")
    #expect(size.suggestions[3].change.to == "960x540")
    let last = try #require(size.suggestions.last?.cost)
    #expect(abs(last - 0.85175) < 1e-9)
    // MJPEG cures the bus but adds decoding, so the CPU (the limit then) costs more at first.
    #expect(size.suggestions[0].limitingResource == "CPU")
    #expect(try #require(size.suggestions[0].cost) > size.cost!)
  }

  @Test("cameras without MJPEG skip the format step; a fitting budget has no suggestions")
  func skipsAndNone() throws {
    let noMJPEG = try plan(cores: 4, offersMJPEG: false)
    #expect(noMJPEG.suggestions.first?.change.kind != .cameraFormat)
    let fits = try BudgetModel.estimate(
      F.inputs(sources: [F.camera(.front, format: .mjpeg), F.camera(.back, format: .mjpeg)]))
    #expect(fits.verdict == .fits)
    #expect(fits.suggestions.isEmpty)
  }

  @Test("calibration needed covers the settings, the faster presets and MJPEG decoding")
  func calibrationNeeded() throws {
    var settings = RecordingSettings()
    settings.preset = "veryfast"
    let works = try BudgetModel.calibrationNeeded(
      for: F.inputs(
        sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)],
        settings: settings))
    #expect(works.contains(CalibrationWork(kind: .convertYUYV, size: F.hd)))
    #expect(works.contains(CalibrationWork(kind: .decodeMJPEG, size: F.hd)))
    for preset in ["veryfast", "superfast", "ultrafast"] {
      #expect(
        works.contains(
          CalibrationWork(
            kind: .encode, size: F.hd, codec: .h264, preset: preset, threads: 1)))
    }
    #expect(!works.contains { $0.preset == "medium" })
    let canvas = ImageSize(width: 1280, height: 1440)
    #expect(works.contains { $0.preset == "veryfast" && $0.size == canvas })
    #expect(!works.contains { $0.preset == "superfast" && $0.size == canvas }, "scaled instead")
  }

  @Test("the advice for a resource that goes over: the first change in the order that lowers it")
  func advicePerResource() throws {
    var settings = RecordingSettings()
    settings.preset = "medium"
    let inputs = F.inputs(
      sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)],
      settings: settings, cores: 0.8)
    // The bus: MJPEG, first in the order. The CPU: MJPEG costs it more, so the preset.
    let usb = try #require(try DegradeOrder.firstChange(relieving: .usbBus, in: inputs))
    #expect(usb.kind == .cameraFormat)
    let cpu = try #require(try DegradeOrder.firstChange(relieving: .cpu, in: inputs))
    #expect(cpu.kind == .preset && cpu.to == "ultrafast")
    let advice = DegradeOrder.advice(for: inputs)
    #expect(advice[.usbBus] == usb && advice[.cpu] == cpu)
  }
}
