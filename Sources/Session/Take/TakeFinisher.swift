import DualCamCore
import Encoding

/// Finishes a take's three outputs side by side: each drains its queue, flushes its encoder and
/// rewrites its file into seekable form, which is disk-bound and worth overlapping.
enum TakeFinisher {
  /// The outcome of one output.
  struct Finished: Sendable {
    var name: String
    var summary: OutputSummary?
    var error: DualCamError?
  }

  static func finishOutputs(_ outputs: SlotScheduler.Outputs) -> OutputSet<Finished> {
    let workers = outputs.workers
    return SideBySide.run(threadPrefix: "finish") { role in
      let worker = workers[role]
      do throws(DualCamError) {
        return Finished(name: worker.name, summary: try worker.finish(), error: nil)
      } catch {
        return Finished(name: worker.name, summary: nil, error: error)
      }
    }
  }
}
