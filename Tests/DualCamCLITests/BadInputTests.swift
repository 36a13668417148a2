import Foundation
import TestSupport
import Testing

/// Every bad input gets one clear line naming the problem and the fix, a non-zero exit, and no
/// half-written take.
@Suite("dualcam record refuses bad input clearly")
struct BadInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["--size", "641x480"], status: 64, message: "odd dimension"),
    Case(arguments: ["--size", "0x480"], status: 64, message: "is empty"),
    // Too small for the sync stamp and the label, which crashed the capture thread.
    Case(arguments: ["--size", "2x2"], status: 64, message: "smaller than 32 pixels"),
    Case(arguments: ["--size", "1280x24"], status: 64, message: "smaller than 32 pixels"),
    Case(arguments: ["--size", "big"], status: 64, message: "is not WIDTHxHEIGHT"),
    Case(arguments: ["--codec", "vp9"], status: 64, message: "unknown codec 'vp9'"),
    Case(arguments: ["--container", "avi"], status: 64, message: "unknown container 'avi'"),
    Case(arguments: ["--codec", "ffv1", "--container", "mp4"], status: 64, message: "FFV1"),
    Case(arguments: ["--bitrate", "lots"], status: 64, message: "bitrate 'lots'"),
    Case(arguments: ["--preset", "warp"], status: 64, message: "preset"),
    Case(
      arguments: ["--codec", "mjpeg", "--preset", "fast"], status: 64, message: "--preset applies"),
    Case(
      arguments: ["--camera-codec", "vp9"], status: 64, message: "unknown camera codec 'vp9'"),
    Case(
      arguments: ["--front", "synthetic", "--back", "synthetic", "--camera-codec", "copy"],
      status: 64, message: "delivers I420, not MJPEG"),
    Case(
      arguments: ["--codec", "mjpeg", "--camera-codec", "copy", "--preset", "fast"], status: 64,
      message: "--preset applies"),
    Case(
      arguments: ["--camera-codec", "ffv1", "--container", "mp4"], status: 64, message: "FFV1"),
    Case(arguments: ["--fps", "0"], status: 64, message: "frame rate"),
    Case(arguments: ["--fps", "500"], status: 64, message: "outside 1–240 fps"),
    Case(arguments: ["--duration", "ten"], status: 64, message: "duration 'ten'"),
    Case(arguments: ["--front", "webcam"], status: 64, message: "source 'webcam'"),
    Case(arguments: ["--back", "synthetic:fps"], status: 64, message: "not key=value"),
    Case(
      arguments: ["--back", "synthetic:wobble=3"], status: 64, message: "unknown synthetic option"),
    Case(arguments: ["--front", "file:/no/such/video.mp4"], status: 66, message: "does not exist"),
    Case(arguments: ["--canvas", "333x500"], status: 64, message: "odd dimension"),
    Case(arguments: ["--split", "90/10"], status: 64, message: "split '90/10'"),
    Case(arguments: ["--front-zoom", "20"], status: 64, message: "factor must be 1–10"),
    Case(arguments: ["--border", "0"], status: 64, message: "thickness"),
    // Numbers too large for an integer were converted with Int(_:) and trapped (SIGILL).
    Case(arguments: ["--duration", "1e18"], status: 64, message: "longer than 1000 hours"),
    Case(
      arguments: ["--duration", "9999999999999999h"], status: 64,
      message: "longer than 1000 hours"),
    Case(arguments: ["--bitrate", "1e19"], status: 64, message: "outside 100k–1000M"),
    Case(
      arguments: ["--bitrate", "99999999999999999999"], status: 64, message: "outside 100k–1000M"),
    Case(arguments: ["--fps", "1e19"], status: 64, message: "outside 1–240 fps"),
    Case(arguments: ["--fps", "1e308"], status: 64, message: "outside 1–240 fps"),
    Case(arguments: ["--fps", "9223372036854775807/1"], status: 64, message: "outside 1–240 fps"),
    Case(
      arguments: ["--front", "synthetic:fps=1e308"], status: 64, message: "outside 1–240 fps"),
    // Empty parts were indexed without a check and trapped.
    Case(arguments: ["--border", ""], status: 64, message: "thickness of 1–200"),
    Case(arguments: ["--border", ":white"], status: 64, message: "thickness of 1–200"),
    Case(arguments: ["--front-zoom", ""], status: 64, message: "factor must be 1–10"),
    Case(arguments: ["--back-zoom", "@0.5,0.5"], status: 64, message: "factor must be 1–10"),
    // The hint for an odd size must itself be a valid size.
    Case(arguments: ["--size", "99999x99999"], status: 64, message: "larger than 8192"),
  ]

  @Test("a bad flag is named with its fix", arguments: cases)
  func badFlag(_ testCase: Case) throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--duration", "1s", "--quiet", "--output", folder.url.path] + testCase.arguments)
    #expect(result.status == testCase.status, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("error: "))
    #expect(result.standardError.contains(testCase.message), "stderr: \(result.standardError)")
    #expect(result.standardError.contains("hint: "), "every refusal says what to do")
    #expect(folder.entries.isEmpty, "nothing may be left behind: \(folder.entries)")
  }

  @Test("a missing output folder is created with its parents, as mkdir -p does")
  func missingOutputFolderIsCreated() throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("2026-11-24/subject-12").path
    let result = try CommandRunner.run([
      "record", "--duration", "2", "--fps", "5", "--size", "160x120", "--quiet", "--output",
      missing,
    ])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let takes = try FileManager.default.contentsOfDirectory(atPath: missing)
    #expect(takes.count == 1, "\(takes)")
  }

  @Test("an output folder that cannot be created names the folder in the way")
  func uncreatableOutputFolder() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("plain.txt")
    try Data("x".utf8).write(to: file)
    let below = file.appendingPathComponent("takes").path
    let result = try CommandRunner.run(["record", "--duration", "1s", "--output", below])
    #expect(result.status == 73)
    #expect(result.standardError.contains("\(file.path) is a file, not a folder"))
    guard getuid() != 0 else { return }  // root may write anywhere
    let locked = folder.url.appendingPathComponent("locked")
    try FileManager.default.createDirectory(
      at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
    defer { chmod(locked.path, 0o755) }
    let denied = try CommandRunner.run(
      ["record", "--duration", "1s", "--output", locked.appendingPathComponent("a/b").path])
    #expect(denied.status == 73)
    #expect(denied.standardError.contains("\(locked.path) is not writable"))
  }

  @Test("control characters in --output are printed escaped, one message per line")
  func controlCharactersInOutputAreEscaped() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("a\nb\u{1B}[31m")
    try Data("x".utf8).write(to: file)
    let result = try CommandRunner.run(["record", "--duration", "1s", "--output", file.path])
    #expect(result.status == 73)
    let lines = result.standardError.split(separator: "\n")
    let prefixes = ["dualcam: ", "error: ", "hint: "]
    #expect(lines.allSatisfy { line in prefixes.contains { line.hasPrefix($0) } }, "\(lines)")
    #expect(result.standardError.contains("a\\nb\\u{1B}[31m"))
  }

  @Test("an output path that is a file is refused")
  func outputIsAFile() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("plain.txt")
    try Data("x".utf8).write(to: file)
    let result = try CommandRunner.run(["record", "--duration", "1s", "--output", file.path])
    #expect(result.status == 73)
    #expect(result.standardError.contains("is a file, not a folder"))
  }

  @Test("a file source that is not a video is refused with a reason")
  func corruptFileSource() throws {
    let folder = try TemporaryFolder()
    let junk = folder.url.appendingPathComponent("junk.mp4")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: junk)
    let output = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--duration", "1s", "--output", output.url.path, "--front", "file:\(junk.path)"])
    #expect(result.status != 0)
    #expect(result.standardError.contains("error: "))
    #expect(output.entries.isEmpty)
  }
}
