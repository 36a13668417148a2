import Capture
import DualCamCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Keeps the first pixel of each plane, the capture time and the sequence of every frame.
final class PixelSink: FrameSink, @unchecked Sendable {
  struct Seen: Equatable {
    var sequence: UInt64
    var captureTime: MonotonicTime
    var y: UInt8
    var u: UInt8
    var v: UInt8
    var uniform: Bool
  }

  private let state = Mutex<([Seen], [SourceEvent])>(([], []))

  func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
    let buffer = frame
    let image = buffer.image
    let y = image.plane0.base[0]
    let last = image.plane0.row(image.size.height - 1)[image.size.width - 1]
    let seen = Seen(
      sequence: buffer.sequence, captureTime: buffer.captureTime, y: y,
      u: image.plane1.base[0], v: image.plane2.base[0], uniform: y == last)
    buffer.release()
    state.withLock { $0.0.append(seen) }
  }

  func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {
    state.withLock { $0.1.append(event) }
  }

  var frames: [Seen] { state.withLock { $0.0 } }
  var events: [SourceEvent] { state.withLock { $0.1 } }
}

@Suite("V4L2 camera, against a fake kernel")
struct V4L2CameraTests {
  static let nowhere = URL(fileURLWithPath: "/nonexistent")
  static let small = ImageSize(width: 64, height: 48)
  static let fps30 = FrameRate(numerator: 30)
  static let fps5 = FrameRate(numerator: 5)

  /// A 64x48 JPEG of one colour (yuvj422p, as UVC cameras send); ffmpeg decodes it to
  /// Y 104, U 173, V 94 in I420.
  static let jpeg = Data(
    base64Encoded:
      "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABQEBAQAAAAAAAAAAAAAAAAAAAAYQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAwAEADASIAAhIAAxIA/9oADAMBAAIRAxEAPwCKAsxMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA//2Q=="
  )!

  func waitFor(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
  }

