public import Foundation

/// Reads how much processor time this process may use: the online cores, lowered by a cgroup
/// CPU quota (v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`) on the process's
/// cgroup or any ancestor, as containers and systemd slices set them.
public struct CPUCapacityReader: Sendable {
  private let tree: SysfsTree
  private let fallbackCores: Int
  private let allowedCores: Int?

  /// A reader of the tree under `root` (`/` on a real system); `fallbackCores` stands in when
  /// `sys/devices/system/cpu/online` cannot be read, and `allowedCores` (the cores the
  /// scheduler lets this process run on, e.g. after `taskset`; nil in tests) lowers the count.
  public init(
    root: URL = URL(fileURLWithPath: "/"),
    fallbackCores: Int = ProcessInfo.processInfo.activeProcessorCount,
    allowedCores: Int? = ProcessInfo.processInfo.activeProcessorCount
  ) {
    tree = SysfsTree(root: root)
    self.fallbackCores = fallbackCores
    self.allowedCores = allowedCores
  }

  /// The cores' worth of time per second available, and where the figure came from.
  public func capacity() -> CPUCapacity {
    let online = tree.read("sys/devices/system/cpu/online").flatMap(Self.countCPUList)
    let processors = online ?? fallbackCores
    var cores = processors
    var source = "\(cores) \(online == nil ? "" : "online ")cores"
    if let allowed = allowedCores, allowed > 0, allowed < cores {
      cores = allowed
      source = "\(allowed) cores allowed to this process"
    }
    var capacity = CPUCapacity(cores: Double(cores), source: source, processors: processors)
    if let quota = quota(), quota.cores < capacity.cores {
      capacity = CPUCapacity(
        cores: quota.cores, source: "cgroup quota \(quota.text)", processors: processors)
    }
    return capacity
  }

  // MARK: - Parsing

  /// Counts a kernel CPU list such as `0-3,6,8-9` (7); nil when malformed.
  public static func countCPUList(_ text: String) -> Int? {
    var count = 0
    for part in text.split(separator: ",") {
      let bounds = part.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
      switch bounds.count {
      case 1:
        guard bounds[0] != nil else { return nil }
        count += 1
      case 2:
        guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
        count += high - low + 1
      default: return nil
      }
    }
    return count > 0 ? count : nil
  }

  /// Cores allowed by a cgroup v2 `cpu.max` (`QUOTA PERIOD`, or `max PERIOD` for no limit);
  /// nil for no limit or a malformed line.
  public static func parseCPUMax(_ text: String) -> Double? {
    let fields = text.split(separator: " ")
    guard fields.count >= 1, let quota = Double(fields[0]), quota > 0 else { return nil }
    let period = fields.count >= 2 ? Double(fields[1]) ?? 100_000 : 100_000
    return period > 0 ? quota / period : nil
  }

  // MARK: - Finding the quota

  /// The tightest quota on the process's cgroup and its ancestors (v2 first, then v1).
  private func quota() -> (cores: Double, text: String)? {
    guard let membership = tree.read("proc/self/cgroup") else { return nil }
    var tightest: (cores: Double, text: String)?
    func consider(_ cores: Double?, _ text: String) {
      guard let cores, cores < (tightest?.cores ?? .infinity) else { return }
      tightest = (cores, text)
    }
    for line in membership.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let controllers = fields[1].split(separator: ",").map(String.init)
      let path = String(fields[2])
      if fields[0] == "0" && controllers.isEmpty {
        for folder in ancestors(of: "sys/fs/cgroup", path) {
          if let text = tree.read("\(folder)/cpu.max") {
            consider(Self.parseCPUMax(text), "cpu.max \(text)")
          }
        }
      } else if controllers.contains("cpu") {
        let mount = controllers.joined(separator: ",")
        for base in Set([
          "sys/fs/cgroup/\(mount)", "sys/fs/cgroup/cpu", "sys/fs/cgroup/cpu,cpuacct",
        ]) {
          for folder in ancestors(of: base, path) {
            guard let quota = tree.read("\(folder)/cpu.cfs_quota_us").flatMap(Double.init),
              quota > 0,
              let period = tree.read("\(folder)/cpu.cfs_period_us").flatMap(Double.init),
              period > 0
            else { continue }
            consider(quota / period, "cpu.cfs_quota_us \(Int(quota))/\(Int(period))")
          }
        }
      }
    }
    return tightest
  }

  /// `base/a/b`, `base/a`, `base` for the cgroup path `/a/b`.
  private func ancestors(of base: String, _ path: String) -> [String] {
    var parts = path.split(separator: "/").map(String.init)
    var folders: [String] = []
    while true {
      folders.append(([base] + parts).joined(separator: "/"))
      guard !parts.isEmpty else { break }
      parts.removeLast()
    }
    return folders
  }
}
