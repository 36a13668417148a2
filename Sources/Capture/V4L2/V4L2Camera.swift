public import DualCamCore
public import Foundation
import Media

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
///
/// Opened for stream copy (`passthrough`), it insists on MJPEG and hands each frame's
/// compressed picture along with the decoded one, copied into memory the frame pool allocated
/// with the frame. When an uncompressed stream finds no USB bandwidth at STREAMON and the
/// camera offers MJPEG at the same size, it switches to MJPEG once by itself and says so in
/// `info`.
///
/// `@unchecked Sendable`: the stream's format, rate, decoder and device change only in `init`,
/// `start` (before the capture thread starts) and `stop` (after it has ended); while the
/// thread runs it only reads them. `info` is behind a `Mutex`.
public final class V4L2Camera: CameraSource, @unchecked Sendable {
  private let state: Locked<SourceInfo>
  private let position: CameraPosition
  private let system: any V4L2System
  private let advisor: V4L2FailureAdvisor
  private let reopenPath: String
  private let identity: String
  private let passthrough: Bool
  /// The camera's MJPEG offer, kept for the switch to MJPEG when bandwidth runs out.
  private let mjpegOffer: V4L2FormatNegotiator.Offer?
  // Format, rate and decoder change only before the capture thread starts (the MJPEG switch).
  private var format: V4L2CaptureFormat
  private var granted: V4L2FrameFormat
  private var rate: FrameRate
  private let busInfo: String
  private var decoder: MJPEGDecoder?
  private var device: V4L2Device?
  private let capture = CaptureLoop()

  /// How long the capture thread waits in one `poll`: short enough for a prompt stop.
  static let pollMilliseconds: Int32 = 100
  /// How often a lost camera is looked for again.
  static let reopenIntervalNanoseconds: Int64 = 500_000_000