  func camera(
    _ kernel: FakeV4L2Kernel, size: ImageSize = small, rate: FrameRate = fps30
  ) throws -> V4L2Camera {
    try V4L2Camera(
      path: kernel.path, position: .front, size: size, rate: rate, system: kernel,
      devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
  }

  @Test("negotiation prefers YUYV, then NV12, then MJPEG, among modes with the size and rate")
  func negotiationOrder() throws {
    let all = FakeV4L2Kernel(modes: [
      .init("MJPG", Self.small, rates: [Self.fps30]),
      .init("NV12", Self.small, rates: [Self.fps30]),
      .init("YUYV", Self.small, rates: [Self.fps30]),
    ])
    #expect(try camera(all).info.nativeFormat == "YUYV")
    #expect(all.current.fourcc == "YUYV")

    let slowYUYV = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.small, rates: [Self.fps5]),
      .init("NV12", Self.small, rates: [Self.fps30, Self.fps5]),
      .init("MJPG", Self.small, rates: [Self.fps30]),
    ])
    #expect(try camera(slowYUYV).info.nativeFormat == "NV12")

    let onlyMJPEGFast = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.small, rates: [Self.fps5]),
      .init("MJPG", Self.small, rates: [Self.fps30]),
    ])
    let mjpeg = try camera(onlyMJPEGFast)
    #expect(mjpeg.info.nativeFormat == "MJPEG")
    #expect(mjpeg.info.frameRate == Self.fps30)
    #expect(onlyMJPEGFast.requests.contains("S_PARM"))

    // Some cameras list JPEG instead of MJPG; S_FMT must ask for the code they list.
    let jpeg = FakeV4L2Kernel(modes: [.init("JPEG", Self.small, rates: [Self.fps30])])
    #expect(try camera(jpeg).info.nativeFormat == "MJPEG")
    #expect(jpeg.current.fourcc == "JPEG")
  }

  @Test("?format= opens the camera in that format, or refuses naming what it offers")
  func chosenFormat() throws {
    let both = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.small, rates: [Self.fps30]),
      .init("MJPG", Self.small, rates: [Self.fps30]),
    ])
    let mjpeg = try V4L2Camera(
      path: both.path, position: .front, size: Self.small, rate: Self.fps30, format: .mjpeg,
      system: both, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
    #expect(mjpeg.info.nativeFormat == "MJPEG")
    #expect(both.current.fourcc == "MJPG")
    let onlyYUYV = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
    do {
      _ = try V4L2Camera(
        path: onlyYUYV.path, position: .front, size: Self.small, rate: Self.fps30,
        format: .mjpeg, system: onlyYUYV, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
      Issue.record("a camera without MJPEG must be refused for ?format=mjpeg")
    } catch {
      #expect(error.problem.contains("does not offer MJPEG (it offers YUYV)"), "\(error.problem)")
      #expect(error.fix.contains("?format=auto"))
    }
  }

  @Test("a rate nobody offers gets the fastest one at that size; info tells what was granted")
  func grantedRate() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.small, rates: [Self.fps5, FrameRate(numerator: 15)])
    ])
    let camera = try camera(kernel, rate: FrameRate(numerator: 60))
    #expect(camera.info.frameRate == FrameRate(numerator: 15))
    #expect(camera.info.kind == .v4l2)
    #expect(camera.info.label == "Fake UVC Camera (/dev/video0)")
    #expect(camera.info.identity == "usb-0000:00:14.0-1")
    #expect(camera.info.size == Self.small)
  }

  @Test(
    "YUYV and NV12 frames arrive as I420 with the kernel's timestamps and sequences",
    arguments: ["YUYV", "NV12"])
  func rawFrames(fourcc: String) throws {
    let kernel = FakeV4L2Kernel(modes: [.init(fourcc, Self.small, rates: [Self.fps30])])
    let camera = try camera(kernel)
    let sink = PixelSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 4)
    defer { camera.stop() }
    for index in 0..<5 {
      let stamp = Int64(7_000_000_000) + Int64(index) * 33_333_000
      #expect(kernel.emitUniform(y: 90 + UInt8(index), u: 60, v: 200, timestampNanoseconds: stamp))
      waitFor { sink.frames.count == index + 1 }
    }
    let frames = sink.frames
    #expect(frames.map(\.sequence) == [0, 1, 2, 3, 4])
    #expect(frames.map(\.y) == [90, 91, 92, 93, 94])
    #expect(frames.allSatisfy { $0.u == 60 && $0.v == 200 && $0.uniform })
    #expect(
      frames.map(\.captureTime.nanoseconds)
        == (0..<5).map { 7_000_000_000 + Int64($0) * 33_333_000 })
    #expect(camera.counters.delivered == 5)
  }

  @Test("MJPEG pictures are decoded to I420")
  func mjpegFrames() throws {
    let kernel = FakeV4L2Kernel(modes: [.init("MJPG", Self.small, rates: [Self.fps30])])
    let camera = try camera(kernel)
    let sink = PixelSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 4)
    defer { camera.stop() }
    for index in 0..<3 {
      kernel.emitFrame(timestampNanoseconds: 1_000_000 * Int64(index + 1)) { bytes in
        Self.jpeg.withUnsafeBytes { bytes.copyMemory(from: $0) }
        return Self.jpeg.count
      }
      waitFor { sink.frames.count == index + 1 }
    }
    // A damaged picture is skipped, not delivered and not fatal.
    kernel.emitFrame(timestampNanoseconds: 9_000_000) { bytes in
      bytes.initializeMemory(as: UInt8.self, repeating: 0xAB)
      return 100
    }
    kernel.emitFrame(timestampNanoseconds: 10_000_000) { bytes in
      Self.jpeg.withUnsafeBytes { bytes.copyMemory(from: $0) }
      return Self.jpeg.count
    }
    waitFor { sink.frames.count == 4 }
    let frames = sink.frames
    #expect(frames.count == 4)
    for frame in frames {
      #expect(abs(Int(frame.y) - 104) <= 3)
      #expect(abs(Int(frame.u) - 173) <= 3)
      #expect(abs(Int(frame.v) - 94) <= 3)
      #expect(frame.uniform)
    }
    #expect(frames.map(\.sequence) == [0, 1, 2, 4])
  }

  @Test("without monotonic buffer timestamps, frames carry the clock's time and info says so")
  func arrivalTimestamps() throws {
    let kernel = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
    kernel.setMonotonicTimestamps(false)
    let camera = try camera(kernel)
    let clock = ManualClock(start: .seconds(123))
    let sink = PixelSink()
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    defer { camera.stop() }
    kernel.emitUniform(y: 1, u: 2, v: 3, timestampNanoseconds: 5)
    waitFor { sink.frames.count == 1 }
    #expect(sink.frames.first?.captureTime == .seconds(123))
    #expect(camera.info.details["timestamps"]?.contains("arrival") == true)
  }

  @Test("a driver stamp ahead of the clock is replaced by the arrival time, and info says so")
  func stampsAheadOfTheClock() throws {
    let kernel = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
    let camera = try camera(kernel)
    let clock = ManualClock(start: .seconds(123))
    let sink = PixelSink()
    try camera.start(clock: clock, sink: sink, bufferCount: 4)
    defer { camera.stop() }
    kernel.emitUniform(y: 1, u: 2, v: 3, timestampNanoseconds: 122_500_000_000)
    waitFor { sink.frames.count == 1 }
    #expect(camera.info.details["timestamps"] == nil)
    kernel.emitUniform(y: 1, u: 2, v: 3, timestampNanoseconds: 123_400_000_000)
    waitFor { sink.frames.count == 2 }
    #expect(
      sink.frames.map(\.captureTime) == [
        MonotonicTime(nanoseconds: 122_500_000_000), .seconds(123),
      ])
    #expect(camera.info.details["timestamps"]?.contains("400 ms ahead") == true)
  }

  @Test("frames are dropped and counted when every pool buffer is held downstream")
  func poolExhaustion() throws {
    let kernel = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
    let camera = try camera(kernel)
    let sink = HoldingSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 2)
    defer {
      camera.stop()
      sink.releaseAll()
    }
    for index in 0..<4 {
      waitFor { kernel.queuedBuffers > 0 }
      kernel.emitUniform(y: 1, u: 2, v: 3, timestampNanoseconds: Int64(index))
      waitFor { camera.counters.delivered + camera.counters.droppedNoBuffer == index + 1 }
    }
    #expect(camera.counters.delivered == 2)
    #expect(camera.counters.droppedNoBuffer == 2)
  }

  @Test("unplug reports signalLost; replug restores it and sequences keep rising")
  func unplugAndReplug() throws {
    let kernel = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
    let camera = try camera(kernel)
    let sink = PixelSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 4)
    for index in 0..<3 {
      kernel.emitUniform(y: 50, u: 60, v: 70, timestampNanoseconds: Int64(index + 1))
      waitFor { sink.frames.count == index + 1 }
    }
    kernel.unplug()
    waitFor { sink.events.count == 1 }
    #expect(sink.events == [.signalLost(reason: "camera disconnected")])
    waitFor { kernel.openDescriptors == 0 }
    #expect(kernel.mappedBuffers == 0)

    kernel.replug()
    waitFor { sink.events.count == 2 }
    #expect(sink.events.last == .signalRestored)
    #expect(kernel.current.fourcc == "YUYV" && kernel.current.size == Self.small)
    for index in 0..<3 {
      waitFor { kernel.isStreaming && kernel.queuedBuffers > 0 }
      kernel.emitUniform(y: 80, u: 60, v: 70, timestampNanoseconds: Int64(100 + index))
      waitFor { sink.frames.count == 4 + index }
    }
    camera.stop()
    #expect(sink.frames.map(\.sequence) == [0, 1, 2, 3, 4, 5])
    #expect(sink.frames.suffix(3).allSatisfy { $0.y == 80 })
    #expect(kernel.openDescriptors == 0)
    #expect(kernel.mappedBuffers == 0)
  }

  @Test("identity is the by-id link leading to the node; after a replug it re-opens through it")
  func stableIdentity() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fakev4l-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let node = root.appendingPathComponent("video7").path
    for folder in ["by-id", "by-path"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("v4l/\(folder)"), withIntermediateDirectories: true)
    }
    let byID = root.appendingPathComponent("v4l/by-id/usb-Fake_Cam_1234-video-index0").path
    try FileManager.default.createSymbolicLink(atPath: byID, withDestinationPath: "../../video7")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("v4l/by-path/pci-0000:00:14.0-usb-0:1:1.0").path,
      withDestinationPath: "../../video7")
    let kernel = FakeV4L2Kernel(
      path: node,
      modes: [
        .init("YUYV", Self.small, rates: [Self.fps30])
      ])
    let camera = try V4L2Camera(
      path: node, position: .back, size: Self.small, rate: Self.fps30, system: kernel,
      devRoot: root, sysfsRoot: Self.nowhere)
    #expect(
      camera.info.identity == "usb-Fake_Cam_1234-video-index0", "as `dualcam devices` names it")
    #expect(camera.info.label == "Fake UVC Camera (\(node))")

    let sink = PixelSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 4)
    defer { camera.stop() }
    kernel.unplug()
    waitFor { sink.events.count == 1 }
    kernel.replug()
    waitFor { sink.events.count == 2 }
    #expect(sink.events.last == .signalRestored)
  }

  @Test("stop is prompt, while streaming and while waiting for an unplugged camera")
  func promptStop() throws {
    for unplugged in [false, true] {
      let kernel = FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [Self.fps30])])
      let camera = try camera(kernel)
      let sink = PixelSink()
      try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 4)
      if unplugged {
        kernel.unplug()
        waitFor { !sink.events.isEmpty }
      }
      Thread.sleep(forTimeInterval: 0.05)
      let started = Date()
      camera.stop()
      #expect(Date().timeIntervalSince(started) < 0.6)
      #expect(kernel.openDescriptors == 0)
      #expect(kernel.mappedBuffers == 0)
    }
  }
}

/// Keeps every frame until told to let go, to exhaust the pool.
final class HoldingSink: FrameSink, @unchecked Sendable {
  private let held = Mutex<[FrameBuffer]>([])
  func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
    let buffer = frame
    held.withLock { $0.append(buffer) }
  }
  func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {}
  func releaseAll() {
    for buffer in held.withLock({ list in
      defer { list = [] }
      return list
    }) { buffer.release() }
  }
}
