import BenchmarkWorkloads
import DualCamCore
import Foundation
import ProcessPolicy

// Run as `dualcam` runs (huge pages off unless DUALCAM_HUGE_PAGES=on): x264's first frames
// cost very different amounts of page faulting either way.
HugePagePolicy.apply()

/// The benchmark runner's commands; see `usage`.
let usage = """
  usage: dualcam-bench compositor [--rounds N] [--sets N]
         dualcam-bench latency [--takes N] [--height 720]
         dualcam-bench record [--seconds N] [--height 720]
         dualcam-bench library [--takes 5000] [--rounds N]
         dualcam-bench pictures [--columns 120] [--rows 40] [--rounds N]
         dualcam-bench pixels [--columns 80] [--rows 30] [--rounds N]
    latency     record call to first frame written, camera frame to preview tap
    record      a synthetic take held open (for attaching perf or gdb to the frame path)
    library     the recordings library on N synthetic takes: first screen (scan, read,
                sort), re-sort, search and an idle refresh, against a plain listing of
                the same folders (readdir of the output folder and of every take folder)
    pictures    a 1280x1440 dual view drawn into cells by our half blocks and by libchafa:
                time per frame and mean colour error against the picture
    pixels      a 640x480 picture in real pixels over N x M cells of 8x16 pixels: I420 to
                RGB, kitty framing and sixel encoding, time and bytes per frame
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
  let yuyv = byName[CompositorWorkload.Case.stackYUYV.rawValue]!
  let yuyvPeer = byName[CompositorWorkload.Case.libyuvStackYUYV.rawValue]!
  let streaming = byName[CompositorWorkload.Case.stackYUYVStreaming.rawValue]!
  print(String(format: "stack YUYV: DualCam / libyuv YUY2ToI420 = %.2f", yuyv / yuyvPeer))
  print(
    String(
      format: "stack YUYV, streaming stores: DualCam / libyuv YUY2ToI420 = %.2f",
      streaming / yuyvPeer))
  let cachedHandoff = byName[CompositorWorkload.Case.stackYUYVThenRead.rawValue]!
  let streamingHandoff = byName[CompositorWorkload.Case.stackYUYVStreamingThenRead.rawValue]!
  print(
    String(
      format: "stack YUYV and the encoder's read: streaming / cached stores = %.2f",
      streamingHandoff / cachedHandoff))
case "latency":
  let takes = option("--takes", default: 10)
  let height = option("--height", default: 720)
  let size = ImageSize(width: height * 16 / 9, height: height)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "dualcam-bench-latency-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let figures = try LatencyProbe.measure(
    takes: takes, previewSeconds: 5, size: size, rate: FrameRate(numerator: 30), folder: folder)
  func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return "no samples" }
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    return String(
      format: "median %.1f ms, p95 %.1f ms, max %.1f ms (n=%d)", median, p95, sorted.last!,
      sorted.count)
  }
  print("latency, synthetic cameras \(size) at 30 fps, x264 ultrafast, MOV")
  print("record call -> first frame in all three files: \(summary(figures.recordToFirstFrame))")
  print(
    "  per take, in order: "
      + figures.recordToFirstFrame.map { String(format: "%.0f", $0) }.joined(separator: " ")
      + " ms")
  print("  of which record call (files open, clock on):    \(summary(figures.recordCall))")
  print("  record call -> first frame in the first file:   \(summary(figures.recordToFirstOutput))")
  print("camera frame (capture stamp) -> preview tap:   \(summary(figures.frameToPreview))")
case "library":
  let takes = option("--takes", default: 5_000)
  let rounds = option("--rounds", default: 5)
  let start = DispatchTime.now().uptimeNanoseconds
  let workload = try LibraryWorkload(takes: takes)
  let setup = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  // CPU time of one first screen, all threads: what it would take on an idle machine, which
  // wall-clock times on a shared one cannot show.
  func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }
  func cpu(_ body: () -> Void) -> Double {
    let before = cpuSeconds()
    body()
    return cpuSeconds() - before
  }
  let firstScreenCPU = cpu { workload.firstScreen() }
  let coldCPU = cpu { workload.firstScreenCold() }
  let warmCPU = cpu { workload.firstScreenWarm() }
  let listingBefore = cpuSeconds()
  workload.plainListing()
  let listingCPU = cpuSeconds() - listingBefore
  let timer = RatioTimer(rounds: rounds, callsPerRound: 3)
  let results = timer.measure(
    reference: ("plain listing (readdir of every folder)", { workload.plainListing() }),
    cases: [
      ("first screen, no index store (read all)", { workload.firstScreen() }),
      ("first screen cold (read all, store kept)", { workload.firstScreenCold() }),
      ("first screen warm (kept index, stats)", { workload.firstScreenWarm() }),
      ("re-sort by size", { workload.resort() }),
      ("search two words", { workload.search() }),
      ("refresh, nothing changed", { workload.refreshUnchanged() }),
    ])
  print(
    String(
      format: "library, %d synthetic takes (written in %.1f s), %d rounds", takes, setup, rounds))
  print(
    "case".padding(toLength: 42, withPad: " ", startingAt: 0) + "        ms  x listing  (range)")
  for result in results {
    let name = result.name.padding(toLength: 42, withPad: " ", startingAt: 0)
    print(
      name
        + String(
          format: "  %8.2f  %8.2f  (%.2f-%.2f)", result.milliseconds, result.ratio,
          result.ratioRange.lowerBound, result.ratioRange.upperBound))
  }
  print(
    String(
      format:
        "CPU time, all threads: first screen without a store %.0f ms, cold %.0f ms, warm %.0f ms,"
        + " plain listing %.0f ms",
      firstScreenCPU * 1e3, coldCPU * 1e3, warmCPU * 1e3, listingCPU * 1e3))
case "pictures":
  let columns = option("--columns", default: 120)
  let rows = option("--rows", default: 40)
  let rounds = option("--rounds", default: 7)
  let workload = try PictureWorkload(
    size: ImageSize(width: 1280, height: 1440), columns: columns, rows: rows)
  let timer = RatioTimer(rounds: rounds, callsPerRound: 10)
  let cases = PictureWorkload.Case.allCases.filter { $0 != .halfBlocksTrueColor }
  let results = timer.measure(
    reference: (
      PictureWorkload.Case.halfBlocksTrueColor.rawValue, { workload.run(.halfBlocksTrueColor) }
    ),
    cases: cases.map { kind in (kind.rawValue, { workload.run(kind) }) })
  print("pictures, 1280x1440 I420 into \(columns)x\(rows) cells, single thread, \(rounds) rounds")
  print(
    "case".padding(toLength: 40, withPad: " ", startingAt: 0)
      + "  ms/frame  x blocks  (range)  mean error")
  for result in results {
    let kind = PictureWorkload.Case(rawValue: result.name)!
    let fidelity = workload.fidelity(kind)
    let name = result.name.padding(toLength: 40, withPad: " ", startingAt: 0)
    print(
      name
        + String(
          format: "  %8.3f  %8.2f  (%.2f-%.2f)  %10.2f", result.milliseconds, result.ratio,
          result.ratioRange.lowerBound, result.ratioRange.upperBound, fidelity.meanError)
        + (fidelity.unknownSymbols > 0 ? " (\(fidelity.unknownSymbols) cells not counted)" : ""))
  }
case "pixels":
  let columns = option("--columns", default: 80)
  let rows = option("--rows", default: 30)
  let rounds = option("--rounds", default: 7)
  let workload = try PixelWorkload(
    size: ImageSize(width: 640, height: 480), columns: columns, rows: rows, cellWidth: 8,
    cellHeight: 16)
  let timer = RatioTimer(rounds: rounds, callsPerRound: 10)
  let results = timer.measure(
    reference: (PixelWorkload.Step.convert.rawValue, { workload.run(.convert) }),
    cases: [PixelWorkload.Step.kitty, .sixel].map { step in (step.rawValue, { workload.run(step) })
    }
  )
  print(
    "pixels, 640x480 picture over \(columns)x\(rows) cells of 8x16, single thread, \(rounds) rounds"
  )
  print("step".padding(toLength: 40, withPad: " ", startingAt: 0) + "  ms/frame  bytes/frame")
  for result in results {
    let step = PixelWorkload.Step(rawValue: result.name)!
    print(
      result.name.padding(toLength: 40, withPad: " ", startingAt: 0)
        + String(format: "  %8.3f  %11d", result.milliseconds, workload.bytes[step] ?? 0))
  }
case "record":
  let seconds = option("--seconds", default: 30)
  let height = option("--height", default: 720)
  let rig = try RecordingRig(size: ImageSize(width: height * 16 / 9, height: height))
  print("recording, pid \(getpid())")
  Thread.sleep(forTimeInterval: Double(seconds))
  print("frames written: \(rig.framesWritten)")
  rig.finish()
default:
  print(usage)
  exit(arguments.first == nil ? 0 : 64)
}
