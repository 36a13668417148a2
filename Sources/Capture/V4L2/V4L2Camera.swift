public import DualCamCore
import Encoding
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A V4L2 camera (a UVC webcam, a capture card): negotiates a format, streams memory-mapped
/// buffers and hands out I420 frames stamped with the kernel's capture time.
///
/// The device is opened and configured by `init`, so a wrong path, missing permission or busy
/// camera is reported before recording starts. The capture thread waits in `poll`, converts
/// each buffer (YUYV, NV12, or MJPEG through `MJPEGDecoder`) into a pool buffer and gives the
/// driver its buffer back at once. When the camera is unplugged it reports `signalLost`, tries
/// to re-open the same camera every half second and, once it is back with the same format,
/// reports `signalRestored` and keeps sequence numbers rising.
public final class V4L2Camera: CameraSource, @unchecked Sendable {
  private let state: Mutex<SourceInfo>
  private let position: CameraPosition
  private let system: any V4L2System
  private let advisor: V4L2FailureAdvisor
  private let reopenPath: String
  private let format: V4L2CaptureFormat
  private let granted: V4L2FrameFormat
  private let rate: FrameRate
  private let busInfo: String
  private let decoder: MJPEGDecoder?
  private var device: V4L2Device?
  private let capture = CaptureLoop()

  /// How long the capture thread waits in one `poll`: short enough for a prompt stop.
  static let pollMilliseconds: Int32 = 100
  /// How often a lost camera is looked for again.
  static let reopenIntervalNanoseconds: Int64 = 500_000_000

  /// Opens the camera at `path` as camera `position` and configures it for `size` at `rate`
  /// (or the nearest the camera offers; `info` says what was granted).
  /// - Parameters:
  ///   - system: the kernel interface; tests pass a fake.
  ///   - processRoot: where to look for the process holding a busy camera.
  ///   - linkRoot: where the stable `by-id`/`by-path` links live.
  public init(
    path: String, position: CameraPosition, size: ImageSize, rate: FrameRate,
    system: any V4L2System = LibV4L2System(), processRoot: String = "/proc",
    linkRoot: String = "/dev/v4l"
  ) throws(DualCamError) {
    let advisor = V4L2FailureAdvisor(path: path, processRoot: processRoot)
    let device = try Self.open(path, system: system, advisor: advisor)
    let caps = try Self.capabilities(of: device, advisor: advisor)
    let offers: (usable: [V4L2FormatNegotiator.Offer], unusable: [UInt32])
    do throws(V4L2CallError) {
      offers = try V4L2FormatNegotiator.offers(of: device, size: size)
    } catch {
      throw advisor.error(for: error, busInfo: caps.busInfo)
    }
    guard
      let choice = V4L2FormatNegotiator.choose(from: offers.usable, size: size, rate: rate)
    else {
      throw advisor.noUsableFormat(offered: offers.unusable.map(V4L2CaptureFormat.name(ofFourcc:)))
    }
    let configured = try Self.configure(
      device, choice: choice, advisor: advisor, busInfo: caps.busInfo)
    let identity = V4L2Identity.stableName(of: path, linkRoot: linkRoot) ?? caps.busInfo
    self.position = position
    self.system = system
    self.advisor = advisor
    self.reopenPath = identity.hasPrefix("/") ? identity : path
    self.format = choice.format
    self.granted = configured.format
    self.rate = configured.rate
    self.busInfo = caps.busInfo
    self.device = device
    decoder = choice.format == .mjpeg ? try MJPEGDecoder(size: configured.format.size) : nil
    state = Mutex(
      SourceInfo(
        kind: "v4l2", label: "\(caps.card) (\(path))",
        identity: identity.isEmpty ? path : identity, size: configured.format.size,
        frameRate: configured.rate, nativeFormat: choice.format.name,
        details: ["driver": caps.driver, "bus": caps.busInfo, "path": path]))
    applySavedControls(path: path)
  }

  /// Re-applies the control values the user saved for this camera with `dualcam controls --set`,
  /// under the same identity `dualcam devices` shows; what could not be applied is noted in
  /// `info.details`.
  private func applySavedControls(path: String) {
    guard let identity = try? DeviceDiscovery(system: system).device(at: path).identity.value,
      let controls = try? CameraControls(path: path, system: system)
    else { return }
    let notes = controls.applySaved(from: ControlStore(), identity: identity)
    if !notes.isEmpty {
      state.withLock { $0.details["controls"] = notes.joined(separator: "; ") }
    }
  }

  public var info: SourceInfo { state.withLock { $0 } }

  public func start(
    clock: any MonotonicClock, sink: any FrameSink, bufferCount: Int
  ) throws(DualCamError) {
    guard let device else {
      throw .sourceUnavailable(
        "\(info.label) was already closed (stopped, or a start failed)",
        fix: "open the camera again before starting it")
    }
    self.device = nil
    let ring = try startStreaming(device)
    let stream = V4L2CaptureLoop(
      camera: self, pool: FramePool(format: .i420, size: granted.size, capacity: bufferCount),
      clock: clock, sink: sink, ring: ring)
    capture.start(name: "v4l2-\(position)") { _ in stream.run() }
  }

