import Foundation
import TestSupport
import Testing

/// `dualcam budget` as scripts and people use it: the verdict first, JSON, exit statuses, and a
/// calibration that runs once.
@Suite("dualcam budget end to end", .serialized)
struct BudgetCommandTests {
  let small = ["--size", "320x240"]

  func run(_ arguments: [String], cache: TemporaryFolder, output: TemporaryFolder) throws
    -> CommandRunner.Result
  {
    try CommandRunner.run(
      ["budget", "--output", output.url.path] + small + arguments,
      environment: ["XDG_CACHE_HOME": cache.url.path])
  }

  @Test("--json on synthetic sources: fits, USB does not apply, CPU calibrated once")
  func jsonOnSynthetic() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let result = try run(["--json"], cache: cache, output: output)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("calibrating"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let budget = try #require(json["budget"] as? [String: Any])
    #expect(budget["verdict"] as? String == "fits")
    #expect((json["headline"] as? String)?.hasPrefix("fits: cost") == true)
    let resources = try #require(budget["resources"] as? [[String: Any]])
    let usb = try #require(resources.first { $0["kind"] as? String == "usb-bus" })
    #expect(usb["cost"] == nil)
    #expect((usb["explanation"] as? String)?.hasPrefix("does not apply") == true)
    let cpu = try #require(resources.first { $0["kind"] as? String == "cpu" })
    #expect((cpu["cost"] as? Double ?? 0) > 0)
    #expect(cpu["basis"] as? String == "measured")
    #expect(output.entries.isEmpty, "the budget records nothing")
    let calibration = cache.url.appendingPathComponent("dualcam/calibration")
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: calibration.path))?.count == 1)

    let again = try run(["--json"], cache: cache, output: output)
    #expect(again.status == 0)
    #expect(!again.standardError.contains("calibrating"), "the cache serves the second run")
  }

  @Test("a take that would fill the disk is over: verdict first, exit status 4, changes listed")
  func overFillsDisk() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let result = try run(["--duration", "900h"], cache: cache, output: output)
    #expect(result.status == 4, "stderr: \(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.first?.hasPrefix("over: cost") == true, "\(result.standardOutput)")
    #expect(lines.first?.contains("disk space") == true)
    #expect(result.standardOutput.contains("the disk fills after"))
    #expect(result.standardOutput.contains("CPU: "))
  }

  @Test("bad settings are refused as record refuses them")
  func badInput() throws {
    let cache = try TemporaryFolder()
    let output = try TemporaryFolder()
    let result = try run(["--size", "641x480"], cache: cache, output: output)
    #expect(result.status == 64)
    #expect(result.standardError.contains("odd dimension"))
    #expect(result.standardError.contains("hint: "))
  }
}
