import BenchmarkWorkloads
import Foundation

/// The benchmark runner's commands; see `usage`.
let usage = """
  usage: dualcam-bench compositor [--rounds N] [--sets N]
    compositor  time every compositor case against a memcpy of one 1920x2160 I420 frame,
                interleaved, single thread, data cycling through N sets (cold memory)
  """

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}

switch arguments.first {
case "compositor":
  let sets = option("--sets", default: 24)
  let rounds = option("--rounds", default: 11)
  let workload = try CompositorWorkload(sets: sets)
  let timer = RatioTimer(rounds: rounds, callsPerRound: sets)
  let cases = CompositorWorkload.Case.allCases.filter { $0 != .memcpy }
  let results = timer.measure(
    reference: (CompositorWorkload.Case.memcpy.rawValue, { workload.run(.memcpy) }),
    cases: cases.map { kind in (kind.rawValue, { workload.run(kind) }) })
  print("compositor, one output frame, single thread, \(sets) data sets, \(rounds) rounds")
  print("case".padding(toLength: 40, withPad: " ", startingAt: 0) + "  ms/frame  x memcpy  (range)")
  for result in results {
    let name = result.name.padding(toLength: 40, withPad: " ", startingAt: 0)
    print(
      name
        + String(
          format: "  %8.3f  %8.2f  (%.2f-%.2f)", result.milliseconds, result.ratio,
          result.ratioRange.lowerBound, result.ratioRange.upperBound))
  }
  let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.ratio) })
  let ours = byName[CompositorWorkload.Case.portrait.rawValue]!
  for peer in [CompositorWorkload.Case.libyuvBox, .libyuvBilinear, .swscale] {
    print(
      String(
        format: "portrait fill: DualCam / %@ = %.2f", peer.rawValue, ours / byName[peer.rawValue]!))
  }
default:
  print(usage)
  exit(arguments.first == nil ? 0 : 64)
}
