import DualCamCore
import Foundation
import TestSupport
import Testing

@testable import Capture

@Suite("V4L2 failures, in words a user can act on")
struct V4L2FailureTests {
  static let nowhere = URL(fileURLWithPath: "/nonexistent")
  static let small = ImageSize(width: 64, height: 48)

  func kernel() -> FakeV4L2Kernel {
    FakeV4L2Kernel(modes: [.init("YUYV", Self.small, rates: [FrameRate(numerator: 30)])])
  }

  /// The error thrown by opening (and, with `start`, streaming) the fake camera.
  func failure(
    _ kernel: FakeV4L2Kernel, path: String? = nil, processRoot: String = "/nonexistent",
    start: Bool = false
  ) -> DualCamError? {
    do throws(DualCamError) {
      let camera = try V4L2Camera(
        path: path ?? kernel.path, position: .back, size: Self.small,
        rate: FrameRate(numerator: 30), system: kernel, processRoot: processRoot,
        devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
      if start {
        try camera.start(clock: SystemMonotonicClock(), sink: CollectingSink(), bufferCount: 2)
        camera.stop()
      }
      return nil
    } catch {
      return error
    }
  }

  @Test("ENOSPC at STREAMON names the USB controller and the fixes")
  func noBandwidth() {
    let kernel = kernel()
    kernel.fail("STREAMON", with: ENOSPC)
    let error = failure(kernel, start: true)
    #expect(error?.exitCode == 66)
    #expect(error?.problem.contains("USB controller 0000:00:14.0") == true)
    #expect(error?.problem.contains("bandwidth") == true)
    #expect(error?.fix.contains("different USB controllers") == true)
    #expect(error?.fix.contains("MJPEG") == true)
    #expect(kernel.openDescriptors == 0)
    #expect(kernel.mappedBuffers == 0)
  }

  @Test("ENOSPC also names the other camera already streaming in this process")
  func noBandwidthNamesOtherStream() throws {
    let first = FakeV4L2Kernel(
      path: "/dev/video2",
      modes: [.init("YUYV", Self.small, rates: [FrameRate(numerator: 30)])])
    first.describe(busInfo: "usb-0000:00:14.0-2")
    let running = try V4L2Camera(
      path: "/dev/video2", position: .front, size: Self.small, rate: FrameRate(numerator: 30),
      system: first, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
    try running.start(clock: SystemMonotonicClock(), sink: CollectingSink(), bufferCount: 2)
    defer { running.stop() }
    let second = kernel()
    second.fail("STREAMON", with: ENOSPC)
    let error = failure(second, start: true)
    #expect(error?.problem.contains("/dev/video2 YUYV 64x48") == true)
  }

  @Test("EBUSY names the process holding the camera, found in /proc")
  func busyNamesHolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fakeproc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let fds = root.appendingPathComponent("4242/fd")
    try FileManager.default.createDirectory(at: fds, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: fds.appendingPathComponent("3").path, withDestinationPath: "/dev/null")
    try FileManager.default.createSymbolicLink(
      atPath: fds.appendingPathComponent("7").path, withDestinationPath: "/dev/video0")
    try "obs\n".write(
      to: root.appendingPathComponent("4242/comm"), atomically: true, encoding: .utf8)

    let kernel = kernel()
    kernel.fail("S_FMT", with: EBUSY)
    let error = failure(kernel, processRoot: root.path)
    #expect(error?.problem == "/dev/video0 is busy: obs (process 4242) is using the camera")
    #expect(error?.fix.contains("kill 4242") == true)

    let anonymous = failure(kernel)
    #expect(anonymous?.problem.contains("another program") == true)
    #expect(anonymous?.fix.contains("fuser") == true)
  }

  @Test("EACCES says which group grants access and how to join it")
  func permissionDenied() {
    let kernel = kernel()
    kernel.fail("open", with: EACCES)
    let error = failure(kernel)
    #expect(error?.exitCode == 66)
    #expect(error?.problem.contains("group 'video'") == true)
    #expect(error?.fix.contains("sudo usermod -aG video $USER") == true)
  }

  @Test("paths that are not capture devices each get their own sentence")
  func notCaptureDevices() {
    let kernel = kernel()
    #expect(failure(kernel, path: "/dev/video9")?.problem.contains("does not exist") == true)

    kernel.describe(card: "Fake UVC Camera", captureNode: false)
    let metadata = failure(kernel)
    #expect(metadata?.problem.contains("not a video capture node") == true)
    #expect(metadata?.problem.contains("metadata node") == true)

    let grey = FakeV4L2Kernel(modes: [
      .init("GREY", Self.small, rates: [FrameRate(numerator: 30)])
    ])
    let unusable = failure(grey)
    #expect(unusable?.problem.contains("offers no format DualCam can record") == true)
    #expect(unusable?.problem.contains("GREY") == true)
  }

  @Test("unplugged at start: a clear sentence, not an errno")
  func goneAtStart() {
    let kernel = kernel()
    kernel.fail("REQBUFS", with: ENODEV)
    #expect(failure(kernel, start: true)?.problem.contains("went away") == true)
  }

  @Test("real libv4l2: /dev/null, a regular file, a folder and a missing path are refused")
  func realKernelNonDevices() throws {
    func open(_ path: String) -> DualCamError? {
      do throws(DualCamError) {
        _ = try SourceSpec.device(path: path).makeSource(
          position: .front, size: Self.small, rate: FrameRate(numerator: 30))
        return nil
      } catch {
        return error
      }
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-a-camera-\(UUID().uuidString).txt")
    try "hello".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }

    let null = open("/dev/null")
    #expect(null?.exitCode == 66)
    #expect(
      null?.problem == "/dev/null is a device but not a video device: it does not answer "
        + "V4L2 queries")
    #expect(open(file.path)?.problem.contains("is a regular file, not a camera device") == true)
    #expect(
      open(FileManager.default.temporaryDirectory.path)?.problem.contains("is a folder")
        == true)
    #expect(open("/dev/video-missing-\(getpid())")?.problem.contains("does not exist") == true)
  }

  @Test("real libv4l2 refuses /dev/null with ENOTTY, which reads as a sentence")
  func realKernelNotVideo() throws {
    // libv4l2 queries the capabilities inside v4l2_open, so the open itself fails.
    #expect(throws: V4L2CallError(call: "open", code: ENOTTY)) {
      _ = try V4L2Device(path: "/dev/null", system: LibV4L2System())
    }
    let advisor = V4L2FailureAdvisor(path: "/dev/null", processRoot: "/proc")
    let error = advisor.error(for: V4L2CallError(call: "open", code: ENOTTY))
    #expect(error.problem.contains("not a video device"))
  }

  @Test("TRY_FMT reports an adjustment without applying it; G_FMT reads what S_FMT set")
  func formatQueries() throws {
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", Self.small, rates: [FrameRate(numerator: 30)]),
      .init("NV12", ImageSize(width: 32, height: 24), rates: [FrameRate(numerator: 30)]),
    ])
    let device = try V4L2Device(path: kernel.path, system: kernel)
    let nv12 = V4L2CaptureFormat.nv12.fourcc
    let tried = try device.tryFormat(fourcc: nv12, size: ImageSize(width: 640, height: 480))
    #expect(tried.fourcc == nv12 && tried.size == ImageSize(width: 32, height: 24))
    #expect(try device.currentFormat().fourcc == V4L2CaptureFormat.yuyv.fourcc)
    _ = try device.setFormat(fourcc: nv12, size: ImageSize(width: 32, height: 24))
    let current = try device.currentFormat()
    #expect(current.fourcc == nv12 && current.bytesPerLine == 32 && current.imageBytes == 1152)
  }

  @Test("starting a camera whose start failed throws instead of crashing")
  func restartAfterFailure() throws {
    let kernel = kernel()
    kernel.fail("STREAMON", with: EIO)
    let camera = try V4L2Camera(
      path: kernel.path, position: .back, size: Self.small, rate: FrameRate(numerator: 30),
      system: kernel, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
    let sink = CollectingSink()
    #expect(throws: DualCamError.self) {
      try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 2)
    }
    #expect(throws: DualCamError.self) {
      try camera.start(clock: SystemMonotonicClock(), sink: sink, bufferCount: 2)
    }
    camera.stop()
    #expect(kernel.openDescriptors == 0)
  }
}
