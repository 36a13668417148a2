import DualCamCore
import Foundation
import TestSupport
import Testing

/// What a hostile user or file system does to the command line, from issue 12: each gets a
/// message and the documented status, never a hang or a signal.
@Suite("dualcam under hostile input")
struct HostileInputCommandTests {
  @Test(
    "--front naming a folder or a missing file says so, with status 66",
    arguments: [("folder", "is a folder, not a camera"), ("missing.mp4", "does not exist")])
  func frontPaths(name: String, message: String) throws {
    let folder = try TemporaryFolder()
    let inside = folder.url.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: false)
    let output = try TemporaryFolder()
    let result = try CommandRunner.run([
      "record", "--duration", "1s", "--output", output.url.path, "--front",
      folder.url.appendingPathComponent(name).path,
    ])
    #expect(result.status == 66, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test("a FIFO in place of a take's lock file does not hang recover or record")
  func fifoLock() throws {
    let folder = try TemporaryFolder()
    let partial = folder.url.appendingPathComponent("2020-01-01_00-00-00.partial")
    try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: false)
    #expect(mkfifo(partial.appendingPathComponent(".recording.lock").path, 0o644) == 0)
    let started = Date()
    let child = try CommandRunner(["recover", "--output", folder.url.path])
    let result = child.wait(timeout: 30)
    #expect(Date().timeIntervalSince(started) < 25, "recover hung: \(result.standardError)")
    #expect(child.process.terminationReason == .exit)
  }

  @Test("two SIGUSR1 30 ms apart count as one pause")
  func quickSignalsCountOnce() throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(
      ["record", "--output", folder.url.path, "--size", "320x240", "--fps", "10"])
    Thread.sleep(forTimeInterval: 1.5)
    child.send(SIGUSR1)
    Thread.sleep(forTimeInterval: 0.03)
    child.send(SIGUSR1)
    Thread.sleep(forTimeInterval: 1.0)
    child.send(SIGINT)
    let result = child.wait(timeout: 60)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.filter { $0.contains("paused (SIGUSR1 resumes)") }.count == 1)
    #expect(!lines.contains { $0.contains("resumed") }, "\(result.standardError)")
  }

  /// Every seed of the fuzzing corpus, crashers found by fuzzing among them, replayed through
  /// its harness in the ordinary build: what once crashed stays fixed between fuzzing runs.
  @Test(
    "the fuzzing corpus replays without a crash",
    arguments: [
      "duration", "size", "frame-rate", "bitrate", "source-spec", "layout", "settings", "metadata",
      "control-value",
    ])
  func fuzzCorpusReplays(harness: String) throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/\(harness)")
    let replay = Process()
    replay.executableURL = CommandRunner.executable.deletingLastPathComponent()
      .appendingPathComponent("DualCamFuzz")
    replay.arguments = [harness, corpus.path]
    let output = Pipe()
    replay.standardOutput = output
    replay.standardError = output
    try replay.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    replay.waitUntilExit()
    #expect(replay.terminationReason == .exit && replay.terminationStatus == 0, "\(text)")
    #expect(text.contains("\(harness): ") && !text.contains(": 0 inputs"), "\(text)")
  }
}
