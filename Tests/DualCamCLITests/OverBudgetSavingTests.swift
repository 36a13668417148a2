import DualCamCore
import Foundation
import Media
import TestSupport
import Testing

/// A take whose encoders cannot keep up, recorded anyway: its stop waits for a bounded
/// backlog, says what is left while saving, and a second Ctrl-C leaves the take to recovery.
@Suite("Saving a take over budget", .serialized)
struct OverBudgetSavingTests {
  /// 720p at 60 fps with x264's medium preset: several times what two cores can encode.
  let heavy = [
    "--size", "1280x720", "--fps", "60", "--preset", "medium", "--budget", "ignore",
  ]

  /// Starts `record` with the heavy settings and waits until its take is under way.
  func startHeavyTake(output: TemporaryFolder, cache: TemporaryFolder) throws -> CommandRunner {
    let child = try CommandRunner(
      ["record", "--output", output.url.path] + heavy,
      environment: ["XDG_CACHE_HOME": cache.url.path])
    #expect(child.waitForError(containing: "recording to", timeout: 120))
    // Long enough for the backlog to fill and slots to be held.
    Thread.sleep(forTimeInterval: 4)
    return child
  }

  @Test("the stop waits seconds, not minutes; saving says what is left; Ctrl-C again leaves it")
  func boundedSaving() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()

    let child = try startHeavyTake(output: output, cache: cache)
    let stopped = Date()
    child.send(SIGINT)
    let result = child.wait(timeout: 180)
    let stopSeconds = Date().timeIntervalSince(stopped)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Before the backlog was bounded this stop took minutes; half a second of repeats, the
    // queues and x264's lookahead take seconds.
    #expect(stopSeconds < 45, "the stop took \(stopSeconds) s")
    #expect(result.standardError.contains("dualcam: saving "), "\(result.standardError)")
    #expect(result.standardOutput.contains("held (no frame written"), "\(result.standardOutput)")
    let take = try #require(output.entries.first { !$0.hasSuffix(".partial") })
    let inspector = try TakeInspector(folder: output.url.appendingPathComponent(take))
    let sync = inspector.metadata.sync
    #expect(sync.held > 0 && sync.repeatedForEncoderLag >= sync.held)
    for name in ["dualview", "front", "back"] {
      // The files hold the frames the metadata says, over the take's whole duration.
      let info = try MediaProbe.inspect(inspector.url(of: name))
      #expect(Int64(info.frameCount) == sync.framesInEachFile, "\(name)")
      #expect(abs(info.duration - sync.durationSeconds) < 0.05, "\(name)")
    }

    let second = try startHeavyTake(output: output, cache: cache)
    second.send(SIGINT)
    #expect(second.waitForError(containing: "dualcam: saving ", timeout: 60))
    second.send(SIGINT)
    let left = second.wait(timeout: 60)
    #expect(left.status == 130, "stderr: \(left.standardError)")
    #expect(left.standardError.contains("stopped while saving: the take is left in"))
    let partial = try #require(output.entries.first { $0.hasSuffix(".partial") })
    let folder = output.url.appendingPathComponent(partial).path
    #expect(left.standardError.contains("`dualcam recover \(folder)`"))
    let recovered = try CommandRunner.run(["recover", folder])
    #expect(recovered.status == 0, "stderr: \(recovered.standardError)")
    #expect(!output.entries.contains { $0.hasSuffix(".partial") })
    // The recovered metadata says what the files hold: their frames, and the time they last
    // with the held slots counted.
    let finished = output.url.appendingPathComponent(
      String(partial.dropLast(".partial".count)))
    let recoveredTake = try TakeInspector(folder: finished)
    let recoveredSync = recoveredTake.metadata.sync
    let dualview = try MediaProbe.inspect(recoveredTake.url(of: "dualview"))
    #expect(Int64(dualview.frameCount) == recoveredSync.framesInEachFile)
    #expect(abs(dualview.duration - recoveredSync.durationSeconds) < 0.05)
  }
}