  public func stop() {
    capture.stop()
    device = nil
    V4L2StreamLedger.shared.remove(ObjectIdentifier(self))
  }

  public var counters: CaptureCounters { capture.counters }

  // MARK: - Opening and configuring

  private static func open(
    _ path: String, system: any V4L2System, advisor: V4L2FailureAdvisor
  ) throws(DualCamError) -> V4L2Device {
    try advisor.refuseNonVideoNode()
    do throws(V4L2CallError) {
      return try V4L2Device(path: path, system: system)
    } catch {
      throw advisor.error(for: error)
    }
  }

  private static func capabilities(
    of device: V4L2Device, advisor: V4L2FailureAdvisor
  ) throws(DualCamError) -> V4L2DeviceCapabilities {
    let caps: V4L2DeviceCapabilities
    do throws(V4L2CallError) {
      caps = try device.capabilities()
    } catch {
      throw advisor.error(for: error)
    }
    guard caps.canCapture else {
      throw advisor.notCaptureNode(card: caps.card, driver: caps.driver)
    }
    guard caps.canStream else {
      throw .sourceUnavailable(
        "\(device.path) ('\(caps.card)') cannot stream buffers, which DualCam needs",
        fix: "use a UVC camera or a capture card whose driver supports streaming I/O")
    }
    return caps
  }

  /// Sets format and rate; returns what the driver granted.
  private static func configure(
    _ device: V4L2Device, choice: V4L2FormatNegotiator.Choice, advisor: V4L2FailureAdvisor,
    busInfo: String
  ) throws(DualCamError) -> (format: V4L2FrameFormat, rate: FrameRate) {
    let format = choice.format
    let rate = choice.rate
    let granted: V4L2FrameFormat
    var grantedRate = rate
    do throws(V4L2CallError) {
      granted = try device.setFormat(fourcc: choice.fourcc, size: choice.size)
      do throws(V4L2CallError) {
        grantedRate = try device.setFrameRate(rate) ?? rate
      } catch let error where !error.isDisconnect && error.code != EBUSY {
        // A driver without rate control still streams, at its own rate.
      }
    } catch {
      throw advisor.error(for: error, busInfo: busInfo)
    }
    guard V4L2CaptureFormat(fourcc: granted.fourcc) == format else {
      throw .sourceUnavailable(
        "\(device.path) switched to format \(V4L2CaptureFormat.name(ofFourcc: granted.fourcc)) "
          + "instead of \(format.name)",
        fix: "try another frame size or rate (--size, --fps)")
    }
    let size = granted.size
    guard size.width > 0, size.height > 0, size.width % 2 == 0, size.height % 2 == 0 else {
      throw .sourceUnavailable(
        "\(device.path) granted a frame size of \(size), which is not an even size",
        fix: "ask for a size the camera lists (`v4l2-ctl -d \(device.path) --list-formats-ext`)")
    }
    return (granted, grantedRate)
  }

  /// Maps and queues the buffers and turns the stream on.
  private func startStreaming(_ device: V4L2Device) throws(DualCamError) -> V4L2BufferRing {
    let wanted = "\(format.name) \(granted.size) at \(rate) fps"
    do throws(V4L2CallError) {
      let ring = try V4L2BufferRing(device: device)
      try device.streamOn()
      V4L2StreamLedger.shared.record(
        ObjectIdentifier(self), description: "\(device.path) \(wanted) on \(busInfo)")
      return ring
    } catch let error where error.code == ENOSPC {
      throw advisor.noBandwidth(busInfo: busInfo, wanted: wanted)
    } catch {
      throw advisor.error(for: error, busInfo: busInfo)
    }
  }

  /// Opens the camera again after an unplug with the same format; nil while it is not back.
  func reopen() -> V4L2BufferRing? {
    guard let device = try? V4L2Device(path: reopenPath, system: system),
      let caps = try? device.capabilities(), caps.canCapture,
      let format = try? device.setFormat(fourcc: granted.fourcc, size: granted.size),
      format.size == granted.size, format.fourcc == granted.fourcc
    else { return nil }
    _ = try? device.setFrameRate(rate)
    guard let ring = try? V4L2BufferRing(device: device), (try? device.streamOn()) != nil else {
      return nil
    }
    // A re-plugged camera starts from its defaults: give it back the user's settings.
    applySavedControls(path: reopenPath)
    return ring
  }

  // MARK: - Capture loop helpers

  var isRunning: Bool { capture.isRunning }
  var currentInterrupt: ClockInterrupt { capture.interrupt }
  var capturePosition: CameraPosition { position }
  var capturedFormat: V4L2CaptureFormat { format }
  var capturedLayout: V4L2FrameFormat { granted }
  var mjpegDecoder: MJPEGDecoder? { decoder }
  func countDelivered() { capture.countDelivered() }
  func countDropped() { capture.countDroppedNoBuffer() }

  /// Notes in `info` that capture times come from arrival, not from the driver.
  func noteArrivalTimestamps() {
    state.withLock {
      $0.details["timestamps"] = "arrival time (the driver's timestamps are not monotonic)"
    }
  }
}
