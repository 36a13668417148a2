public import Budget
public import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A take's budget as it goes into `metadata.json`: the prediction and decision made before the
/// take (from `BudgetCheck.record`), and at its end the cost really measured over it.
///
/// Give one to `SessionController.takeBudget` before `startRecording()`; the session marks the
/// start and fills in the measurement when it writes the final metadata.
public final class TakeBudget: @unchecked Sendable {
  // @unchecked Sendable: only the session's control thread calls `takeStarted()` and
  // `record(for:final:)` (the same thread that starts and stops the take).

  /// What was predicted and decided.
  public let decided: TakeBudgetRecord
  /// Cores the CPU cost is measured against (the prediction's capacity).
  public let cores: Double
  /// What to change for the next take when a resource goes over, by resource kind (`cpu`,
  /// `disk-write-rate`, …): the degrade order's first change that lowers it.
  public let advice: [String: String]
  /// The USB buses the take's cameras stream on, for the live cost of each.
  public let usbBuses: [USBBusLoad]
  /// What the take's measured costs (encoders, compositor, the rest) are kept as for the next
  /// prediction; nil to keep nothing.
  public let lessons: TakeLessons?
  private var atStart: TakeLoad.Sample?
  // Warnings come from the thread that polls the take (the command's loop or the interface),
  // while the take is finished on another: they are kept under a lock.
  private let warnings = Locked<[TakeBudgetRecord.Warning]>([])

  /// A budget with `decided` for a machine with `cores` cores available, and `advice` for
  /// resources that go over; `usbBuses` are the buses its cameras load.
  public init(
    decided: TakeBudgetRecord, cores: Double, advice: [String: String] = [:],
    usbBuses: [USBBusLoad] = [], lessons: TakeLessons? = nil
  ) {
    self.decided = decided
    self.cores = cores
    self.advice = advice
    self.usbBuses = usbBuses
    self.lessons = lessons
  }

  /// Keeps a warning for the take's metadata.
  public func warn(_ warning: TakeBudgetRecord.Warning) {
    warnings.withLock { $0.append(warning) }
  }

  /// The warnings so far.
  public var warningsSoFar: [TakeBudgetRecord.Warning] { warnings.withLock { $0 } }

  /// Marks the start of the take with its counters then (`start`): the process's CPU time and
  /// the cameras' bytes from here on are the take's.
  func takeStarted(_ start: TakeLoad.Sample) {
    atStart = start
  }

  /// The record for `metadata`: the decision alone while recording, with the measured cost at
  /// the end (`final`, with the take's counters at its end in `end`) taken at `rate`.
  func record(
    for metadata: TakeMetadata, final end: TakeLoad.Sample? = nil, rate: FrameRate? = nil
  ) -> TakeBudgetRecord {
    var record = decided
    record.warnings = warningsSoFar
    guard let end, let start = atStart else { return record }
    var measured = TakeBudgetRecord.Measured(
      recordedSeconds: metadata.sync.durationSeconds, wallSeconds: metadata.sync.wallSeconds,
      cpuSeconds: max(0, end.cpuSeconds - start.cpuSeconds), cores: cores,
      bytesWritten: metadata.outputs.values.reduce(0) { $0 + $1.bytes },
      repeatedForEncoderLag: metadata.sync.repeatedForEncoderLag)
    if let load = TakeLoad(from: start, to: end) {
      if let rate {
        measured.outputs = Dictionary(
          load.outputLoads(rate: rate).map {
            (
              $0.name,
              .init(
                millisecondsPerFrame: $0.millisecondsPerFrame, cost: $0.cost,
                encoderCPUMillisecondsPerFrame: $0.encoderCPUMillisecondsPerFrame,
                compositorCPUMillisecondsPerFrame: $0.compositorCPUMillisecondsPerFrame)
            )
          }, uniquingKeysWith: { first, _ in first })
      }
      measured.cameraBytesPerSecond = Dictionary(
        load.cameraBytesPerSecond.map { ($0.key.description, $0.value) },
        uniquingKeysWith: { first, _ in first })
      if !usbBuses.isEmpty {
        measured.usbBusCosts = Dictionary(
          load.usbCosts(usbBuses).map { ($0.name, $0.cost) },
          uniquingKeysWith: { first, _ in first })
      }
    }
    record.measured = measured
    return record
  }

  /// Keeps what a complete take's encoders and compositor cost, from its counters at its end
  /// (`end`) at `rate`, for the next prediction (`lessons`). A take that fell behind teaches
  /// nothing: the frames it repeated encode almost for free, and its threads fought for the
  /// cores, so its figures would say little about a take that keeps up.
  func learn(final end: TakeLoad.Sample, rate: FrameRate) {
    guard let lessons, let start = atStart, let load = TakeLoad(from: start, to: end),
      load.lagRepeats == 0
    else { return }
    lessons.learn(load, rate: rate)
  }

  /// User and system CPU seconds of the whole process (every thread), from getrusage.
  public static func processCPUSeconds() -> Double {
    var usage = rusage()
    guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
