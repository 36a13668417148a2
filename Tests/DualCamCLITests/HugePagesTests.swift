import Foundation
import TestSupport
import Testing

/// `DUALCAM_HUGE_PAGES`: transparent huge pages are off for the process unless asked for, and a
/// value that means nothing is reported, not obeyed.
@Suite(
  "dualcam turns transparent huge pages off unless DUALCAM_HUGE_PAGES=on",
  .enabled(
    if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage"),
    "the kernel has no transparent huge pages"))
struct HugePagesTests {
  /// The kernel's view of the running child: the `THP_enabled` line of /proc/PID/status
  /// (Linux 5.0 and later), polled until `wanted` shows or the child exits.
  func hugePagesEnabled(
    environment: [String: String], until wanted: Bool
  ) throws -> (seen: Bool?, result: CommandRunner.Result) {
    let folder = try TemporaryFolder()
    let runner = try CommandRunner(
      [
        "record", "--front", "synthetic", "--back", "synthetic", "--size", "320x240",
        "--duration", "2s", "--quiet", "--output", folder.url.path,
      ], environment: environment)
    let statusFile = "/proc/\(runner.process.processIdentifier)/status"
    var seen: Bool?
    while runner.process.isRunning {
      if let status = try? String(contentsOfFile: statusFile, encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("THP_enabled:") })
      {
        seen = line.hasSuffix("1")
        if seen == wanted { break }
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return (seen, runner.wait())
  }

  @Test("by default the recorder runs with transparent huge pages disabled")
  func offByDefault() throws {
    let (seen, result) = try hugePagesEnabled(environment: [:], until: false)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(seen == false)
  }

  @Test("DUALCAM_HUGE_PAGES=on leaves them to the kernel")
  func onKeepsKernelPolicy() throws {
    // Checked once the take is under way, long after `main` applied the setting.
    let folder = try TemporaryFolder()
    let runner = try CommandRunner(
      [
        "record", "--front", "synthetic", "--back", "synthetic", "--size", "320x240",
        "--duration", "3s", "--output", folder.url.path,
      ], environment: ["DUALCAM_HUGE_PAGES": "on"])
    let statusFile = "/proc/\(runner.process.processIdentifier)/status"
    var status: String?
    let deadline = Date().addingTimeInterval(60)
    while runner.process.isRunning && Date() < deadline {
      // The take has started once its folder exists in the output folder.
      if let current = try? String(contentsOfFile: statusFile, encoding: .utf8),
        current.contains("THP_enabled:"),
        (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path))?.isEmpty == false
      {
        status = current
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let result = runner.wait()
    #expect(result.status == 0, "\(result.standardError)")
    let line = try #require(status?.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") })
    #expect(line.hasSuffix("1"))
  }

  @Test("a value that is neither on nor off is reported and the default applies")
  func unknownValueIsReported() throws {
    let (seen, result) = try hugePagesEnabled(
      environment: ["DUALCAM_HUGE_PAGES": "sometimes"], until: false)
    #expect(result.status == 0)
    #expect(result.standardError.contains("ignoring DUALCAM_HUGE_PAGES=sometimes"))
    #expect(seen == false)
  }
}
