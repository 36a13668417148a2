import DualCamCore
import Encoding
import Foundation

/// What the controller remembers about the take being recorded.
struct TakeInProgress: Sendable {
  let folder: TakeFolder
  /// Held while recording: tells recovery that this take is not interrupted.
  let lock: TakeLock
  let specs: OutputSet<OutputSpec>
  let outputs: SlotScheduler.Outputs
  /// When slot 0 stands for, on the monotonic clock.
  let startTime: MonotonicTime
  /// The same moment on the wall clock, for the metadata.
  let startDate: Date
  /// Pauses that have ended (or the one cut short by stop).
  var pauses: [PauseSpan] = []
  /// Set while paused.
  var pauseStarted: MonotonicTime?
  /// The layout the take started with.
  var initialLayout: LayoutSettings
  /// Layout changes made while recording, in order.
  var layoutChanges: [TakeMetadata.LayoutChangeRecord] = []
  /// The room set aside for finishing the take on a full disk; nil when there was none.
  let reserve: TakeSpaceReserve?

  init(
    folder: TakeFolder, lock: TakeLock, specs: OutputSet<OutputSpec>,
    outputs: SlotScheduler.Outputs, startTime: MonotonicTime, startDate: Date,
    layout: LayoutSettings, reserve: TakeSpaceReserve? = nil
  ) {
    self.reserve = reserve
    initialLayout = layout
    self.folder = folder
    self.lock = lock
    self.specs = specs
    self.outputs = outputs
    self.startTime = startTime
    self.startDate = startDate
  }

  /// Time spent paused up to `now`, in ns, the running pause included.
  func pausedNanoseconds(until now: MonotonicTime) -> Double {
    let ended = pauses.reduce(Int64(0)) { $0 + (($1.end ?? now) - $1.start) }
    let running = pauseStarted.map { now - $0 } ?? 0
    return Double(ended + running)
  }
}

/// One pause on the monotonic clock.
struct PauseSpan: Sendable {
  var start: MonotonicTime
  /// nil when the take was stopped while paused.
  var end: MonotonicTime?
  /// Output frames recorded before the pause.
  var atFrame: Int64
}
