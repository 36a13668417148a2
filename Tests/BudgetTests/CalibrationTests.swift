import Budget
import DualCamCore
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("Calibration: measured once per machine and settings, cached")
struct CalibrationTests {
  typealias F = BudgetFixtures

  static let machine = MachineFingerprint(cpuModel: "Test CPU", cores: 2, machineID: "abc")

  /// A measure that answers from the work's area and counts its calls.
  final class CountingMeasure: Sendable {
    let calls = Mutex<[CalibrationWork]>([])
    var measure: Calibrator.Measure {
      { work, _ in
        self.calls.withLock { $0.append(work) }
        return Double(work.size.area) * 1e-9
      }
    }
  }

  func inputs(preset: String = "ultrafast", size: ImageSize = F.hd) -> BudgetInputs {
    var settings = RecordingSettings()
    settings.preset = preset
    settings.size = size
    return F.inputs(
      sources: [F.synthetic(.front, size: size), F.synthetic(.back, size: size)],
      settings: settings)
  }

  @Test("first use measures every work; the second reuses the cache")
  func firstUseThenCached() throws {
    let folder = try TemporaryFolder()
    let counter = CountingMeasure()
    let cache = CalibrationCache(folder: folder.url, machine: Self.machine)
    let first = try Calibrator(cache: cache, measure: counter.measure).calibrate(for: inputs())
    // Compose, dual-view encoder, camera encoder (both cameras are the same size), the
    // threads' wake-ups and the encoders' resuming at the cameras' pace.
    #expect(first.measured.count == 5)
    #expect(first.measured.contains { $0.kind == .wakeUp })
    #expect(first.measured.contains { $0.kind == .resumeAfterIdle })
    #expect(first.reused.isEmpty)
    #expect(FileManager.default.fileExists(atPath: cache.file.path))

    let second = try Calibrator(cache: cache, measure: counter.measure).calibrate(for: inputs())
    #expect(second.measured.isEmpty)
    #expect(second.reused.count == 5)
    #expect(second.table == first.table)
    #expect(counter.calls.withLock { $0.count } == 5)

    var estimateInputs = inputs()
    estimateInputs.calibration = second.table
    #expect(try BudgetModel.costs(estimateInputs).resource(.cpu)?.basis == .measured)
  }

  @Test("each stage is said before it is measured, and a stop keeps what was measured")
  func progressAndStop() throws {
    let folder = try TemporaryFolder()
    let counter = CountingMeasure()
    let cache = CalibrationCache(folder: folder.url, machine: Self.machine)
    var said: [(Int, Int)] = []
    let stopped = try Calibrator(cache: cache, measure: counter.measure).calibrate(
      for: inputs(), progress: { number, count, _ in said.append((number, count)) },
      isCancelled: { said.count >= 2 })
    #expect(said.map(\.0) == [1, 2] && said.allSatisfy { $0.1 == 5 })
    #expect(stopped.cancelled && stopped.measured.count == 2)
    // The next calibration measures only the rest, and counts only those.
    said = []
    let rest = try Calibrator(cache: cache, measure: counter.measure).calibrate(
      for: inputs(), progress: { number, count, _ in said.append((number, count)) })
    #expect(!rest.cancelled && rest.measured.count == 3 && rest.reused.count == 2)
    #expect(said.map(\.0) == [1, 2, 3] && said.allSatisfy { $0.1 == 3 })
  }

