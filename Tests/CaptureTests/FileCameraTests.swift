import Capture
import DualCamCore
import Encoding
import Foundation
import Media
import TestSupport
import Testing

@Suite("File sources replay recordings frame for frame")
struct FileCameraTests {
  let size = ImageSize(width: 160, height: 120)

  /// Writes `count` stamped synthetic frames to `url` with the real encoder (FFV1: lossless).
  func writeSource(_ url: URL, count: Int, codec: VideoCodec = .ffv1) throws {
    let writer = try VideoFileWriter(
      spec: OutputSpec(
        name: "source", url: url, size: size, frameRate: FrameRate(numerator: 30), codec: codec,
        container: .mkv, preset: nil))
    let renderer = TestPatternRenderer(size: size, sourceID: 7, label: "SOURCE")
    for index in 0..<count {
      let image = try writer.nextInputImage()
      renderer.render(frameNumber: UInt64(index), captureTime: .seconds(Double(index)), into: image)
      try writer.submitFrame(index: Int64(index))
    }
    _ = try writer.finish()
  }

  func play(_ camera: FileCamera, until count: Int, sink: CollectingSink) throws {
    let clock = ManualClock(start: .seconds(10))
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    let deadline = Date().addingTimeInterval(20)
    while sink.deliveries.count < count && Date() < deadline {
      clock.advance(by: 10_000_000)
      Thread.sleep(forTimeInterval: 0.001)
    }
    camera.stop()
  }

  /// Plays `camera` without looping until it reports the end of its file (or 100 steps).
  func playToTheEnd(_ camera: FileCamera) throws -> CollectingSink {
    let sink = CollectingSink()
    let clock = ManualClock()
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    for _ in 0..<100 where sink.events.isEmpty {
      clock.advance(by: 50_000_000)
      Thread.sleep(forTimeInterval: 0.005)
    }
    camera.stop()
    return sink
  }

  @Test("a file plays its frames in order, paced at its own rate")
  func playsInOrder() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("source.mkv")
    try writeSource(url, count: 12)
    let camera = try FileCamera(url: url, position: .front)
    #expect(camera.info.size == size)
    #expect(camera.info.frameRate == FrameRate(numerator: 30))
    let sink = CollectingSink()
    try play(camera, until: 12, sink: sink)

    let deliveries = sink.deliveries.prefix(12)
    #expect(deliveries.map { $0.stamp?.frameNumber } == (0..<12).map { UInt32($0) })
    let period = FrameRate(numerator: 30).periodNanoseconds
    for (index, delivery) in deliveries.enumerated() {
      #expect(
        delivery.captureTime == .seconds(10) + FrameRate(numerator: 30).time(ofFrame: Int64(index)))
      #expect(delivery.sequence == UInt64(index))
    }
    #expect(period > 0)
  }

  @Test("looping starts again at frame 0; without it the end of the file is a lost signal")
  func loopsOrEnds() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("source.mkv")
    try writeSource(url, count: 5)

    let looping = CollectingSink()
    try play(try FileCamera(url: url, position: .back, loop: true), until: 12, sink: looping)
    #expect(
      looping.deliveries.prefix(12).map { $0.stamp?.frameNumber } == [
        0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1,
      ])

    let once = try playToTheEnd(try FileCamera(url: url, position: .back))
    #expect(once.deliveries.count == 5)
    #expect(once.events.first == .signalLost(reason: "end of source.mkv"))
  }

  /// Renders `count` stamped I420 frames of `size` back to back, as raw YUV bytes.
  func rawFrames(count: Int) -> Data {
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    defer { frame.release() }
    let renderer = TestPatternRenderer(size: size, sourceID: 3, label: "RAW")
    var bytes = Data()
    for index in 0..<count {
      renderer.render(frameNumber: UInt64(index), captureTime: .zero, into: frame.image)
      for plane in 0..<3 {
        for row in 0..<frame.image.planeHeight(plane) {
          bytes.append(frame.image.plane(plane).row(row), count: frame.image.planeWidth(plane))
        }
      }
    }
    return bytes
  }

  @Test("raw YUV files play given their size, format and rate")
  func rawVideo() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("frames.yuv")
    try rawFrames(count: 6).write(to: url)

    let spec = try SourceSpec(parsing: "file:\(url.path)?size=160x120&format=i420&fps=25")
    let camera = try spec.makeSource(position: .front, size: size, rate: FrameRate(numerator: 30))
    #expect(camera.info.frameRate == FrameRate(numerator: 25))
    let sink = CollectingSink()
    try play(try #require(camera as? FileCamera), until: 6, sink: sink)
    #expect(sink.deliveries.map { $0.stamp?.frameNumber } == (0..<6).map { UInt32($0) })
  }

  @Test("a raw file loops over its complete frames; a cut-off last frame is not played")
  func rawVideoLoops() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("frames.yuv")
    var bytes = rawFrames(count: 4)
    let frameBytes = bytes.count / 4
    bytes.removeLast(frameBytes / 2)
    try bytes.write(to: url)
    let raw = RawVideoFormat(size: size, pixelFormat: .i420, frameRate: FrameRate(numerator: 30))

    let looping = CollectingSink()
    try play(
      try FileCamera(url: url, position: .front, raw: raw, loop: true), until: 8, sink: looping)
    #expect(
      looping.deliveries.prefix(8).map { $0.stamp?.frameNumber } == [0, 1, 2, 0, 1, 2, 0, 1])

    let once = try playToTheEnd(try FileCamera(url: url, position: .back, raw: raw))
    #expect(once.deliveries.count == 3)
    #expect(once.events.first == .signalLost(reason: "end of frames.yuv"))
  }
}
