import Budget
public import DualCamCore

/// The live cost of a running take over its last few seconds: the process's CPU time as a share
/// of the cores, the rate the three files grow at against the disk's write rate, and output
/// frames repeated because the encoders fell behind. When a resource goes over 1.0 it warns once
/// for that stretch, naming the resource and what to change for the next take (a running take
/// keeps its settings), and keeps the warning in the take's budget for `metadata.json`.
///
/// Used from the one thread that polls the session (the command's loop, the interface's runner).
public final class LiveCostMeter {
  /// One reading.
  public struct Reading: Sendable, Equatable {
    /// CPU seconds per second over the window ÷ cores; nil until two samples span time.
    public var cpuCost: Double?
    /// Bytes per second the files grew by over the window.
    public var diskBytesPerSecond: Double?
    /// Output frames repeated for encoder lag during the window.
    public var lagRepeats: Int64
    /// The resource over 1.0 with what to change for the next take; nil while it keeps up.
    public var warning: String?
    /// Every resource measured live, in the prediction's order (CPU first).
    public var resources: [LiveResourceCost] = []
    /// Warnings that began with this reading (a resource that just went over), each said once.
    public var newWarnings: [TakeBudgetRecord.Warning] = []

    /// Creates a reading.
    public init(
      cpuCost: Double?, diskBytesPerSecond: Double?, lagRepeats: Int64, warning: String?,
      resources: [LiveResourceCost] = [], newWarnings: [TakeBudgetRecord.Warning] = []
    ) {
      self.cpuCost = cpuCost
      self.diskBytesPerSecond = diskBytesPerSecond
      self.lagRepeats = lagRepeats
      self.warning = warning
      self.resources = resources
      self.newWarnings = newWarnings
    }

    /// The resource with the largest live cost.
    public var largest: LiveResourceCost? { resources.max { $0.cost < $1.cost } }
  }

  private struct Sample {
    var time: MonotonicTime
    var cpuSeconds: Double
    var bytes: Int64
    var lagRepeats: Int64
  }

  private let cores: Double
  private let window: Int64
  private let clock: any MonotonicClock
  private let cpuSeconds: () -> Double
  private let budget: TakeBudget?
  private let diskWriteCapacity: Double?
  private var samples: [Sample] = []
  private var start: MonotonicTime?
  /// Resources over 1.0 at the last reading: a warning is said when one enters this set.
  private var over: Set<String> = []

  /// A meter for a process that may use `cores` cores, averaging over `windowSeconds`.
  /// `budget` (the take's) gives the disk's write rate, the advice, and keeps the warnings.
  /// `cpuSeconds` reads the process's CPU time (getrusage; tests stand in their own).
  public init(
    cores: Double, windowSeconds: Double = 3, budget: TakeBudget? = nil,
    clock: any MonotonicClock = SystemMonotonicClock(),
    cpuSeconds: @escaping () -> Double = TakeBudget.processCPUSeconds
  ) {
    self.cores = max(cores, 1e-3)
    window = Int64(windowSeconds * 1e9)
    self.clock = clock
    self.cpuSeconds = cpuSeconds
    self.budget = budget
    diskWriteCapacity =
      budget?.decided.predicted.first {
        $0.kind == ResourceCost.Kind.diskWriteRate.rawValue && $0.capacity > 0
      }?.capacity
    samples.reserveCapacity(64)
  }

  /// A meter for a take with `budget` (nil: none was weighed; the cores are this machine's).
  public convenience init(budget: TakeBudget?, cores fallbackCores: Double) {
    self.init(cores: budget?.cores ?? fallbackCores, budget: budget)
  }

