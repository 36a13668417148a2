import Budget
import DualCamCore
import Testing

@Suite("CPU, disk and memory cost")
struct ResourceCostTests {
  typealias F = BudgetFixtures

  @Test("CPU: conversion, compositing and three encoders from the calibration table")
  func cpuFromCalibration() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(
        sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)], cores: 2))
    let cpu = try #require(estimate.resource(.cpu))
    // 30 fps × (2 × 0.5 ms + 1 ms + 4 ms + 2 × 2 ms) = 0.3 cores, and 240 wake-ups a second
    // (two per camera frame, four per output frame) of 10 µs.
    #expect(abs(cpu.demand - 0.3024) < 1e-9)
    #expect(cpu.capacity == 2)
    #expect(abs(cpu.cost! - 0.1512) < 1e-9)
    #expect(cpu.basis == .measured)
  }

  @Test("CPU: a stream-copied camera file costs no encoder; MJPEG costs its decoding")
  func cpuWithStreamCopy() throws {
    var settings = RecordingSettings()
    settings.cameraCodec = .copy
    let estimate = try BudgetModel.costs(
      F.inputs(
        sources: [F.camera(.front, format: .mjpeg), F.camera(.back, format: .mjpeg)],
        settings: settings, cores: 1))
    // 30 × (2 × 3 ms + 1 ms + 4 ms) = 0.33 cores, and 240 wake-ups a second of 10 µs (two
    // per camera frame, four per output frame).
    #expect(abs(try #require(estimate.resource(.cpu)).demand - (0.33 + 0.0024)) < 1e-9)
  }

  @Test("CPU: every encoder's frame pays for resuming after its pause, by the pause's length")
  func cpuResumeAfterIdle() throws {
    var inputs = F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)], cores: 2)
    let plain = try #require(BudgetModel.costs(inputs).resource(.cpu)).demand
    inputs.calibration.record(
      .init(work: F.resumeAfterIdle(encoders: 3), cpuSecondsPerFrame: 0.001))
    let cpu = try #require(BudgetModel.costs(inputs).resource(.cpu))
    // Each encoder is busy 2 ms of a frame's 33.3 (the dual view's 4 ms on two threads), so
    // pauses 31.3 ms, 0.98 of calibration's 32 ms: three encoders × 30 frames × 0.98 × 1 ms.
    let paused = 3 * 30 * ((1.0 / 30 - 0.002) / 0.032) * 0.001
    #expect(abs(cpu.demand - plain - paused) < 1e-9)
    #expect(cpu.explanation.contains("encoders resuming after pauses 0.09"))
    // medium: 8 ms of work a frame leaves a 25.3 ms pause, 0.79 of a full one.
    inputs.settings.preset = "medium"
    let medium = try #require(BudgetModel.costs(inputs).resource(.cpu))
    #expect(medium.explanation.contains("encoders resuming after pauses 0.07"))
  }

  @Test("CPU: an encoder a take measured costs what it cost then, its pauses included")
  func cpuLearnedFromTakes() throws {
    var inputs = F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)], cores: 2)
    inputs.calibration.record(
      .init(work: F.resumeAfterIdle(encoders: 3), cpuSecondsPerFrame: 0.001))
    let calibrated = try #require(BudgetModel.costs(inputs).resource(.cpu))
    let works = try BudgetModel.takeWorks(for: inputs)
    #expect(Set(works.keys) == ["dualview", "front", "back"])
    let dualView = try #require(works["dualview"]?.last)
    #expect(dualView.size == ImageSize(width: 1280, height: 1440) && dualView.threads == 2)
    // Two takes of the dual view: 150 frames at 5 ms and 450 at 6 ms, 5.75 ms a frame.
    for (milliseconds, frames) in [(5.0, 150), (6.0, 450)] {
      inputs.calibration.learn(
        .init(
          work: dualView, framesPerSecond: 30, cpuSecondsPerFrame: milliseconds / 1000,
          frames: frames))
    }
    let learned = try #require(BudgetModel.costs(inputs).resource(.cpu))
    // The dual view's 4 ms calibrated and its pause share (31.3 of 32 ms × 1 ms) give way to
    // the takes' 5.75 ms; the cameras' encoders still pay for their pauses.
    let pause = (1.0 / 30 - 0.002) / 0.032 * 0.001
    #expect(abs(learned.demand - calibrated.demand - 30 * (0.00575 - 0.004 - pause)) < 1e-9)
    #expect(learned.explanation.contains("dualview encoder 0.17 (as in the last 2 takes)"))
    #expect(learned.basis == .measured)
    // Another frame rate paces the encoder differently: calibration again.
    inputs.settings.frameRate = FrameRate(numerator: 25)
    let other = try #require(BudgetModel.costs(inputs).resource(.cpu))
    #expect(!other.explanation.contains("take"))
  }

  @Test("CPU: the rest of a take, once a take measured it, stands for capture and wake-ups")
  func cpuLearnedOverhead() throws {
    var inputs = F.inputs(
      sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)], cores: 2)
    let calibrated = try #require(BudgetModel.costs(inputs).resource(.cpu))
    // Never calibrated: not asked of calibration, and weighed without it until learned.
    let work = try BudgetModel.takeOverheadWork(for: inputs)
    #expect(work.detail == "usb-camera yuyv 1280x720 + usb-camera yuyv 1280x720")
    #expect(try !BudgetModel.calibrationNeeded(for: inputs).contains { $0.kind == .takeOverhead })
    #expect(!calibrated.explanation.contains("rest of the take"))
    inputs.calibration.learn(
      .init(work: work, framesPerSecond: 30, cpuSecondsPerFrame: 0.002, frames: 450))
    let learned = try #require(BudgetModel.costs(inputs).resource(.cpu))
    // 2 ms a frame instead of two YUYV conversions (0.5 ms each, 30 times a second) and 240
    // wake-ups of 10 µs: 0.06 cores for 0.0324.
    #expect(abs(learned.demand - (calibrated.demand - 0.0324 + 0.06)) < 1e-9)
    #expect(learned.explanation.contains("the rest of the take 0.06 (as in the last take)"))
    #expect(!learned.explanation.contains("YUYV"))
  }

  @Test("CPU: a size not calibrated is scaled by area and says so; a missing preset is unweighed")
  func cpuScaledAndMissing() throws {
    var settings = RecordingSettings()
    settings.size = F.fullHD
    let scaled = try BudgetModel.costs(
      F.inputs(
        sources: [F.synthetic(.front, size: F.fullHD), F.synthetic(.back, size: F.fullHD)],
        settings: settings))
    let cpu = try #require(scaled.resource(.cpu))
    #expect(cpu.basis == .scaled)
    // 2.25 × the 720p figures (0.27 cores); the wake-ups do not grow with the picture.
    #expect(abs(cpu.demand - (0.27 * 2.25 + 0.0024)) < 1e-9)

    settings.preset = "veryslow"
    let missing = try BudgetModel.costs(
      F.inputs(
        sources: [F.synthetic(.front, size: F.fullHD), F.synthetic(.back, size: F.fullHD)],
        settings: settings))
    #expect(missing.resource(.cpu)?.cost == nil)
    #expect(missing.unweighed == ["CPU", "disk write rate"])
    #expect(missing.resource(.cpu)?.explanation.contains("veryslow") == true)
  }

  @Test("CPU over its cores is over, and a cgroup quota below one core counts")
  func cpuOver() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)], cores: 0.25))
    #expect(estimate.verdict == .over)
    #expect(estimate.limitingResource == "CPU")
  }

  @Test("disk: minutes left from free space and bit rate; a take that would fill the disk")
  func disk() throws {
    // Automatic bitrate, H.264: 0.1 bit per pixel → 1280×1440 + 2 × 1280×720 at 30 fps
    // = 11,059,200 b/s = 1,382,400 B/s.
    var inputs = F.inputs(
      sources: [F.synthetic(.front), F.synthetic(.back)], free: 1_382_400 * 600)
    inputs.durationSeconds = 300
    let half = try #require(try BudgetModel.costs(inputs).resource(.diskSpace))
    #expect(abs(half.cost! - 0.5) < 1e-9)
    #expect(half.explanation.contains("10.0 min of recording fit"))

    inputs.durationSeconds = 900
    let full = try BudgetModel.costs(inputs)
    let space = try #require(full.resource(.diskSpace))
    #expect(abs(space.cost! - 1.5) < 1e-9)
    #expect(space.explanation.contains("the disk fills after 10.0 min, before the 15.0 min take"))
    #expect(full.verdict == .over)

    inputs.durationSeconds = nil
    let open = try #require(try BudgetModel.costs(inputs).resource(.diskSpace))
    #expect(abs(open.cost! - 0.1) < 1e-9, "one minute of ten")
  }

  @Test("disk: a known write rate is weighed; an unknown one is not")
  func diskWriteRate() throws {
    var inputs = F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)])
    #expect(try BudgetModel.costs(inputs).resource(.diskWriteRate)?.cost == nil)
    inputs.disk.writeBytesPerSecond = 1_382_400
    let rate = try #require(try BudgetModel.costs(inputs).resource(.diskWriteRate))
    #expect(abs(rate.cost! - 1) < 1e-9)
    #expect(rate.verdict == .tight)
  }

  @Test("memory: frame pools, capture buffers and encoder pictures against what is available")
  func memory() throws {
    let frame = 1280.0 * 720 * 1.5
    let canvas = 1280.0 * 1440 * 1.5
    // Pools 2 × 27 frames; 4 YUYV buffers per camera; an ultrafast encoder holds 6 pictures,
    // with the allocator's 35 %; and the program's own 45 MB.
    let expected =
      54 * frame + 8 * 1280 * 720 * 2 + 6 * 1.35 * (canvas + 2 * frame) + 45e6
    let estimate = try BudgetModel.costs(
      F.inputs(
        sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)],
        memory: 100 << 20))
    let memory = try #require(estimate.resource(.memory))
    #expect(abs(memory.demand - expected) < 1)
    #expect(memory.verdict == .over)

    var slower = RecordingSettings()
    slower.preset = "medium"
    let medium = try BudgetModel.costs(
      F.inputs(
        sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)],
        settings: slower))
    #expect(try #require(medium.resource(.memory)).demand > memory.demand + 40 * 3 * frame)
  }

  @Test("verdict thresholds: fits below 0.95, tight to 1.0, over above")
  func thresholds() {
    #expect(BudgetVerdict(cost: 0.949) == .fits)
    #expect(BudgetVerdict(cost: 0.95) == .tight)
    #expect(BudgetVerdict(cost: 1.0) == .tight)
    #expect(BudgetVerdict(cost: 1.0001) == .over)
    #expect(BudgetVerdict.fits < .tight && BudgetVerdict.tight < .over)
  }
}
