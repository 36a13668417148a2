public import Foundation

/// Runs the built `dualcam` executable as a child process, the way users and scripts do.
/// Sendable because the pipe readers write their buffers under `lock`, and read them only
/// under it too.
public final class CommandRunner: @unchecked Sendable {
  /// The executable beside the test bundle in the build folder.
  public static let executable: URL = {
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundleFolder.appendingPathComponent("dualcam")
  }()

  /// What a finished run produced.
  public struct Result {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  public let process = Process()
  private let output = Pipe()
  private let error = Pipe()
  private var outputData = Data()
  private var errorData = Data()
  private let readers = DispatchGroup()
  private let lock = NSLock()

  /// Starts `dualcam` with `arguments`. The child never reads the machine's own settings file:
  /// `DUALCAM_SETTINGS` points at a file that does not exist unless `environment` names one.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = Self.executable
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["DUALCAM_SETTINGS"] = "/nonexistent/dualcam-tests/settings.toml"
    // Nor the developer's memory choice: tests of the default must see the default.
    inherited["DUALCAM_HUGE_PAGES"] = nil
    process.environment = inherited.merging(environment) { _, given in given }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Drain both pipes while the child runs, so a chatty child never blocks on a full pipe.
    for (pipe, isError) in [(output, false), (error, true)] {
      readers.enter()
      DispatchQueue.global().async { [self] in
        while true {
          let data = pipe.fileHandleForReading.availableData
          if data.isEmpty { break }
          lock.withLock {
            if isError { errorData += data } else { outputData += data }
          }
        }
        readers.leave()
      }
    }
  }

  /// What the child has written to standard error so far.
  public var standardErrorSoFar: String {
    lock.withLock { String(decoding: errorData, as: UTF8.self) }
  }

  /// Waits up to `timeout` seconds for standard error to contain `text`; true when it does.
  public func waitForError(containing text: String, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if standardErrorSoFar.contains(text) { return true }
      if !process.isRunning { return standardErrorSoFar.contains(text) }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// Sends `signal` to the child.
  public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits for the child to exit (killing it after `timeout` seconds) and collects its output.
  public func wait(timeout: TimeInterval = 120) -> Result {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { send(SIGKILL) }
    process.waitUntilExit()
    readers.wait()
    return lock.withLock {
      Result(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
    }
  }

  /// Runs `dualcam` to completion.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 120
  ) throws -> Result {
    try CommandRunner(arguments, environment: environment).wait(timeout: timeout)
  }
}
