import Foundation

/// Reads what the status bar shows about the machine: CPU load from `/proc/stat`, free space
/// where takes go, and the local time.
final class SystemMonitor {
  private var lastBusy: UInt64 = 0
  private var lastTotal: UInt64 = 0
  private let clockFormatter: DateFormatter
  private let statPath: String

  init(statPath: String = "/proc/stat") {
    self.statPath = statPath
    clockFormatter = DateFormatter()
    clockFormatter.dateFormat = "HH:mm:ss"
  }

  /// The status now; CPU load is the busy share since the previous call.
  func status(outputFolder: String?, estimatedBytesPerSecond: Double?) -> AppState.SystemStatus {
    var status = AppState.SystemStatus()
    status.clock = clockFormatter.string(from: Date())
    status.cpuLoad = cpuLoad()
    status.outputFolder = outputFolder
    status.estimatedBytesPerSecond = estimatedBytesPerSecond
    if let outputFolder {
      status.freeDiskBytes = Self.freeBytes(at: outputFolder)
    }
    return status
  }

  /// Free bytes for an unprivileged writer on the file system holding `path` (or its nearest
  /// existing parent).
  static func freeBytes(at path: String) -> Int64? {
    var url = URL(fileURLWithPath: path)
    while !FileManager.default.fileExists(atPath: url.path) && url.path != "/" {
      url.deleteLastPathComponent()
    }
    var info = statvfs()
    guard statvfs(url.path, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
  }

  /// Parses the first `cpu` line of /proc/stat: busy = total − idle − iowait.
  static func cpuTimes(fromStatLine line: Substring) -> (busy: UInt64, total: UInt64)? {
    let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
    guard fields.count >= 5 else { return nil }
    let total = fields.prefix(8).reduce(0, +)
    let idle = fields[3] + fields[4]
    return (total - idle, total)
  }

  private func cpuLoad() -> Double? {
    guard let text = try? String(contentsOfFile: statPath, encoding: .utf8),
      let line = text.split(separator: "\n").first, line.hasPrefix("cpu "),
      let times = Self.cpuTimes(fromStatLine: line)
    else { return nil }
    defer {
      lastBusy = times.busy
      lastTotal = times.total
    }
    guard lastTotal > 0, times.total > lastTotal else { return nil }
    return Double(times.busy - lastBusy) / Double(times.total - lastTotal)
  }
}
