import DualCamCore
import Foundation
import TestSupport
import Testing

/// `dualcam record --budget`: the check before the take, what it decides, and the predicted
/// and measured costs in `metadata.json`.
///
/// An over-budget setting that is deterministic on any machine: a duration that would fill the
/// output folder's disk. The duration is worked out from this disk's free space, read through
/// `dualcam budget`, so that the disk-space cost is 1.2: over, and brought under 0.95 by a
/// lower frame rate (640x480 keeps the CPU cost small and the bit rate high enough for a
/// large disk to fill within the 1000 h that `--duration` allows).
@Suite("dualcam record --budget end to end", .serialized)
struct RecordBudgetTests {
  let small = ["--size", "320x240", "--quiet"]
  /// The size of the over-budget takes.
  let medium = ["--size", "640x480", "--quiet"]

  /// A `--duration` whose disk-space cost in `output` is about `cost`.
  func duration(costing cost: Double, output: TemporaryFolder, cache: TemporaryFolder) throws
    -> String
  {
    let probe = try CommandRunner.run(
      ["budget", "--json", "--output", output.url.path, "--size", "640x480", "--duration", "100h"],
      environment: ["XDG_CACHE_HOME": cache.url.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(probe.standardOutput.utf8)) as? [String: Any],
      "stderr: \(probe.standardError)")
    let budget = try #require(json["budget"] as? [String: Any])
    let resources = try #require(budget["resources"] as? [[String: Any]])
    let disk = try #require(resources.first { $0["kind"] as? String == "disk-space" })
    let perHundredHours = try #require(disk["cost"] as? Double)
    let seconds = 100 * 3600 * cost / perHundredHours
    try #require(seconds < 990 * 3600, "this disk is too large for a take to fill it")
    return "\(Int(seconds))"
  }