  /// Opens the camera at `path` as camera `position` and configures it for `size` at `rate`
  /// (or the nearest the camera offers; `info` says what was granted).
  /// - Parameters:
  ///   - format: the format the user chose (`?format=`): the camera is opened in it or
  ///     refused; `auto` lets the negotiator choose and switch to MJPEG when the bus refuses.
  ///   - passthrough: open for stream copy: MJPEG only, each frame carrying its compressed
  ///     picture (`deliversCompressedPictures`); a camera without MJPEG is refused.
  ///   - system: the kernel interface; tests pass a fake.
  ///   - processRoot: where to look for the process holding a busy camera.
  ///   - devRoot, sysfsRoot: where discovery finds the stable `/dev/v4l` links and the device
  ///     tree that give the camera its identity (the one `dualcam devices` shows).
  public init(
    path: String, position: CameraPosition, size: ImageSize, rate: FrameRate,
    passthrough: Bool = false, format requested: CameraFormatRequest = .auto,
    system: any V4L2System = LibV4L2System(),
    processRoot: String = "/proc", devRoot: URL = URL(fileURLWithPath: "/dev"),
    sysfsRoot: URL = URL(fileURLWithPath: "/sys")
  ) throws(DualCamError) {
    let advisor = V4L2FailureAdvisor(path: path, processRoot: processRoot)
    let device = try Self.open(path, system: system, advisor: advisor)
    let caps = try Self.capabilities(of: device, advisor: advisor)
    var offers: (usable: [V4L2FormatNegotiator.Offer], unusable: [UInt32])
    do throws(V4L2CallError) {
      offers = try V4L2FormatNegotiator.offers(of: device, size: size)
    } catch {
      throw advisor.error(for: error, busInfo: caps.busInfo)
    }
    if let wanted = requested.captureFormat {
      // The user chose the format: the camera is opened in it, or not at all.
      guard offers.usable.contains(where: { $0.format == wanted }) else {
        let offered =
          offers.usable.map(\.format.name)
          + offers.unusable.map(V4L2CaptureFormat.name(ofFourcc:))
        throw .sourceUnavailable(
          "\(path) does not offer \(wanted.name) (it offers "
            + "\(offered.isEmpty ? "nothing usable" : offered.joined(separator: ", ")))",
          fix: "use \(path)?format=auto, or one of the formats it offers")
      }
      offers.usable.removeAll { $0.format != wanted }
    }
    // A format the user chose is kept: no switch to MJPEG when the bus refuses it.
    let mjpegOffer =
      requested == .auto || requested == .mjpeg
      ? offers.usable.first { $0.format == .mjpeg } : nil
    if passthrough && mjpegOffer == nil {
      throw advisor.noMJPEGForCopy(
        offered: offers.usable.map(\.format.name)
          + offers.unusable.map(V4L2CaptureFormat.name(ofFourcc:)))
    }
    guard
      let choice = V4L2FormatNegotiator.choose(
        from: passthrough ? mjpegOffer.map { [$0] } ?? [] : offers.usable, size: size, rate: rate)
    else {
      throw advisor.noUsableFormat(offered: offers.unusable.map(V4L2CaptureFormat.name(ofFourcc:)))
    }
    let configured = try Self.configure(
      device, choice: choice, advisor: advisor, busInfo: caps.busInfo)
    // One resolver for every identity: collisions read the same here, in `dualcam devices`,
    // in saved controls and in the metadata.
    let found = DeviceDiscovery(system: system, sysfsRoot: sysfsRoot, devRoot: devRoot)
      .identity(ofNode: path, busInfo: caps.busInfo)
    self.position = position
    self.system = system
    self.advisor = advisor
    let identity = found.value.isEmpty ? path : found.value
    self.identity = identity
    self.reopenPath = Self.stablePath(for: found, node: path, devRoot: devRoot)
    self.passthrough = passthrough
    self.mjpegOffer = mjpegOffer
    self.format = choice.format
    self.granted = configured.format
    self.rate = configured.rate
    self.busInfo = caps.busInfo
    self.device = device
    decoder = choice.format == .mjpeg ? try MJPEGDecoder(size: configured.format.size) : nil
    var details = ["driver": caps.driver, "bus": caps.busInfo, "path": path]
    if passthrough { details["stream_copy"] = "MJPEG pictures stored as sent" }
    if let note = found.collisionNote { details["identity_note"] = note }
    state = Locked(
      SourceInfo(
        kind: .v4l2, label: "\(caps.card) (\(path))", identity: identity,
        size: configured.format.size, frameRate: configured.rate,
        nativeFormat: choice.format.name, details: details))
    applySavedControls(path: path)
  }

  /// Where a lost camera is looked for: its stable link when it has one of its own (by-id
  /// follows the camera to any port, by-path stays with the port), else the node it was
  /// opened at (a colliding identity names no link of its own).
  private static func stablePath(
    for identity: DeviceIdentity, node: String, devRoot: URL
  ) -> String {
    guard identity.collisionNote == nil else { return node }
    switch identity.source {
    case .byID: return devRoot.appendingPathComponent("v4l/by-id/\(identity.value)").path
    case .byPath: return devRoot.appendingPathComponent("v4l/by-path/\(identity.value)").path
    case .busInfo: return node
    }
  }

  /// Re-applies the control values the user saved for this camera with `dualcam controls --set`,
  /// under the same identity `dualcam devices` shows; what could not be applied is noted in
  /// `info.details`.
  private func applySavedControls(path: String) {
    guard let controls = try? CameraControls(path: path, system: system) else { return }
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
    // Sized by what the driver may fill: sizeimage, or a larger mapped buffer.
    let packetCapacity = passthrough ? max(granted.imageBytes, ring.largestLength) : 0
    let pool = FramePool(
      format: .i420, size: granted.size, capacity: bufferCount, packetCapacity: packetCapacity)
    let stream = V4L2CaptureLoop(camera: self, pool: pool, clock: clock, sink: sink, ring: ring)
    capture.start(name: "v4l2-\(position)") { _ in stream.run() }
  }

  public func stop() {
    capture.stop()
    device = nil
    V4L2StreamLedger.shared.remove(ObjectIdentifier(self))
  }

  public var counters: CaptureCounters { capture.counters }

  public var deliversCompressedPictures: Bool { passthrough }

