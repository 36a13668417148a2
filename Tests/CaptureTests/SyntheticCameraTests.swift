import Capture
import DualCamCore
import Foundation
import TestSupport
import Testing

@Suite("Synthetic camera")
struct SyntheticCameraTests {
  func waitFor(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
  }

  @Test("paced by the injected clock: frame n arrives at start + n/rate, stamped with both")
  func pacedByClock() throws {
    let clock = ManualClock(start: .seconds(50))
    let camera = SyntheticCamera(
      position: .back, size: ImageSize(width: 160, height: 120), rate: FrameRate(numerator: 25))
    let sink = CollectingSink()
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    defer { camera.stop() }

    let period = FrameRate(numerator: 25).periodNanoseconds
    for frame in 0..<10 {
      clock.advance(to: .seconds(50) + Int64(frame) * period)
      waitFor { sink.deliveries.count == frame + 1 }
      // Nothing more arrives until the clock moves on.
      #expect(sink.deliveries.count == frame + 1)
    }
    for (index, delivery) in sink.deliveries.enumerated() {
      #expect(delivery.sequence == UInt64(index))
      #expect(delivery.captureTime == .seconds(50) + Int64(index) * period)
      #expect(delivery.stamp?.frameNumber == UInt32(index))
      #expect(delivery.stamp?.sourceID == 1)
      #expect(
        delivery.stamp?.captureMicroseconds == UInt64(delivery.captureTime.nanoseconds / 1000))
    }
    clock.advance(by: 1_000_000_000)  // lets the thread leave its last sleep for stop()
  }

  @Test("lost frames leave gaps in sequence numbers, exactly as configured")
  func dropsLeaveGaps() throws {
    let clock = ManualClock()
    let options = try SyntheticCameraOptions(parsing: "drop-every=4")
    let camera = SyntheticCamera(
      position: .front, size: ImageSize(width: 64, height: 48), rate: FrameRate(numerator: 30),
      options: options)
    let sink = CollectingSink(readStamps: false)
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    clock.advance(by: 1_000_000_000)
    waitFor { sink.deliveries.count >= 20 }
    clock.advance(by: 1_000_000_000)
    camera.stop()
    let sequences = sink.deliveries.map(\.sequence)
    #expect(!sequences.contains { $0 > 0 && $0 % 4 == 0 })
    #expect(sequences.prefix(6) == [0, 1, 2, 3, 5, 6])
  }

  @Test("options parse, and bad ones are refused with the list of valid ones")
  func options() throws {
    let options = try SyntheticCameraOptions(
      parsing: "size=640x360,fps=29.97,phase=5ms,jitter=250us,drop=0.1,seed=9,label=DOC CAM")
    #expect(options.size == ImageSize(width: 640, height: 360))
    #expect(options.frameRate == FrameRate(numerator: 30000, denominator: 1001))
    #expect(options.phaseNanoseconds == 5_000_000)
    #expect(options.jitterNanoseconds == 250_000)
    #expect(options.dropProbability == 0.1)
    #expect(options.seed == 9)
    #expect(options.label == "DOC CAM")
    #expect(throws: DualCamError.self) { try SyntheticCameraOptions(parsing: "drop=2") }
    #expect(throws: DualCamError.self) { try SyntheticCameraOptions(parsing: "size=3x3") }
    #expect(throws: DualCamError.self) { try SyntheticCameraOptions(parsing: "phase=soon") }
  }

  @Test("the timeline is seeded: the same options give the same capture times")
  func timelineRepeats() throws {
    let options = try SyntheticCameraOptions(parsing: "jitter=3ms,drop=0.2,seed=42")
    var first = SyntheticTimeline(
      start: .seconds(1), rate: FrameRate(numerator: 30), options: options)
    var second = SyntheticTimeline(
      start: .seconds(1), rate: FrameRate(numerator: 30), options: options)
    let a = (0..<200).map { _ in first.next() }
    let b = (0..<200).map { _ in second.next() }
    #expect(a == b)
    #expect(zip(a, a.dropFirst()).allSatisfy { $0.time < $1.time })
    let lost = Int(a.last!.sequence) + 1 - a.count
    #expect(lost > 20 && lost < 80, "about one frame in five is lost: \(lost)")
  }
}
