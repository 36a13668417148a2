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
  private var cpuSecondsAtStart: Double?

  /// A budget with `decided` for a machine with `cores` cores available.
  public init(decided: TakeBudgetRecord, cores: Double) {
    self.decided = decided
    self.cores = cores
  }

  /// Marks the start of the take: the process's CPU time from here on is the take's.
  func takeStarted() {
    cpuSecondsAtStart = Self.processCPUSeconds()
  }

  /// The record for `metadata`: the decision alone while recording, with the measured cost at
  /// the end (`final`).
  func record(for metadata: TakeMetadata, final: Bool) -> TakeBudgetRecord {
    var record = decided
    guard final, let start = cpuSecondsAtStart else { return record }
    record.measured = TakeBudgetRecord.Measured(
      recordedSeconds: metadata.sync.durationSeconds, wallSeconds: metadata.sync.wallSeconds,
      cpuSeconds: max(0, Self.processCPUSeconds() - start), cores: cores,
      bytesWritten: metadata.outputs.values.reduce(0) { $0 + $1.bytes },
      repeatedForEncoderLag: metadata.sync.repeatedForEncoderLag)
    return record
  }

  /// User and system CPU seconds of the whole process (every thread), from getrusage.
  public static func processCPUSeconds() -> Double {
    var usage = rusage()
    guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
