import Budget
public import DualCamCore

/// The live cost of a running take over its last few seconds: the process's CPU time as a share
/// of the cores, each output thread's time per frame against the frame interval, each USB bus
/// from what its cameras really send, the rate the three files grow at against the disk's write
/// rate, and output frames repeated because the encoders fell behind. When a resource goes over
/// 1.0 it warns once for that stretch, naming the resource and what to change for the next take
/// (a running take keeps its settings), and keeps the warning in the take's budget for
/// `metadata.json`.
///
/// A warning is a sustained measure, never a moment: the take's first seconds are not weighed
/// (the encoders start up, the first fragment is written), a cost is shown only once its
/// window spans a second, and a resource is over only when its cost over a whole window is
/// above 1.0. Frames repeated for encoder lag are facts, not estimates: they are warned of as
/// they happen after the start-up, as what they are, whatever the CPU's cost.
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
    /// Every resource measured live, in the prediction's order (USB, CPU, output threads, disk).
    public var resources: [LiveResourceCost] = []
    /// Warnings that began with this reading (a resource that just went over), each said once.
    public var newWarnings: [TakeBudgetRecord.Warning] = []
    /// Each camera's bytes per second from its device over the window.
    public var cameraBytesPerSecond: [CameraPosition: Double] = [:]
    /// Each output thread's time per frame over the window, against the frame interval.
    public var outputs: [TakeLoad.OutputLoad] = []

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

  /// The take's first seconds, not weighed.
  public static let defaultWarmUpSeconds = 2.0
  /// The least time a cost is shown over: a window shorter than this is noise.
  static let shortestShownWindow: Int64 = 1_000_000_000

  private let cores: Double
  private let window: Int64
  private let warmUp: Int64
  private let clock: any MonotonicClock
  private let cpuSeconds: () -> Double
  private let budget: TakeBudget?
  private let frameRate: FrameRate?
  private let diskWriteCapacity: Double?
  private var samples: [TakeLoad.Sample] = []
  private var start: MonotonicTime?
  /// Resources over 1.0 at the last reading: a warning is said when one enters this set.
  private var over: Set<String> = []

  /// A meter for a process that may use `cores` cores, averaging over `windowSeconds`.
  /// `budget` (the take's) gives the disk's write rate, the USB buses, the advice, and keeps
  /// the warnings; `frameRate` (the take's) the interval each output thread has per frame.
  /// `cpuSeconds` reads the process's CPU time (getrusage; tests stand in their own).
  /// The first `warmUpSeconds` of the take are not weighed.
  public init(
    cores: Double, windowSeconds: Double = 3, warmUpSeconds: Double = defaultWarmUpSeconds,
    budget: TakeBudget? = nil, frameRate: FrameRate? = nil,
    clock: any MonotonicClock = SystemMonotonicClock(),
    cpuSeconds: @escaping () -> Double = TakeBudget.processCPUSeconds
  ) {
    self.cores = max(cores, 1e-3)
    window = Int64(windowSeconds * 1e9)
    warmUp = Int64(warmUpSeconds * 1e9)
    self.clock = clock
    self.cpuSeconds = cpuSeconds
    self.budget = budget
    self.frameRate = frameRate
    diskWriteCapacity =
      budget?.decided.predicted.first {
        $0.kind == ResourceCost.Kind.diskWriteRate.rawValue && $0.capacity > 0
      }?.capacity
    samples.reserveCapacity(64)
  }

  /// A meter for a take with `budget` (nil: none was weighed; the cores are this machine's)
  /// recorded at `frameRate`.
  public convenience init(budget: TakeBudget?, cores fallbackCores: Double, frameRate: FrameRate?) {
    self.init(cores: budget?.cores ?? fallbackCores, budget: budget, frameRate: frameRate)
  }

  /// Adds a sample of `snapshot` and reads the cost.
  public func sample(_ snapshot: SessionSnapshot) -> Reading {
    add(TakeLoad.Sample(snapshot: snapshot, time: clock.now(), cpuSeconds: cpuSeconds()))
  }

  /// Adds a sample of the take's counters given one by one (its files' bytes, lag repeats,
  /// outputs and cameras so far) and reads the cost.
  public func sample(
    bytesWritten: Int64, lagRepeats: Int64, outputs: [SessionSnapshot.Output] = [],
    cameraBytes: [CameraPosition: Int64] = [:]
  ) -> Reading {
    add(
      TakeLoad.Sample(
        time: clock.now(), cpuSeconds: cpuSeconds(), bytesWritten: bytesWritten,
        lagRepeats: lagRepeats, outputs: outputs, cameraBytes: cameraBytes))
  }

  private func add(_ sample: TakeLoad.Sample) -> Reading {
    let now = sample.time
    if start == nil { start = now }
    let nothingYet = Reading(cpuCost: nil, diskBytesPerSecond: nil, lagRepeats: 0, warning: nil)
    // The start-up is no load: the window begins once it is over.
    guard now - (start ?? now) >= warmUp else { return nothingYet }
    samples.append(sample)
    // Keep the newest sample older than the window, so the window is always covered.
    while samples.count > 2, now - samples[1].time >= window { samples.removeFirst() }
    guard let first = samples.first, now - first.time >= min(Self.shortestShownWindow, window),
      let load = TakeLoad(from: first, to: sample)
    else { return nothingYet }
    // Over means over a whole window; a shorter one is shown but never warned of.
    let sustained = Double(now - first.time) >= 0.9 * Double(window)
    let cpu = load.cpuCost(cores: cores)
    let disk = load.diskBytesPerSecond
    let repeats = load.lagRepeats
    var resources =
      (budget?.usbBuses).map { buses in
        load.usbCosts(buses).map {
          LiveResourceCost(kind: ResourceCost.Kind.usbBus.rawValue, name: $0.name, cost: $0.cost)
        }
      } ?? []
    resources.append(
      LiveResourceCost(kind: ResourceCost.Kind.cpu.rawValue, name: "CPU", cost: cpu))
    let outputs = frameRate.map(load.outputLoads(rate:)) ?? []
    resources += outputs.map {
      LiveResourceCost(
        kind: LiveResourceCost.outputThreadKind, name: "\($0.name) output", cost: $0.cost)
    }
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
        + "\(Int(load.seconds.rounded())) s); for the next take \(advice(for: "cpu"))"
    } else if sustained,
      let worst = resources.filter({ $0.cost > BudgetVerdict.overLimit }).max(by: {
        $0.cost < $1.cost
      })
    {
      warning =
        "\(worst.name) over budget (cost \(String(format: "%.2f", worst.cost))): for the next "
        + "take \(advice(for: worst.kind))"
    }
    let elapsed = Double(now - (start ?? now)) / 1e9
    let newWarnings = warnings(resources, sustained: sustained, repeats: repeats, at: elapsed)
    var reading = Reading(
      cpuCost: cpu, diskBytesPerSecond: disk, lagRepeats: repeats, warning: warning,
      resources: resources, newWarnings: newWarnings)
    reading.cameraBytesPerSecond = load.cameraBytesPerSecond
    reading.outputs = outputs
    return reading
  }

  // MARK: - Warnings

  /// The warnings for resources that went over with this reading (over a whole window:
  /// `sustained`); the CPU also counts as over while the encoders repeat frames, and says so.
  /// Each is kept in the take's budget.
  private func warnings(
    _ resources: [LiveResourceCost], sustained: Bool, repeats: Int64, at time: Double
  ) -> [TakeBudgetRecord.Warning] {
    let isCPU = { (resource: LiveResourceCost) in resource.kind == ResourceCost.Kind.cpu.rawValue }
    // By name: each bus and each output thread goes over on its own.
    let nowOver = Set(
      resources.filter {
        (sustained && $0.cost > BudgetVerdict.overLimit) || (isCPU($0) && repeats > 0)
      }.map(\.name))
    // A short window that shows nothing over says nothing either: a stretch ends only once a
    // whole window is back under.
    let stillOver = sustained ? nowOver : over.union(nowOver)
    defer { over = stillOver }
    return resources.filter { nowOver.contains($0.name) && !over.contains($0.name) }.map {
      let lagging = isCPU($0) && repeats > 0 && $0.cost <= BudgetVerdict.overLimit
      let warning = TakeBudgetRecord.Warning(
        time: time, resource: $0.name, cost: $0.cost, advice: advice(for: $0.kind),
        repeatedFrames: lagging ? repeats : nil)
      budget?.warn(warning)
      return warning
    }
  }

  /// What to change for the next take when `kind` goes over (an output thread is eased by
  /// what eases the CPU).
  private func advice(for kind: String) -> String {
    let kind = kind == LiveResourceCost.outputThreadKind ? ResourceCost.Kind.cpu.rawValue : kind
    if let change = budget?.advice[kind] { return change + " (`dualcam budget` lists more)" }
    return "choose a faster preset, a lower frame rate or a smaller size (`dualcam budget` "
      + "lists them)"
  }
}

/// One resource's cost measured during a take.
public struct LiveResourceCost: Sendable, Equatable {
  /// The kind of an output's thread, measured live only: the prediction counts the outputs'
  /// encoders in the CPU's cores.
  public static let outputThreadKind = "output-thread"

  /// `usb-bus`, `cpu` or `disk-write-rate` as in the prediction, or `output-thread`.
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

  /// A warning's line for people: the resource, its cost (or the frames the encoders
  /// repeated, which a cost under 1.0 is never called over for) and what to change next time.
  public static func line(_ warning: TakeBudgetRecord.Warning) -> String {
    let cost = String(format: "%.2f", warning.cost)
    if let repeated = warning.repeatedFrames {
      return "\(warning.resource): the encoders fell behind and repeated \(repeated) "
        + (repeated == 1 ? "frame" : "frames") + " (cost \(cost)): for the next take "
        + warning.advice
    }
    return "\(warning.resource) over budget (cost \(cost)): for the next take \(warning.advice)"
  }
}
