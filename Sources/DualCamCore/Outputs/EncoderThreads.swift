/// How many threads each of a take's encoders may start, so that the three together fit the
/// machine's cores instead of each sizing itself for all of them. The session sets its encoders
/// up with it, and the budget calibrates each encoder with the same count.
public enum EncoderThreads {
  /// Splits `cores` between the outputs that encode (`pixels` not nil), in proportion to the
  /// pixels each encodes per frame: the dual view, twice a camera's pixels, gets about half.
  /// Every encoder gets at least one thread, so with fewer cores than encoders each gets one;
  /// otherwise the counts add up to exactly `cores`. Outputs without an encoder (stream copies)
  /// get 0. Cores left over after rounding down go to the largest remainders, in the set's order
  /// on ties.
  ///
  /// One exception, measured: with two or three cores the dual view still gets two (slice)
  /// threads. It encodes twice a camera's pixels in the same frame time, and with one thread
  /// it dropped frames at 2×720p on two cores (`PERFORMANCE.md`, section 3); the cameras'
  /// encoders then share the cores with it, as they did before the split.
  public static func split(cores: Int, pixels: OutputSet<Int?>) -> OutputSet<Int> {
    let encoding = pixels.compactMap { $0 }.filter { $0 > 0 }
    let totalPixels = encoding.reduce(0, +)
    guard totalPixels > 0 else { return pixels.map { _ in 0 } }
    let budget = max(cores, encoding.count)
    func share(_ role: OutputRole) -> Double {
      guard let count = pixels[role], count > 0 else { return 0 }
      return Double(budget) * Double(count) / Double(totalPixels)
    }
    var threads = OutputSet { role in share(role) > 0 ? max(1, Int(share(role))) : 0 }
    var used = threads.reduce(0, +)
    // Rounding up to one thread can overshoot; take back from the largest, keeping one each.
    while used > budget, let largest = OutputRole.allCases.max(by: { threads[$0] < threads[$1] }),
      threads[largest] > 1
    {
      threads[largest] -= 1
      used -= 1
    }
    if let dualView = pixels.dualView, dualView > 0, (2...3).contains(cores),
      threads.dualView < 2
    {
      threads.dualView = 2
      used += 1
    }
    while used < budget {
      let next = OutputRole.allCases.filter { share($0) > 0 }.max { first, second in
        share(first) - Double(threads[first]) < share(second) - Double(threads[second])
      }
      guard let next else { break }
      threads[next] += 1
      used += 1
    }
    return threads
  }
}
