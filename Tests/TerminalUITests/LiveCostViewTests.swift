import DualCamCore
import Foundation
import Session
import Testing

@testable import TerminalUI

/// The take's live cost in the status bar and the diagnostics panel, and its warnings.
@Suite struct LiveCostViewTests {
  static func reading(cpu: Double, disk: Double) -> LiveCostMeter.Reading {
    LiveCostMeter.Reading(
      cpuCost: cpu, diskBytesPerSecond: 4_000_000, lagRepeats: 0, warning: nil,
      resources: [
        LiveResourceCost(kind: "cpu", name: "CPU", cost: cpu),
        LiveResourceCost(kind: "disk-write-rate", name: "disk write rate", cost: disk),
      ])
  }

  @Test func statusBarShowsTheLargestCostInItsColour() throws {
    var state = StateFixtures.recording()
    state.liveCost = Self.reading(cpu: 0.82, disk: 0.1)
    assertSnapshot(AppRenderer.render(state), named: "camera-recording-live-cost-80x24")
    for (cpu, color) in [(0.5, Palette.good), (0.97, Palette.warning), (1.3, Palette.bad)] {
      state.liveCost = Self.reading(cpu: cpu, disk: 0.1)
      let buffer = AppRenderer.render(state)
      let row = buffer.height - 2
      let line = buffer.line(row)
      let found = try #require(line.range(of: "cost CPU"), "\(line)")
      let column = line.distance(from: line.startIndex, to: found.lowerBound)
      #expect(line.contains(String(format: "cost CPU %.2f", cpu)), "\(line)")
      #expect(buffer[column, row].foreground == color, "cost \(cpu)")
    }
  }

  @Test func noCostBetweenTakes() {
    var state = StateFixtures.previewing()
    state.liveCost = Self.reading(cpu: 0.82, disk: 0.1)
    #expect(!AppRenderer.render(state).text.contains("cost CPU"))
  }

  @Test func diagnosticsListEveryResource() {
    var state = StateFixtures.recording()
    state.diagnosticsVisible = true
    var reading = Self.reading(cpu: 1.2, disk: 0.31)
    reading.outputs = [
      TakeLoad.OutputLoad(name: "dualview", millisecondsPerFrame: 38.2, intervalMilliseconds: 33.3),
      TakeLoad.OutputLoad(name: "front", millisecondsPerFrame: 9.1, intervalMilliseconds: 33.3),
    ]
    reading.resources.append(
      LiveResourceCost(kind: LiveResourceCost.outputThreadKind, name: "dualview output", cost: 1.15)
    )
    reading.cameraBytesPerSecond = [.front: 2_070_000, .back: 55_300_000]
    state.liveCost = reading
    let lines = DiagnosticsView.lines(state)
    #expect(lines.contains { $0.0 == "BUDGET (live)" })
    #expect(lines.contains { $0.0 == "  CPU 1.20 over" && $0.1 })
    #expect(lines.contains { $0.0 == "  disk write rate 0.31 fits" && !$0.1 })
    // Output threads are shown on the take's lines, as time per frame against the interval.
    #expect(!lines.contains { $0.0.contains("dualview output") })
    #expect(lines.contains { $0.0 == "  dualview 2490 fr 31 MB 38/33 ms q2" && $0.1 })
    #expect(lines.contains { $0.0 == "  front 2490 fr 16 MB 9/33 ms q0" && !$0.1 })
    #expect(lines.contains { $0.0 == "  back 2490 fr 16 MB q0" }, "no time measured yet")
    #expect(lines.contains { $0.0 == "  v4l2 yuyv 1280x720 @ 30, 55 MB/s" }, "\(lines)")
    #expect(lines.contains { $0.0 == "  synthetic i420 1280x720 @ 30" }, "a pattern sends nothing")
    assertSnapshot(AppRenderer.render(state), named: "diagnostics-live-cost-80x24")
  }

  @Test func aWarningIsToastedOnceAndTheReadingKept() {
    var state = StateFixtures.recording()
    var reading = Self.reading(cpu: 1.3, disk: 0.1)
    reading.newWarnings = [
      TakeBudgetRecord.Warning(
        time: 12, resource: "CPU", cost: 1.3, advice: "preset veryfast instead of medium")
    ]
    #expect(AppUpdate.update(&state, .liveCost(reading), environment: .permissive).isEmpty)
    #expect(state.liveCost == reading)
    #expect(
      state.toasts.map(\.text) == [
        "CPU over budget (cost 1.30): for the next take preset veryfast instead of medium"
      ])
    #expect(state.toasts.first?.isProblem == true)
    reading.newWarnings = []
    _ = AppUpdate.update(&state, .liveCost(reading), environment: .permissive)
    #expect(state.toasts.count == 1, "said once while it stays over")
    #expect(
      state.settings == StateFixtures.recording().settings, "the take keeps its settings")
  }
}
