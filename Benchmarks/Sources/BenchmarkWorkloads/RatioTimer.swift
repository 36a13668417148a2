import Foundation

/// Times several cases against a reference in interleaved rounds and reports each as a ratio
/// to the reference measured in the same round, so that a busy or throttled machine moves both
/// sides of a ratio together.
public struct RatioTimer {
  /// What one case measured.
  public struct Result: Sendable {
    /// The case's name.
    public var name: String
    /// Median over rounds of (case time / reference time) in the same round.
    public var ratio: Double
    /// Lowest and highest per-round ratio.
    public var ratioRange: ClosedRange<Double>
    /// Median over rounds of the case's median time per call, in milliseconds.
    public var milliseconds: Double
  }

  /// Rounds to run after one warm-up round.
  public var rounds: Int
  /// Calls per case per round.
  public var callsPerRound: Int

  /// A timer running `rounds` rounds of `callsPerRound` calls per case.
  public init(rounds: Int, callsPerRound: Int) {
    self.rounds = rounds
    self.callsPerRound = callsPerRound
  }

  /// Runs `reference` and every case, interleaved, and returns one result per case (the
  /// reference first, with ratio 1).
  public func measure(
    reference: (name: String, run: () -> Void), cases: [(name: String, run: () -> Void)]
  ) -> [Result] {
    let all = [reference] + cases
    var perRound = [[Double]](repeating: [], count: all.count)
    for round in 0...rounds {
      var medians = [Double]()
      for entry in all {
        var times = [Double]()
        times.reserveCapacity(callsPerRound)
        for _ in 0..<callsPerRound {
          let start = DispatchTime.now().uptimeNanoseconds
          entry.run()
          times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        medians.append(Self.median(times))
      }
      guard round > 0 else { continue }  // warm-up: first touches, page faults, code
      for index in all.indices { perRound[index].append(medians[index]) }
    }
    return all.indices.map { index in
      let ratios = zip(perRound[index], perRound[0]).map { $0 / $1 }
      return Result(
        name: all[index].name, ratio: Self.median(ratios),
        ratioRange: ratios.min()!...ratios.max()!, milliseconds: Self.median(perRound[index]))
    }
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
