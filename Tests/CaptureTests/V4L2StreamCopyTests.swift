import Capture
import DualCamCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Keeps each frame's compressed picture and whether its decoded picture was filled.
final class PacketSink: FrameSink, @unchecked Sendable {
  private let state = Mutex<[(packet: Data, stamp: FrameStamp?)]>([])

  func deliver(_ frame: consuming FrameBuffer, from position: CameraPosition) {
    let buffer = frame
    let seen = (Data(buffer.packet), FrameStamp.read(from: buffer.image))
    buffer.release()
    state.withLock { $0.append(seen) }
  }

  func sourceEvent(_ event: SourceEvent, from position: CameraPosition) {}

  var frames: [(packet: Data, stamp: FrameStamp?)] { state.withLock { $0 } }
}

@Suite("V4L2 stream copy, the MJPEG switch on ENOSPC, and identities, against a fake kernel")
struct V4L2StreamCopyTests {
  static let size = ImageSize(width: 320, height: 240)
  static let fps30 = FrameRate(numerator: 30)
  static let nowhere = URL(fileURLWithPath: "/nonexistent")

  func waitFor(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
  }

  func camera(
    _ kernel: FakeV4L2Kernel, passthrough: Bool = false
  ) throws(DualCamError) -> V4L2Camera {
    try V4L2Camera(
      path: kernel.path, position: .front, size: Self.size, rate: Self.fps30,
      passthrough: passthrough, system: kernel, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
  }

  static func problem(_ body: () throws -> Void) -> String {
    do {
      try body()
    } catch let error as DualCamError {
      return "\(error.problem) | \(error.fix)"
    } catch {
      return "unexpected \(error)"
    }
    return "no error"
  }

  @Test("a camera opened for stream copy takes MJPEG over YUYV and hands on the exact bytes")
  func passthroughCarriesPictures() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.size, rates: [Self.fps30]), .init("MJPG", Self.size, rates: [Self.fps30]),
    ])
    let camera = try camera(kernel, passthrough: true)
    #expect(camera.info.nativeFormat == "MJPEG" && kernel.current.fourcc == "MJPG")
    #expect(camera.deliversCompressedPictures)
    let pictures = try FakeMJPEGPictures.make(count: 4, size: Self.size, sourceID: 0)
    let sink = PacketSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 3)
    defer { camera.stop() }
    for (index, picture) in pictures.enumerated() {
      waitFor { kernel.queuedBuffers > 0 }
      #expect(kernel.emitPicture(picture, timestampNanoseconds: Int64(index + 1) * 33_000_000))
      waitFor { sink.frames.count == index + 1 }
    }
    let frames = sink.frames
    #expect(frames.map(\.packet) == pictures, "each frame carries its camera's JPEG, byte for byte")
    #expect(frames.map { $0.stamp?.frameNumber } == [0, 1, 2, 3], "and its decoded picture")

    // Without stream copy the same camera prefers YUYV and frames carry no packet.
    let plain = try self.camera(
      FakeV4L2Kernel(modes: [
        .init("YUYV", Self.size, rates: [Self.fps30]),
        .init("MJPG", Self.size, rates: [Self.fps30]),
      ]))
    #expect(plain.info.nativeFormat == "YUYV" && !plain.deliversCompressedPictures)
  }

  @Test("stream copy from a camera without MJPEG is refused when it is opened, saying why")
  func passthroughRefusedWithoutMJPEG() {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.size, rates: [Self.fps30]), .init("NV12", Self.size, rates: [Self.fps30]),
    ])
    let message = Self.problem { _ = try camera(kernel, passthrough: true) }
    #expect(message.contains("does not send MJPEG (it offers YUYV, NV12)"), "\(message)")
    #expect(message.contains("--camera-codec h264"), "\(message)")
    #expect(!kernel.requests.contains("S_FMT"), "nothing is configured")
  }

  @Test("ENOSPC for YUYV at STREAMON switches once to MJPEG at the same size and says so")
  func bandwidthSwitchesToMJPEG() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.size, rates: [Self.fps30]), .init("MJPG", Self.size, rates: [Self.fps30]),
    ])
    kernel.failStreamOn(whileFormatIs: "YUYV", with: ENOSPC)
    let camera = try camera(kernel)
    #expect(camera.info.nativeFormat == "YUYV")
    let sink = PacketSink()
    try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 3)
    defer { camera.stop() }
    #expect(kernel.current.fourcc == "MJPG" && kernel.isStreaming)
    #expect(camera.info.nativeFormat == "MJPEG")
    #expect(
      camera.info.details["format_switch"]
        == "YUYV 320x240 at 30 fps found no USB bandwidth left at stream start; switched to "
        + "MJPEG 320x240 at 30 fps")
    let requests = kernel.requests
    #expect(requests.filter { $0 == "STREAMON" }.count == 2)
    #expect(requests.filter { $0 == "S_FMT" }.count == 2)
    // The MJPEG stream is decoded like any MJPEG camera's; no packet is kept without copy.
    let picture = try FakeMJPEGPictures.make(count: 1, size: Self.size, sourceID: 1)[0]
    waitFor { kernel.queuedBuffers > 0 }
    kernel.emitPicture(picture, timestampNanoseconds: 1_000_000)
    waitFor { sink.frames.count == 1 }
    #expect(sink.frames.first?.stamp?.sourceID == 1)
    #expect(sink.frames.first?.packet.isEmpty == true)
  }

  @Test("when MJPEG finds no bandwidth either, the advice names both formats tried")
  func bandwidthExhaustedForBoth() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.size, rates: [Self.fps30]), .init("MJPG", Self.size, rates: [Self.fps30]),
    ])
    kernel.fail("STREAMON", with: ENOSPC)
    let camera = try camera(kernel)
    let message = Self.problem {
      try camera.start(clock: SystemMonotonicClock(), sink: PacketSink(), bufferCount: 2)
    }
    #expect(
      message.contains(
        "cannot start streaming YUYV 320x240 at 30 fps, nor MJPEG 320x240 at 30 fps"),
      "\(message)")
    #expect(message.contains("no bandwidth left"), "\(message)")
    #expect(kernel.requests.filter { $0 == "S_FMT" }.count == 2, "MJPEG was tried once")
  }

  @Test("no MJPEG at the same size: no switch, the bandwidth advice as before")
  func bandwidthWithoutMJPEGAtSize() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.size, rates: [Self.fps30]),
      .init("MJPG", ImageSize(width: 640, height: 480), rates: [Self.fps30]),
    ])
    kernel.failStreamOn(whileFormatIs: "YUYV", with: ENOSPC)
    let camera = try camera(kernel)
    let message = Self.problem {
      try camera.start(clock: SystemMonotonicClock(), sink: PacketSink(), bufferCount: 2)
    }
    #expect(message.contains("cannot start streaming YUYV 320x240 at 30 fps:"), "\(message)")
    #expect(kernel.current.fourcc == "YUYV")
  }

  @Test("a camera whose identity collides gets discovery's disambiguated identity and note")
  func identityCollision() throws {
    let tree = try FakeDeviceTree()
    try tree.addNode("video0", device: "platform/vivid.0")
    try tree.addNode("video1", device: "platform/vivid.0")
    // The camera node must not be a regular file (DualCam refuses those); a real one is a
    // character device, which a test cannot make.
    try FileManager.default.removeItem(atPath: tree.node("video0"))
    let streaming = FakeV4L2Kernel(
      path: tree.node("video0"), modes: [.init("YUYV", Self.size, rates: [Self.fps30])])
    streaming.describe(card: "vivid", busInfo: "platform:vivid-000")
    let other = FakeCameraKernel([
      tree.node("video1"): CameraFixtures.platformCamera(busInfo: "platform:vivid-000")
    ])
    let system = FakeV4L2Router([tree.node("video0"): streaming, tree.node("video1"): other])
    let camera = try V4L2Camera(
      path: tree.node("video0"), position: .front, size: Self.size, rate: Self.fps30,
      system: system, devRoot: tree.dev, sysfsRoot: tree.sysfs)
    let discovered = DeviceDiscovery(system: system, sysfsRoot: tree.sysfs, devRoot: tree.dev)
      .discover()
    #expect(camera.info.identity == "platform:vivid-000@video0")
    #expect(camera.info.identity == discovered.devices.first?.identity.value)
    #expect(camera.info.details["identity_note"]?.contains("share the identity") == true)
  }
}
