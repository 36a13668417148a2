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

  private func cgroupHeadroom() -> Int64? {
    guard let membership = tree.read("proc/self/cgroup"),
      let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
    else { return nil }
    let folder = "sys/fs/cgroup" + line.dropFirst(3)
    guard let limit = tree.read("\(folder)/memory.max").flatMap({ Int64($0) }) else {
      return nil
    }
    let used = tree.read("\(folder)/memory.current").flatMap { Int64($0) } ?? 0
    return max(0, limit - used)
  }
}