  @Test("changed settings measure only what is new; the cache keeps both")
  func settingsChange() throws {
    let folder = try TemporaryFolder()
    let counter = CountingMeasure()
    let cache = CalibrationCache(folder: folder.url, machine: Self.machine)
    _ = try Calibrator(cache: cache, measure: counter.measure).calibrate(for: inputs())
    // veryfast also needs the planner's candidates, superfast and ultrafast, at the cameras'
    // size only; ultrafast is cached.
    let changed = try Calibrator(cache: cache, measure: counter.measure)
      .calibrate(for: inputs(preset: "veryfast"))
    #expect(changed.measured.filter { $0.preset == "veryfast" }.count == 2)
    #expect(
      changed.measured.filter { $0.preset == "superfast" }.map(\.size) == [BudgetFixtures.hd])
    #expect(changed.reused.contains { $0.preset == "ultrafast" })
    #expect(cache.load().entries.count == 8)
  }

  @Test("what takes measured is kept with the calibration, the last five per work and rate")
  func takeFigures() throws {
    let folder = try TemporaryFolder()
    let cache = CalibrationCache(folder: folder.url, machine: Self.machine)
    let calibrator = Calibrator(cache: cache, measure: CountingMeasure().measure)
    let work = CalibrationWork(
      kind: .encode, size: F.hd, codec: .h264, preset: "ultrafast", threads: 1)
    func figure(_ milliseconds: Double, frames: Int = 300, rate: Double = 30)
      -> CalibrationTable.TakeFigure
    {
      .init(
        work: work, framesPerSecond: rate, cpuSecondsPerFrame: milliseconds / 1000, frames: frames)
    }
    // Seven takes at 30 fps, 1 to 7 ms a frame, and one at 60 fps.
    for milliseconds in 1...7 { try calibrator.learn([figure(Double(milliseconds))]) }
    try calibrator.learn([figure(9, rate: 60)])
    // A calibration saved afterwards keeps them.
    let outcome = try calibrator.calibrate(for: inputs())
    let kept = cache.load()
    #expect(kept.takeFigures.count == CalibrationTable.takesKept + 1)
    let learned = try #require(kept.learned(work, framesPerSecond: 30))
    #expect(learned.takes == 5)
    #expect(abs(learned.cpuSecondsPerFrame - 0.005) < 1e-12, "the mean of 3 to 7 ms")
    #expect(kept.learned(work, framesPerSecond: 60)?.cpuSecondsPerFrame == 0.009)
    #expect(kept.learned(work, framesPerSecond: 25) == nil)
    // The table a calibration hands the model carries them too.
    #expect(outcome.table.learned(work, framesPerSecond: 30)?.takes == 5)
    // Weighed by frames: 100 frames at 10 ms and 300 at 2 ms are 4 ms a frame.
    let weighed = CalibrationTable(takeFigures: [figure(10, frames: 100), figure(2, frames: 300)])
    #expect(abs(weighed.learned(work, framesPerSecond: 30)!.cpuSecondsPerFrame - 0.004) < 1e-12)
  }

  @Test("another machine has a file of its own and starts empty")
  func perMachine() throws {
    let folder = try TemporaryFolder()
    let counter = CountingMeasure()
    let here = CalibrationCache(folder: folder.url, machine: Self.machine)
    _ = try Calibrator(cache: here, measure: counter.measure).calibrate(for: inputs())
    let other = CalibrationCache(
      folder: folder.url,
      machine: MachineFingerprint(cpuModel: "Other CPU", cores: 4, machineID: "def"))
    #expect(other.file != here.file)
    #expect(other.load().entries.isEmpty)
    #expect(!here.load().entries.isEmpty)
  }

  @Test("a work that cannot be measured is a problem, not a failure")
  func measureFailure() throws {
    let folder = try TemporaryFolder()
    let cache = CalibrationCache(folder: folder.url, machine: Self.machine)
    let outcome = try Calibrator(cache: cache) { work, _ throws(DualCamError) in
      if work.kind == .compose {
        throw .encoderFailed("no compositor today", fix: "")
      }
      return 0.001
    }.calibrate(for: inputs())
    #expect(outcome.problems.count == 1)
    #expect(outcome.problems[0].contains("no compositor today"))
    var estimateInputs = inputs()
    estimateInputs.calibration = outcome.table
    #expect(try BudgetModel.costs(estimateInputs).resource(.cpu)?.cost == nil)
  }

  @Test("the cache folder follows XDG_CACHE_HOME")
  func cacheFolder() {
    let folder = CalibrationCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/tmp/xdg"])
    #expect(folder.path == "/tmp/xdg/dualcam/calibration")
    let fallback = CalibrationCache.defaultFolder(environment: [:])
    #expect(fallback.path.hasSuffix(".cache/dualcam/calibration"))
  }

  @Test("the machine fingerprint reads the processor, cores and machine id")
  func fingerprint() throws {
    let tree = try FakeKernelTree()
    try tree.write("proc/cpuinfo", "processor\t: 0\nmodel name\t: Test CPU @ 2 GHz\n")
    try tree.write("sys/devices/system/cpu/online", "0-1")
    try tree.write("etc/machine-id", "abc123")
    #expect(
      MachineFingerprint.read(root: tree.root)
        == MachineFingerprint(cpuModel: "Test CPU @ 2 GHz", cores: 2, machineID: "abc123"))
  }

  @Test("the real stages measure a positive processor time per frame")
  func realStages() throws {
    let small = ImageSize(width: 320, height: 240)
    let inputs = inputs(size: small)
    for work in [
      CalibrationWork(kind: .convertYUYV, size: small),
      CalibrationWork(kind: .decodeMJPEG, size: small),
      CalibrationWork(kind: .encode, size: small, codec: .h264, preset: "ultrafast"),
      CalibrationWork(kind: .encode, size: small, codec: .h264, preset: "ultrafast", threads: 2),
      CalibrationWork(kind: .encode, size: small, codec: .mjpeg),
    ] {
      let seconds = try Calibrator.measureStages(work, inputs)
      #expect(seconds > 0 && seconds < 0.5, "\(work): \(seconds)")
    }
    let read = try Calibrator.measureStages(CalibrationWork(kind: .readFrame, size: small), inputs)
    #expect(read > 0 && read < 0.01, "read: \(read)")
    let wakeUp = try Calibrator.measureStages(
      CalibrationWork(kind: .wakeUp, size: ImageSize(width: 0, height: 0)), inputs)
    #expect(wakeUp > 0 && wakeUp < 0.001, "wake-up: \(wakeUp)")
    // Zero when the machine loses nothing to pauses (measured as a difference, never below).
    let resume = try Calibrator.measureStages(
      CalibrationWork(kind: .resumeAfterIdle, size: ImageSize(width: 0, height: 0), encoders: 3),
      inputs)
    #expect(resume >= 0 && resume < 0.01, "resume after idle: \(resume)")
    let compose = try Calibrator.measureStages(
      CalibrationWork(kind: .compose, size: ImageSize(width: 320, height: 480)), inputs)
    #expect(compose > 0)
  }
}

