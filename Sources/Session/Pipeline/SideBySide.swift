import DualCamCore

/// Runs a slow, independent job for each output of a take at the same time, each on a thread
/// of its own, and returns their results by output. For work done once per take (opening or
/// finishing its three files), never per frame: it starts threads and allocates.
enum SideBySide {
  /// Runs `job(role)` for every output on a thread named `<threadPrefix>-<role>`, waits for
  /// all of them and returns the results by role.
  static func run<Output: Sendable>(
    threadPrefix: String, _ job: @escaping @Sendable (OutputRole) -> Output
  ) -> OutputSet<Output> {
    let results = Locked<OutputSet<Output?>>(OutputSet(dualView: nil, front: nil, back: nil))
    let threads = OutputSet { role in
      WorkerThread(name: "\(threadPrefix)-\(role)") { @Sendable in
        let output = job(role)
        results.withLock { $0[role] = output }
      }
    }
    for thread in threads { thread.join() }
    return results.withLock { $0.map { $0! } }
  }
}
