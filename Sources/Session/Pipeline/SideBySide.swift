import DualCamCore

/// Runs a few slow, independent jobs at the same time, each on a thread of its own, and
/// returns their results in job order. For work done once per take (opening or finishing its
/// three files), never per frame: it starts threads and allocates.
enum SideBySide {
  /// Runs `job(index)` for every index of `threadNames` on a thread of that name, waits for
  /// all of them and returns the results by index.
  static func run<Output: Sendable>(
    threadNames: [String], _ job: @escaping @Sendable (Int) -> Output
  ) -> [Output] {
    let slots = Locked<[Output?]>(Array(repeating: nil, count: threadNames.count))
    let threads = threadNames.enumerated().map { index, name in
      WorkerThread(name: name) { @Sendable in
        let output = job(index)
        slots.withLock { $0[index] = output }
      }
    }
    for thread in threads { thread.join() }
    return slots.withLock { $0.map { $0! } }
  }
}
