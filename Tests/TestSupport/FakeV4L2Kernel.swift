internal import CV4L2
public import Capture
public import DualCamCore
import Foundation

/// A `V4L2System` that plays a UVC-like driver in plain memory, so capture is tested without a
/// camera: formats and rates to negotiate, memory "mapped" buffers that a test fills with
/// frames (timestamps and sequence numbers like the kernel's), an errno injectable per request,
/// and an unplug switch.
///
/// One kernel serves one camera node at `path`. Everything is guarded by one lock; `poll`
/// waits on it until a frame is filled, the camera is unplugged, or the timeout passes.
public final class FakeV4L2Kernel: V4L2System, @unchecked Sendable {
  /// One format at one size, with the rates offered there.
  public struct Mode: Sendable {
    /// The fourcc as text: "YUYV", "NV12", "MJPG", or anything else (an unusable format).
    public var fourcc: String
    public var size: ImageSize
    public var rates: [FrameRate]

    /// Creates a mode.
    public init(_ fourcc: String, _ size: ImageSize, rates: [FrameRate]) {
      self.fourcc = fourcc
      self.size = size
      self.rates = rates
    }
  }

  private struct Buffer {
    var memory: UnsafeMutableRawPointer
    var length: Int
  }

  private struct Filled {
    var index: Int
    var bytesUsed: Int
    var timestamp: Int64
    var sequence: UInt32
  }

  /// The node the camera lives at.
  public let path: String
  private let modes: [Mode]
  private let condition = NSCondition()
  private var card = "Fake UVC Camera"
  private var busInfo = "usb-0000:00:14.0-1"
  private var captureNode = true
  private var monotonic = true
  private var plugged = true
  private var nextDescriptor: Int32 = 100
  private var live: Set<Int32> = []
  private var failures: [String: Int32] = [:]
  private var streamOnFailures: [String: Int32] = [:]
  private var openFailure: Int32?
  private var formatIndex = 0
  private var size: ImageSize
  private var rate: FrameRate
  private var buffers: [Buffer] = []
  private var retired: [Buffer] = []
  private var queued: [Int] = []
  private var filled: [Filled] = []
  private var streaming = false
  private var sequence: UInt32 = 0
  private var requestLog: [String] = []
  private var mapped = 0

  /// A camera at `path` offering `modes` (the first is the driver's default).
  public init(path: String = "/dev/video0", modes: [Mode]) {
    self.path = path
    self.modes = modes
    size = modes.first?.size ?? ImageSize(width: 64, height: 48)
    rate = modes.first?.rates.first ?? FrameRate(numerator: 30)
  }

  deinit {
    for buffer in buffers + retired { buffer.memory.deallocate() }
  }

  // MARK: - Test controls

  /// Makes every later `request` ("STREAMON", "S_FMT", "DQBUF", "open", ...) fail with `code`.
  public func fail(_ request: String, with code: Int32?) {
    locked {
      if request == "open" { openFailure = code } else { failures[request] = code }
    }
  }

  /// Makes STREAMON fail with `code` while the driver runs format `fourcc` ("YUYV"), as a USB
  /// bus does when an uncompressed stream needs more bandwidth than is left (ENOSPC).
  public func failStreamOn(whileFormatIs fourcc: String, with code: Int32?) {
    locked { streamOnFailures[fourcc] = code }
  }

  /// Sets what QUERYCAP reports.
  public func describe(card: String? = nil, busInfo: String? = nil, captureNode: Bool? = nil) {
    locked {
      if let card { self.card = card }
      if let busInfo { self.busInfo = busInfo }
      if let captureNode { self.captureNode = captureNode }
    }
  }

  /// Stamps buffers with V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC (true) or no clock flag.
  public func setMonotonicTimestamps(_ value: Bool) { locked { monotonic = value } }

  /// Unplugs the camera: open descriptors fail with ENODEV, poll reports POLLHUP, opens fail.
  public func unplug() {
    locked {
      plugged = false
      live.removeAll()
      releaseBuffers()
      condition.broadcast()
    }
  }

  /// Plugs the camera back in; its sequence numbers start again at 0, like a real driver's.
  public func replug() {
    locked {
      plugged = true
      sequence = 0
    }
  }

  /// Fills the oldest queued buffer: `fill` writes the bytes and returns how many it used.
  /// Returns false (the frame is lost, its sequence number used) when no buffer is queued.
  @discardableResult
  public func emitFrame(
    timestampNanoseconds: Int64, _ fill: (UnsafeMutableRawBufferPointer) -> Int
  ) -> Bool {
    locked {
      guard streaming else { return false }
      defer { sequence &+= 1 }
      guard !queued.isEmpty else { return false }
      let index = queued.removeFirst()
      let buffer = buffers[index]
      let used = fill(UnsafeMutableRawBufferPointer(start: buffer.memory, count: buffer.length))
      filled.append(
        Filled(index: index, bytesUsed: used, timestamp: timestampNanoseconds, sequence: sequence))
      condition.broadcast()
      return true
    }
  }