  /// Adds a sample of the take (its files' bytes and lag repeats so far) and reads the cost.
  public func sample(bytesWritten: Int64, lagRepeats: Int64) -> Reading {
    let now = clock.now()
    if start == nil { start = now }
    samples.append(
      Sample(time: now, cpuSeconds: cpuSeconds(), bytes: bytesWritten, lagRepeats: lagRepeats))
    // Keep the newest sample older than the window, so the window is always covered.
    while samples.count > 2, now - samples[1].time >= window { samples.removeFirst() }
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return Reading(cpuCost: nil, diskBytesPerSecond: nil, lagRepeats: 0, warning: nil)
    }
    let seconds = Double(last.time - first.time) / 1e9
    let cpu = (last.cpuSeconds - first.cpuSeconds) / seconds / cores
    let disk = Double(last.bytes - first.bytes) / seconds
    let repeats = last.lagRepeats - first.lagRepeats
    var resources = [
      LiveResourceCost(kind: ResourceCost.Kind.cpu.rawValue, name: "CPU", cost: cpu)
    ]
    if let capacity = diskWriteCapacity {
      resources.append(
        LiveResourceCost(
          kind: ResourceCost.Kind.diskWriteRate.rawValue, name: "disk write rate",
          cost: disk / capacity))
    }
    var warning: String?
    if repeats > 0 {
      warning =
        "CPU: the encoders fell behind (\(repeats) frames repeated in the last "
        + "\(Int(seconds.rounded())) s); for the next take \(advice(for: "cpu"))"
    } else if let worst = resources.filter({ $0.cost > BudgetVerdict.overLimit }).max(by: {
      $0.cost < $1.cost
    }) {
      warning =
        "\(worst.name) over budget (cost \(String(format: "%.2f", worst.cost))): for the next "
        + "take \(advice(for: worst.kind))"
    }
    let elapsed = Double(now - (start ?? now)) / 1e9
    let newWarnings = warnings(resources, repeats: repeats, at: elapsed)
    return Reading(
      cpuCost: cpu, diskBytesPerSecond: disk, lagRepeats: repeats, warning: warning,
      resources: resources, newWarnings: newWarnings)
  }

  /// Adds a sample of `snapshot`.
  public func sample(_ snapshot: SessionSnapshot) -> Reading {
    sample(
      bytesWritten: snapshot.outputs.reduce(0) { $0 + $1.bytes }, lagRepeats: snapshot.lagRepeats)
  }

  // MARK: - Warnings

  /// The warnings for resources that went over with this reading; the CPU also counts as over
  /// while the encoders repeat frames. Each is kept in the take's budget.
  private func warnings(_ resources: [LiveResourceCost], repeats: Int64, at time: Double)
    -> [TakeBudgetRecord.Warning]
  {
    let nowOver = Set(
      resources.filter {
        $0.cost > BudgetVerdict.overLimit
          || ($0.kind == ResourceCost.Kind.cpu.rawValue && repeats > 0)
      }.map(\.kind))
    defer { over = nowOver }
    return resources.filter { nowOver.contains($0.kind) && !over.contains($0.kind) }.map {
      let warning = TakeBudgetRecord.Warning(
        time: time, resource: $0.name, cost: $0.cost, advice: advice(for: $0.kind))
      budget?.warn(warning)
      return warning
    }
  }

  /// What to change for the next take when `kind` goes over.
  private func advice(for kind: String) -> String {
    if let change = budget?.advice[kind] { return change + " (`dualcam budget` lists more)" }
    return "choose a faster preset, a lower frame rate or a smaller size (`dualcam budget` "
      + "lists them)"
  }
}

/// One resource's cost measured during a take.
public struct LiveResourceCost: Sendable, Equatable {
  /// `cpu` or `disk-write-rate`, as in the prediction.
  public var kind: String
  /// The resource in words.
  public var name: String
  /// Demand over capacity in the last seconds.
  public var cost: Double

  /// Creates a cost.
  public init(kind: String, name: String, cost: Double) {
    self.kind = kind
    self.name = name
    self.cost = cost
  }

  /// `fits` below 0.95, `tight` to 1.0, `over` above: the colour it is shown in.
  public var verdict: String {
    cost < BudgetVerdict.fitLimit ? "fits" : (cost <= BudgetVerdict.overLimit ? "tight" : "over")
  }

  /// A warning's line for people: the resource, its cost and what to change next time.
  public static func line(_ warning: TakeBudgetRecord.Warning) -> String {
    "\(warning.resource) over budget (cost \(String(format: "%.2f", warning.cost))): for the "
      + "next take \(warning.advice)"
  }
}
