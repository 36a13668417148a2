import Budget
public import DualCamCore

/// The live cost of a running take over its last few seconds: the process's CPU time as a share
/// of the cores, the rate the three files grow at, and output frames repeated because the
/// encoders fell behind. Names the resource when it goes over 1.0, so the user can change it for
/// the next take (a running take keeps its settings).
///
/// Used from the one thread that polls the session (the command's loop).
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
  private var samples: [Sample] = []

  /// A meter for a process that may use `cores` cores, averaging over `windowSeconds`.
  /// `cpuSeconds` reads the process's CPU time (getrusage; tests stand in their own).
  public init(
    cores: Double, windowSeconds: Double = 3, clock: any MonotonicClock = SystemMonotonicClock(),
    cpuSeconds: @escaping () -> Double = TakeBudget.processCPUSeconds
  ) {
    self.cores = max(cores, 1e-3)
    window = Int64(windowSeconds * 1e9)
    self.clock = clock
    self.cpuSeconds = cpuSeconds
    samples.reserveCapacity(64)
  }

  /// Adds a sample of the take (its files' bytes and lag repeats so far) and reads the cost.
  public func sample(bytesWritten: Int64, lagRepeats: Int64) -> Reading {
    let now = clock.now()
    samples.append(
      Sample(time: now, cpuSeconds: cpuSeconds(), bytes: bytesWritten, lagRepeats: lagRepeats))
    // Keep the newest sample older than the window, so the window is always covered.
    while samples.count > 2, now - samples[1].time >= window { samples.removeFirst() }
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return Reading(cpuCost: nil, diskBytesPerSecond: nil, lagRepeats: 0, warning: nil)
    }
    let seconds = Double(last.time - first.time) / 1e9
    let cpu = (last.cpuSeconds - first.cpuSeconds) / seconds / cores
    let repeats = last.lagRepeats - first.lagRepeats
    var warning: String?
    if repeats > 0 {
      warning =
        "CPU: the encoders fell behind (\(repeats) frames repeated in the last "
        + "\(Int(seconds.rounded())) s); for the next take choose a faster preset, a lower "
        + "frame rate or a smaller size (`dualcam budget` lists them)"
    } else if cpu > BudgetVerdict.overLimit {
      warning =
        "CPU over budget (cost \(String(format: "%.2f", cpu))): for the next take choose a "
        + "faster preset, a lower frame rate or a smaller size (`dualcam budget` lists them)"
    }
    return Reading(
      cpuCost: cpu, diskBytesPerSecond: Double(last.bytes - first.bytes) / seconds,
      lagRepeats: repeats, warning: warning)
  }

  /// Adds a sample of `snapshot`.
  public func sample(_ snapshot: SessionSnapshot) -> Reading {
    sample(
      bytesWritten: snapshot.outputs.reduce(0) { $0 + $1.bytes }, lagRepeats: snapshot.lagRepeats)
  }
}
