public import Foundation

/// Reads the memory this process may still use: `MemAvailable` from `/proc/meminfo` (the
/// kernel's estimate of what can be allocated without swapping), lowered by a cgroup v2 limit
/// (`memory.max` − `memory.current`) on the process's cgroup.
public struct MemoryReader: Sendable {
  private let tree: SysfsTree

  /// A reader of the tree under `root` (`/` on a real system).
  public init(root: URL = URL(fileURLWithPath: "/")) {
    tree = SysfsTree(root: root)
  }

  /// What is available and where the figure came from.
  public func facts() -> MemoryFacts {
    let available = tree.read("proc/meminfo").flatMap(Self.memAvailable)
    var facts = MemoryFacts(
      availableBytes: available, source: available == nil ? "unknown" : "MemAvailable")
    if let limit = cgroupHeadroom(), limit < (available ?? .max) {
      facts = MemoryFacts(availableBytes: limit, source: "cgroup memory.max headroom")
    }
    return facts
  }

  /// `MemAvailable` in bytes from the text of `/proc/meminfo`.
  public static func memAvailable(_ meminfo: String) -> Int64? {
    for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
      let fields = line.split(separator: " ")
      guard fields.count >= 2, let kilobytes = Int64(fields[1]) else { return nil }
      return kilobytes * 1024
    }
    return nil
  }

  /// The room left under the process's cgroup memory limit: v2 `memory.max` −
  /// `memory.current`, or v1 `memory.limit_in_bytes` − `memory.usage_in_bytes` (v1 writes a
  /// huge number for "no limit", which never comes out lower than `MemAvailable`).
  private func cgroupHeadroom() -> Int64? {
    guard let membership = tree.read("proc/self/cgroup") else { return nil }
    var tightest: Int64?
    for line in membership.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let files: (limit: String, used: String, folder: String)
      if fields[0] == "0" && fields[1].isEmpty {
        files = ("memory.max", "memory.current", "sys/fs/cgroup\(fields[2])")
      } else if fields[1].split(separator: ",").contains("memory") {
        files = (
          "memory.limit_in_bytes", "memory.usage_in_bytes", "sys/fs/cgroup/memory\(fields[2])"
        )
      } else {
        continue
      }
      guard let limit = tree.read("\(files.folder)/\(files.limit)").flatMap({ Int64($0) })
      else { continue }
      let used = tree.read("\(files.folder)/\(files.used)").flatMap { Int64($0) } ?? 0
      tightest = min(tightest ?? .max, max(0, limit - used))
    }
    return tightest
  }
}