  /// Emits a uniform YUYV (or NV12, by the current format) picture of luma `y` and chroma
  /// `u`, `v`.
  @discardableResult
  public func emitUniform(y: UInt8, u: UInt8, v: UInt8, timestampNanoseconds: Int64) -> Bool {
    let (fourcc, size) = locked { (modes[formatIndex].fourcc, self.size) }
    return emitFrame(timestampNanoseconds: timestampNanoseconds) { bytes in
      if fourcc == "NV12" {
        let luma = size.width * size.height
        for offset in 0..<luma { bytes[offset] = y }
        for pair in 0..<(luma / 4) {
          bytes[luma + 2 * pair] = u
          bytes[luma + 2 * pair + 1] = v
        }
        return luma * 3 / 2
      }
      for pixelPair in 0..<(size.width * size.height / 2) {
        bytes[4 * pixelPair] = y
        bytes[4 * pixelPair + 1] = u
        bytes[4 * pixelPair + 2] = y
        bytes[4 * pixelPair + 3] = v
      }
      return size.width * size.height * 2
    }
  }

  /// The fourcc, size and rate the driver runs at now.
  public var current: (fourcc: String, size: ImageSize, rate: FrameRate) {
    locked { (modes[formatIndex].fourcc, size, rate) }
  }

  /// The requests issued so far, by short name ("S_FMT", "STREAMON", ...).
  public var requests: [String] { locked { requestLog } }
  /// Descriptors open now.
  public var openDescriptors: Int { locked { live.count } }
  /// Buffers mapped and not unmapped.
  public var mappedBuffers: Int { locked { mapped } }
  /// True while streaming.
  public var isStreaming: Bool { locked { streaming } }
  /// Buffers the driver holds, waiting to be filled.
  public var queuedBuffers: Int { locked { queued.count } }

  // MARK: - V4L2System

