import DualCamCore
import Encoding
import Synchronization

/// Finishes a take's three outputs side by side: each drains its queue, flushes its encoder and
/// rewrites its file into seekable form, which is disk-bound and worth overlapping.
enum TakeFinisher {
  /// The outcome of one output.
  struct Finished: Sendable {
    var name: String
    var summary: OutputSummary?
    var error: DualCamError?
  }

  static func finishOutputs(_ outputs: SlotScheduler.Outputs) -> [Finished] {
    let workers = [outputs.dualView, outputs.front, outputs.back]
    let results = ResultSlots(count: workers.count)
    let threads = workers.enumerated().map { index, worker in
      WorkerThread(name: "finish-\(worker.name)") {
        do throws(DualCamError) {
          let summary = try worker.finish()
          results.set(index, Finished(name: worker.name, summary: summary, error: nil))
        } catch {
          results.set(index, Finished(name: worker.name, summary: nil, error: error))
        }
      }
    }
    for thread in threads { thread.join() }
    return results.all
  }
}

/// Results written by several threads, one slot each.
private final class ResultSlots: Sendable {
  private let slots: Mutex<[TakeFinisher.Finished?]>

  init(count: Int) { slots = Mutex([TakeFinisher.Finished?](repeating: nil, count: count)) }

  func set(_ index: Int, _ value: TakeFinisher.Finished) { slots.withLock { $0[index] = value } }

  var all: [TakeFinisher.Finished] { slots.withLock { $0.compactMap { $0 } } }
}