  /// Runs `record` until its take has run a moment, then stops it with SIGINT.
  func recordBriefly(_ arguments: [String], output: TemporaryFolder, cache: TemporaryFolder)
    throws -> CommandRunner.Result
  {
    let child = try CommandRunner(
      ["record", "--output", output.url.path] + medium + arguments,
      environment: ["XDG_CACHE_HOME": cache.url.path])
    let deadline = Date().addingTimeInterval(60)
    while child.process.isRunning && Date() < deadline
      && !output.entries.contains(where: { $0.hasSuffix(".partial") })
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 1.5)
    child.send(SIGINT)
    return child.wait(timeout: 60)
  }

  func onlyTake(in folder: TemporaryFolder) throws -> TakeInspector {
    let entries = folder.entries
    try #require(entries.count == 1, "expected one take, found \(entries)")
    return try TakeInspector(folder: folder.url.appendingPathComponent(entries[0]))
  }

  @Test("a take that fits records the prediction and the measured cost")
  func fitsRecordsBoth() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--output", output.url.path, "--duration", "2s"] + small,
      environment: ["XDG_CACHE_HOME": cache.url.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("budget: fits: cost"))
    let budget = try #require(try onlyTake(in: output).metadata.budget)
    #expect(budget.mode == "adapt" && budget.verdict == "fits" && budget.changesApplied.isEmpty)
    let cpu = try #require(budget.predicted.first { $0.kind == "cpu" })
    #expect((cpu.cost ?? 0) > 0 && cpu.cost == budget.cost.map { max($0, cpu.cost ?? 0) })
    let measured = try #require(budget.measured)
    #expect(abs(measured.recordedSeconds - 2) < 1e-6)
    #expect(measured.cpuSeconds > 0 && (measured.cpuCost ?? 0) > 0)
    #expect(measured.bytesWritten > 0 && (measured.diskBytesPerSecond ?? 0) > 0)
    #expect(measured.repeatedForEncoderLag == 0)
    // Each output's thread: its time per frame, against the 33.3 ms a frame has at 30 fps.
    let outputs = try #require(measured.outputs)
    #expect(Set(outputs.keys) == ["dualview", "front", "back"])
    for load in outputs.values {
      #expect(load.millisecondsPerFrame > 0 && load.millisecondsPerFrame < 33)
      #expect(abs(load.cost - load.millisecondsPerFrame / (1000.0 / 30)) < 1e-9)
    }
    // The synthetic cameras hand over 320x240 I420 pictures, 115,200 B at 30 fps, 3.5 MB/s
    // (the take's wall time includes its start and end, so a little less).
    let sent = try #require(measured.cameraBytesPerSecond)
    #expect(Set(sent.keys) == ["front", "back"])
    for rate in sent.values {
      #expect(rate > 0.8 * 3_456_000 && rate < 1.05 * 3_456_000, "\(rate)")
    }
    #expect(measured.usbBusCosts == nil, "synthetic sources are on no USB bus")
    // Warnings are kept whether or not any was given (an empty list: nothing went over).
    let warnings = try #require(budget.warnings)
    #expect(warnings.allSatisfy { $0.cost > 1 && !$0.advice.isEmpty })
  }

  @Test("--budget=refuse stops before the take: the explanation and exit status 4")
  func refuseExplains() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let length = try duration(costing: 1.2, output: output, cache: cache)
    let result = try CommandRunner.run(
      ["record", "--output", output.url.path, "--duration", length, "--budget", "refuse"]
        + medium,
      environment: ["XDG_CACHE_HOME": cache.url.path])
    #expect(result.status == 4, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("dualcam: over: cost"))
    #expect(result.standardError.contains("disk space: "), "names the limiting resource")
    #expect(result.standardError.contains("frame rate"), "lists the changes that fit")
    #expect(result.standardError.contains("error: the take does not fit"))
    #expect(output.entries.isEmpty, "nothing was recorded")
  }

  @Test("--budget=adapt lowers the frame rate, says so, and the metadata lists the change")
  func adaptChanges() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let length = try duration(costing: 1.2, output: output, cache: cache)
    let result = try recordBriefly(
      ["--duration", length, "--budget", "adapt"], output: output, cache: cache)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("budget: adapted: frame rate"))
    let metadata = try onlyTake(in: output).metadata
    let budget = try #require(metadata.budget)
    #expect(budget.verdictBefore == "over" && budget.verdict == "fits")
    let change = try #require(budget.changesApplied.first)
    #expect(change.kind == "frame-rate" && change.from == "30")
    #expect(metadata.settings.frameRate.description == change.to, "the take used the change")
    #expect(metadata.sources["front"]?.frameRate == metadata.settings.frameRate.framesPerSecond)
    #expect(budget.measured != nil)
  }

  @Test("--budget=adapt never changes a flag: refused with the change as advice, exit 4")
  func adaptLeavesFlags() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let length = try duration(costing: 1.2, output: output, cache: cache)
    // Only a lower frame rate or size brings the disk under; both are given (30 is the
    // default, but typed it is the user's decision).
    let result = try CommandRunner.run(
      ["record", "--output", output.url.path, "--duration", length, "--fps", "30"] + medium,
      environment: ["XDG_CACHE_HOME": cache.url.path])
    #expect(result.status == 4, "stderr: \(result.standardError)")
    #expect(!result.standardError.contains("budget: adapted: frame rate"))
    #expect(result.standardError.contains("budget: not made, you chose the frame rate: frame rate"))
    #expect(
      result.standardError.contains(
        "error: the take fits this machine only with changes to settings you chose"))
    #expect(result.standardError.contains("hint: record with frame rate"))
    #expect(output.entries.isEmpty, "nothing was recorded")
  }

  @Test("Ctrl-C during the calibration stops it, says so and records nothing (status 130)")
  func interruptDuringCalibration() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    // An empty cache and a heavy setting: the calibration takes seconds, stage by stage.
    let child = try CommandRunner(
      [
        "record", "--output", output.url.path, "--size", "1920x1080", "--preset", "medium",
        "--duration", "10s", "--quiet",
      ], environment: ["XDG_CACHE_HOME": cache.url.path])
    Thread.sleep(forTimeInterval: 1.5)
    child.send(SIGINT)
    let started = Date()
    let result = child.wait(timeout: 60)
    #expect(result.status == 130, "stderr: \(result.standardError)")
    #expect(
      result.standardError.contains(
        "calibrating this machine (first use or new settings): stage 1 of"))
    #expect(result.standardError.contains("(Ctrl-C stops)"))
    #expect(result.standardError.contains("stopped before the take started: nothing was recorded"))
    #expect(Date().timeIntervalSince(started) < 20, "stops within a stage, not after all of them")
    #expect(output.entries.isEmpty, "nothing was recorded")
  }

  @Test("--budget=ignore records as set, with a warning")
  func ignoreWarns() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let length = try duration(costing: 1.2, output: output, cache: cache)
    let result = try recordBriefly(
      ["--duration", length, "--budget", "ignore"], output: output, cache: cache)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("warning: over: cost"))
    #expect(result.standardError.contains("recording anyway"))
    let metadata = try onlyTake(in: output).metadata
    let budget = try #require(metadata.budget)
    #expect(budget.mode == "ignore" && budget.verdict == "over" && budget.changesApplied.isEmpty)
    #expect(metadata.settings.frameRate.framesPerSecond == 30)
  }

  @Test("the progress line shows the live cost: the largest, CPU share and disk rate")
  func liveCostInProgress() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    // Without a terminal the line is printed every five seconds; the second one has a window.
    let result = try CommandRunner.run(
      ["record", "--output", output.url.path, "--duration", "6s", "--size", "320x240"],
      environment: ["XDG_CACHE_HOME": cache.url.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("REC ") }
    #expect(lines.contains { $0.contains("  cpu 0.") && $0.contains(" KB/s") }, "\(lines)")
    // The largest live cost: the CPU's share of the cores, or one output's thread (its time
    // per frame over the interval), whichever is larger.
    #expect(
      lines.contains { $0.contains("  cost CPU 0.") || $0.contains(" output 0.") },
      "the largest live cost: \(lines)")
  }

  @Test("an unknown --budget mode is refused as a bad flag")
  func badMode() throws {
    let output = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--output", output.url.path, "--budget", "maybe"] + small)
    #expect(result.status == 64)
    #expect(output.entries.isEmpty)
  }
}