  public func open(_ path: String, flags: Int32) -> V4L2Result<Int32> {
    locked {
      if let openFailure { return .failure(errno: openFailure) }
      // Stable links (by-id, by-path) lead to the node, as udev's do.
      let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path))
        .map { $0.hasPrefix("/") ? $0 : (path as NSString).deletingLastPathComponent + "/" + $0 }
      let resolved = destination.map { ($0 as NSString).standardizingPath }
      guard path == self.path || resolved == self.path, plugged else {
        return .failure(errno: ENOENT)
      }
      nextDescriptor += 1
      live.insert(nextDescriptor)
      return .success(nextDescriptor)
    }
  }

  public func close(_ descriptor: Int32) {
    locked {
      if live.remove(descriptor) != nil, live.isEmpty { releaseBuffers() }
    }
  }

  public func poll(
    _ descriptor: Int32, events: Int16, timeoutMilliseconds: Int32
  ) -> V4L2Result<Int16> {
    let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
    condition.lock()
    defer { condition.unlock() }
    while true {
      guard live.contains(descriptor) else { return .success(CV4L2_POLLERR | CV4L2_POLLHUP) }
      if !filled.isEmpty { return .success(CV4L2_POLLIN) }
      if !condition.wait(until: deadline) { return .success(0) }
    }
  }

  public func map(
    _ descriptor: Int32, length: Int, offset: Int64
  ) -> V4L2Result<UnsafeMutableRawPointer> {
    locked {
      let index = Int(offset >> 16)
      guard live.contains(descriptor), buffers.indices.contains(index),
        buffers[index].length == length
      else { return .failure(errno: EINVAL) }
      mapped += 1
      return .success(buffers[index].memory)
    }
  }

  public func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
    locked { mapped -= 1 }
  }

  public func ioctl(
    _ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer
  ) -> V4L2Result<Void> {
    locked {
      let name = Self.name(of: request)
      requestLog.append(name)
      guard live.contains(descriptor) else { return .failure(errno: ENODEV) }
      if let code = failures[name] { return .failure(errno: code) }
      return handle(name, argument)
    }
  }

  // MARK: - The driver

  private func handle(_ name: String, _ argument: UnsafeMutableRawPointer) -> V4L2Result<Void> {
    switch name {
    case "QUERYCAP":
      let caps = argument.assumingMemoryBound(to: v4l2_capability.self)
      Self.write("uvcvideo", into: &caps.pointee.driver)
      Self.write(card, into: &caps.pointee.card)
      Self.write(busInfo, into: &caps.pointee.bus_info)
      let node = captureNode ? CV4L2_CAP_VIDEO_CAPTURE | CV4L2_CAP_STREAMING : 0x0080_0000
      caps.pointee.device_caps = node
      caps.pointee.capabilities = node | CV4L2_CAP_DEVICE_CAPS | CV4L2_CAP_VIDEO_CAPTURE
    case "ENUM_FMT":
      let entry = argument.assumingMemoryBound(to: v4l2_fmtdesc.self)
      let fourccs = uniqueFourccs()
      guard fourccs.indices.contains(Int(entry.pointee.index)) else {
        return .failure(errno: EINVAL)
      }
      entry.pointee.pixelformat = Self.code(fourccs[Int(entry.pointee.index)])
    case "ENUM_FRAMESIZES":
      let entry = argument.assumingMemoryBound(to: v4l2_frmsizeenum.self)
      let sizes = modes.filter { Self.code($0.fourcc) == entry.pointee.pixel_format }.map(\.size)
      guard sizes.indices.contains(Int(entry.pointee.index)) else { return .failure(errno: EINVAL) }
      let size = sizes[Int(entry.pointee.index)]
      entry.pointee.type = CV4L2_FRMSIZE_TYPE_DISCRETE
      entry.pointee.discrete = v4l2_frmsize_discrete(
        width: UInt32(size.width), height: UInt32(size.height))
    case "ENUM_FRAMEINTERVALS":
      let entry = argument.assumingMemoryBound(to: v4l2_frmivalenum.self)
      let size = ImageSize(width: Int(entry.pointee.width), height: Int(entry.pointee.height))
      let rates =
        modes.first { Self.code($0.fourcc) == entry.pointee.pixel_format && $0.size == size }?
        .rates ?? []
      guard rates.indices.contains(Int(entry.pointee.index)) else { return .failure(errno: EINVAL) }
      let rate = rates[Int(entry.pointee.index)]
      entry.pointee.type = CV4L2_FRMIVAL_TYPE_DISCRETE
      entry.pointee.discrete = v4l2_fract(
        numerator: UInt32(rate.denominator), denominator: UInt32(rate.numerator))
    case "G_FMT":
      let format = argument.assumingMemoryBound(to: v4l2_format.self)
      format.pointee.fmt.pix.pixelformat = Self.code(modes[formatIndex].fourcc)
      format.pointee.fmt.pix.width = UInt32(size.width)
      format.pointee.fmt.pix.height = UInt32(size.height)
      format.pointee.fmt.pix.bytesperline = UInt32(bytesPerLine)
      format.pointee.fmt.pix.sizeimage = UInt32(imageBytes)
    case "TRY_FMT":
      // The same adjustment as S_FMT, with the driver's state restored afterwards.
      let saved = (formatIndex, size, rate)
      defer { (formatIndex, size, rate) = saved }
      return handle("S_FMT-try", argument)
    case "S_FMT", "S_FMT-try":
      guard name == "S_FMT-try" || (!streaming && buffers.isEmpty) else {
        return .failure(errno: EBUSY)
      }
      let format = argument.assumingMemoryBound(to: v4l2_format.self)
      let wanted = ImageSize(
        width: Int(format.pointee.fmt.pix.width), height: Int(format.pointee.fmt.pix.height))
      let sameCode = modes.indices.filter {
        Self.code(modes[$0].fourcc) == format.pointee.fmt.pix.pixelformat
      }
      // Like a real driver: the nearest mode of the format asked for, or the default format.
      formatIndex = sameCode.first { modes[$0].size == wanted } ?? sameCode.first ?? 0
      size = modes[formatIndex].size
      if !modes[formatIndex].rates.contains(rate) { rate = modes[formatIndex].rates.first ?? rate }
      format.pointee.fmt.pix.pixelformat = Self.code(modes[formatIndex].fourcc)
      format.pointee.fmt.pix.width = UInt32(size.width)
      format.pointee.fmt.pix.height = UInt32(size.height)
      format.pointee.fmt.pix.bytesperline = UInt32(bytesPerLine)
      format.pointee.fmt.pix.sizeimage = UInt32(imageBytes)
    case "G_PARM", "S_PARM":
      let parameters = argument.assumingMemoryBound(to: v4l2_streamparm.self)
      if name == "S_PARM" {
        let interval = parameters.pointee.parm.capture.timeperframe
        let wanted = FrameRate(
          numerator: Int(interval.denominator), denominator: Int(max(interval.numerator, 1)))
        let offered = modes[formatIndex].rates
        rate = offered.first { $0.isEqualFraction(wanted) } ?? offered.first ?? rate
      }
      parameters.pointee.parm.capture.capability = CV4L2_CAP_TIMEPERFRAME
      parameters.pointee.parm.capture.timeperframe = v4l2_fract(
        numerator: UInt32(rate.denominator), denominator: UInt32(rate.numerator))
    case "REQBUFS":
      let request = argument.assumingMemoryBound(to: v4l2_requestbuffers.self)
      retired += buffers
      buffers = (0..<min(Int(request.pointee.count), 8)).map { _ in
        Buffer(memory: .allocate(byteCount: imageBytes, alignment: 64), length: imageBytes)
      }
      queued = []
      filled = []
      request.pointee.count = UInt32(buffers.count)
    case "QUERYBUF", "QBUF":
      let buffer = argument.assumingMemoryBound(to: v4l2_buffer.self)
      let index = Int(buffer.pointee.index)
      guard buffers.indices.contains(index) else { return .failure(errno: EINVAL) }
      if name == "QUERYBUF" {
        buffer.pointee.m.offset = UInt32(index << 16)
        buffer.pointee.length = UInt32(buffers[index].length)
      } else if !queued.contains(index) {
        queued.append(index)
      }
    case "DQBUF":
      guard !filled.isEmpty else { return .wouldBlock }
      let frame = filled.removeFirst()
      let buffer = argument.assumingMemoryBound(to: v4l2_buffer.self)
      buffer.pointee.index = UInt32(frame.index)
      buffer.pointee.bytesused = UInt32(frame.bytesUsed)
      buffer.pointee.sequence = frame.sequence
      buffer.pointee.flags = monotonic ? CV4L2_BUF_FLAG_TIMESTAMP_MONOTONIC : 0
      buffer.pointee.timestamp.tv_sec = Int(frame.timestamp / 1_000_000_000)
      buffer.pointee.timestamp.tv_usec = Int(frame.timestamp % 1_000_000_000 / 1000)
    case "STREAMON":
      guard !buffers.isEmpty else { return .failure(errno: EINVAL) }
      if let code = streamOnFailures[modes[formatIndex].fourcc] { return .failure(errno: code) }
      streaming = true
    case "STREAMOFF":
      streaming = false
      queued = []
      filled = []
    default:
      return .failure(errno: ENOTTY)
    }
    return .success(())
  }

  /// What closing the last descriptor does in a driver: stop and free the buffers (their memory
  /// stays valid here until the kernel is gone, as a mapping would).
  private func releaseBuffers() {
    streaming = false
    retired += buffers
    buffers = []
    queued = []
    filled = []
  }

  private var bytesPerLine: Int {
    switch modes[formatIndex].fourcc {
    case "YUYV": size.width * 2
    case "NV12": size.width
    default: 0
    }
  }

  private var imageBytes: Int {
    modes[formatIndex].fourcc == "NV12" ? size.width * size.height * 3 / 2 : size.area * 2
  }

  private func uniqueFourccs() -> [String] {
    var seen: [String] = []
    for mode in modes where !seen.contains(mode.fourcc) { seen.append(mode.fourcc) }
    return seen
  }

  private func locked<Result>(_ body: () -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  private static func code(_ fourcc: String) -> UInt32 {
    let bytes = Array(fourcc.utf8.prefix(4)) + Array(repeating: 0x20, count: 4)
    return (0..<4).reduce(0) { $0 | UInt32(bytes[$1]) << (8 * UInt32($1)) }
  }

  private static func write<Tuple>(_ text: String, into tuple: inout Tuple) {
    withUnsafeMutableBytes(of: &tuple) { bytes in
      bytes.initializeMemory(as: UInt8.self, repeating: 0)
      for (index, byte) in text.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
  }

  private static let names: [UInt: String] = [
    CV4L2_VIDIOC_QUERYCAP: "QUERYCAP", CV4L2_VIDIOC_ENUM_FMT: "ENUM_FMT",
    CV4L2_VIDIOC_ENUM_FRAMESIZES: "ENUM_FRAMESIZES",
    CV4L2_VIDIOC_ENUM_FRAMEINTERVALS: "ENUM_FRAMEINTERVALS", CV4L2_VIDIOC_G_FMT: "G_FMT",
    CV4L2_VIDIOC_S_FMT: "S_FMT", CV4L2_VIDIOC_TRY_FMT: "TRY_FMT", CV4L2_VIDIOC_G_PARM: "G_PARM",
    CV4L2_VIDIOC_S_PARM: "S_PARM", CV4L2_VIDIOC_REQBUFS: "REQBUFS",
    CV4L2_VIDIOC_QUERYBUF: "QUERYBUF", CV4L2_VIDIOC_QBUF: "QBUF", CV4L2_VIDIOC_DQBUF: "DQBUF",
    CV4L2_VIDIOC_STREAMON: "STREAMON", CV4L2_VIDIOC_STREAMOFF: "STREAMOFF",
  ]

  private static func name(of request: UInt) -> String { names[request] ?? "ioctl-\(request)" }
}

extension FrameRate {
  fileprivate func isEqualFraction(_ other: FrameRate) -> Bool {
    numerator * other.denominator == other.numerator * denominator
  }
}