  /// Zooms with the camera's `zoom_absolute` control when it has one (see `CameraZoom`).
  public func zoom(to factor: Double) -> ZoomOutcome {
    guard let controls = try? CameraControls(path: reopenPath, system: system) else {
      return .digital(CameraZoom.clamp(factor))
    }
    return controls.setZoom(factor)
  }

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

  /// Maps and queues the buffers and turns the stream on. An uncompressed stream that finds
  /// no USB bandwidth (ENOSPC) is retried once as MJPEG when the camera offers it at the same
  /// size; `info` then tells the format actually used.
  private func startStreaming(_ device: V4L2Device) throws(DualCamError) -> V4L2BufferRing {
    let first = streamDescription
    do throws(V4L2CallError) {
      return try streamOn(device)
    } catch let error where error.code == ENOSPC {
      guard format != .mjpeg, let offer = mjpegOffer, offer.sizes.contains(granted.size) else {
        throw advisor.noBandwidth(busInfo: busInfo, wanted: first)
      }
      try switchToMJPEG(device, offer: offer, afterNoBandwidthFor: first)
    } catch {
      throw advisor.error(for: error, busInfo: busInfo)
    }
    do throws(V4L2CallError) {
      return try streamOn(device)
    } catch let error where error.code == ENOSPC {
      throw advisor.noBandwidth(busInfo: busInfo, wanted: "\(first), nor \(streamDescription)")
    } catch {
      throw advisor.error(for: error, busInfo: busInfo)
    }
  }

  /// "YUYV 1280x720 at 30 fps".
  private var streamDescription: String { "\(format.name) \(granted.size) at \(rate) fps" }

  private func streamOn(_ device: V4L2Device) throws(V4L2CallError) -> V4L2BufferRing {
    let ring = try V4L2BufferRing(device: device)
    try device.streamOn()
    V4L2StreamLedger.shared.record(
      ObjectIdentifier(self), description: "\(device.path) \(streamDescription) on \(busInfo)")
    return ring
  }

  /// Frees the buffers of the refused stream (a format cannot change while they exist), sets
  /// MJPEG at the same size and notes the switch in `info`.
  private func switchToMJPEG(
    _ device: V4L2Device, offer: V4L2FormatNegotiator.Offer, afterNoBandwidthFor refused: String
  ) throws(DualCamError) {
    let choice = V4L2FormatNegotiator.Choice(
      format: .mjpeg, fourcc: offer.fourcc, size: granted.size,
      rate: offer.rates.contains(rate) ? rate : offer.rates.fastest ?? rate)
    do throws(V4L2CallError) {
      _ = try device.requestBuffers(count: 0)
    } catch {
      throw advisor.error(for: error, busInfo: busInfo)
    }
    let configured = try Self.configure(device, choice: choice, advisor: advisor, busInfo: busInfo)
    guard configured.format.size == granted.size else {
      throw advisor.noBandwidth(busInfo: busInfo, wanted: refused)
    }
    decoder = try MJPEGDecoder(size: configured.format.size)
    format = .mjpeg
    granted = configured.format
    rate = configured.rate
    let used = streamDescription
    state.withLock {
      $0.nativeFormat = format.name
      $0.frameRate = configured.rate
      $0.details["format_switch"] =
        "\(refused) found no USB bandwidth left at stream start; switched to \(used)"
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
  func countReceived(bytes: Int) { capture.countReceived(bytes: bytes) }
  func countDropped() { capture.countDroppedNoBuffer() }

  /// Notes in `info` that the driver stamped frames later than they were dequeued, so those
  /// frames are timed by their arrival.
  func noteTimestampsAhead(byNanoseconds lead: Int64) {
    let milliseconds = (Double(lead) / 1e6).rounded()
    state.withLock {
      $0.details["timestamps"] =
        "driver's, but arrival time for frames stamped ahead of the system clock "
        + "(first seen \(Int(milliseconds)) ms ahead)"
    }
  }

  /// Notes in `info` that capture times come from arrival, not from the driver.
  func noteArrivalTimestamps() {
    state.withLock {
      $0.details["timestamps"] = "arrival time (the driver's timestamps are not monotonic)"
    }
  }
}