@Suite("Calibration: encoders weighed with the threads the take gives them")
struct CalibrationThreadsTests {
  typealias F = BudgetFixtures

  func inputs(processors: Int) -> BudgetInputs {
    var inputs = F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)])
    inputs.cpu = CPUCapacity(cores: Double(processors), source: "test", processors: processors)
    return inputs
  }

  @Test("the encoders' works carry the session's thread split")
  func threadSplit() throws {
    let canvas = ImageSize(width: 1280, height: 1440)
    for processors in [2, 4, 8] {
      let expected = EncoderThreads.split(
        cores: processors,
        pixels: OutputSet(dualView: canvas.area, front: F.hd.area, back: F.hd.area))
      let works = try BudgetModel.calibrationNeeded(for: inputs(processors: processors))
      #expect(
        works.contains {
          $0.kind == .encode && $0.size == canvas && $0.threads == expected.dualView
        }, "\(processors) processors")
      #expect(
        works.contains { $0.kind == .encode && $0.size == F.hd && $0.threads == expected.front },
        "\(processors) processors")
    }
  }

  @Test("a quota lowers the capacity but not the processors the threads are split by")
  func quotaKeepsProcessors() throws {
    let tree = try FakeKernelTree()
    try tree.write("sys/devices/system/cpu/online", "0-3")
    try tree.write("sys/fs/cgroup/cpu.max", "150000 100000")
    try tree.write("proc/self/cgroup", "0::/\n")
    let capacity = CPUCapacityReader(root: tree.root, fallbackCores: 4, allowedCores: nil)
      .capacity()
    #expect(capacity.processors == 4)
  }

  @Test("a measurement with other threads stands in, scaled and said so")
  func otherThreadsFallBack() {
    let table = CalibrationTable(entries: [
      .init(
        work: CalibrationWork(
          kind: .encode, size: F.hd, codec: .h264, preset: "fast", threads: 1),
        cpuSecondsPerFrame: 0.004)
    ])
    let canvas = ImageSize(width: 1280, height: 1440)
    let found = table.lookup(
      CalibrationWork(kind: .encode, size: canvas, codec: .h264, preset: "fast", threads: 2))
    #expect(found?.isScaled == true)
    #expect(abs((found?.cpuSecondsPerFrame ?? 0) - 0.008) < 1e-12)
  }
}
