import Capture
import Foundation
import TestSupport
import Testing

/// `dualcam devices` and `dualcam controls` as users run them, on this machine (which has no
/// cameras).
@Suite("dualcam devices and controls commands")
struct DevicesCommandTests {
  /// Whether this machine has video4linux nodes (the "no devices" tests need none).
  static let hasNoCameras =
    ((try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/video4linux")) ?? [])
    .isEmpty

  @Test("without cameras, devices says so plainly and exits 0", .enabled(if: hasNoCameras))
  func noDevices() throws {
    let result = try CommandRunner.run(["devices"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput.contains(DeviceReport.noDevicesMessage))
  }

  @Test(
    "without cameras, devices --json is an empty, versioned document", .enabled(if: hasNoCameras))
  func noDevicesJSON() throws {
    let result = try CommandRunner.run(["devices", "--json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect((object["devices"] as? [Any])?.isEmpty == true)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusalCases: [Case] = [
    Case(
      arguments: ["controls", "/dev/null"], status: 66,
      message: "/dev/null is not a video capture device"),
    Case(arguments: ["controls", "/"], status: 66, message: "it is a directory"),
    Case(arguments: ["controls", "/etc/hostname"], status: 66, message: "it is a regular file"),
    Case(arguments: ["controls", "/dev/video-none"], status: 66, message: "does not exist"),
    Case(
      arguments: ["controls", "/dev/null", "--set", "brightness"], status: 64,
      message: "is not NAME=VALUE"),
    Case(
      arguments: ["controls", "/dev/null", "brightness"], status: 64,
      message: "control names follow --reset"),
  ]

  @Test("controls refuses what is not a camera, clearly", arguments: refusalCases)
  func refusals(_ testCase: Case) throws {
    let result = try CommandRunner.run(testCase.arguments)
    #expect(result.status == testCase.status, "stderr: \(result.standardError)")
    #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
    #expect(result.standardError.contains(testCase.message), "\(result.standardError)")
    #expect(result.standardError.contains("hint: "))
    #expect(!result.standardError.contains("libv4l2"), "no library noise before our message")
  }
}
