internal import CV4L2
import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// One open V4L2 device node: the descriptor's only owner (closed in `deinit`) and typed
/// wrappers for the ioctls DualCam issues, so no C struct leaves this file.
///
/// Every call goes through `V4L2System`, which is how tests stand in for the kernel.
final class V4L2Device {
  let path: String
  let system: any V4L2System
  let descriptor: Int32

  /// Opens `path` for non-blocking capture; a failure carries the open's errno.
  init(path: String, system: any V4L2System) throws(V4L2CallError) {
    self.path = path
    self.system = system
    switch system.open(path, flags: O_RDWR | O_NONBLOCK) {
    case .success(let descriptor): self.descriptor = descriptor
    case .wouldBlock: throw V4L2CallError(call: "open", code: EAGAIN)
    case .failure(let code): throw V4L2CallError(call: "open", code: code)
    }
  }

  deinit { system.close(descriptor) }

  // MARK: - Capabilities and formats

  /// VIDIOC_QUERYCAP, reporting the node's own capabilities when the driver gives them.
  func capabilities() throws(V4L2CallError) -> V4L2DeviceCapabilities {
    var caps = v4l2_capability()
    try call(CV4L2_VIDIOC_QUERYCAP, "VIDIOC_QUERYCAP", &caps)
    let nodeCaps =
      caps.capabilities & CV4L2_CAP_DEVICE_CAPS != 0 ? caps.device_caps : caps.capabilities
    return V4L2DeviceCapabilities(
      driver: Self.string(caps.driver), card: Self.string(caps.card),
      busInfo: Self.string(caps.bus_info), capabilities: nodeCaps)
  }

  /// VIDIOC_ENUM_FMT until the driver says EINVAL: every fourcc the node captures.
  func pixelFormats() throws(V4L2CallError) -> [UInt32] {
    var result: [UInt32] = []
    for index in 0..<64 {
      var description = v4l2_fmtdesc()
      description.index = UInt32(index)
      description.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
      guard try callUnlessEnd(CV4L2_VIDIOC_ENUM_FMT, "VIDIOC_ENUM_FMT", &description) else { break }
      result.append(description.pixelformat)
    }
    return result
  }

  /// VIDIOC_ENUM_FRAMESIZES for `fourcc`; a stepwise answer is reported as a range.
  func frameSizes(fourcc: UInt32) throws(V4L2CallError) -> V4L2FrameSizes {
    var sizes: [ImageSize] = []
    for index in 0..<256 {
      var entry = v4l2_frmsizeenum()
      entry.index = UInt32(index)
      entry.pixel_format = fourcc
      guard try callUnlessEnd(CV4L2_VIDIOC_ENUM_FRAMESIZES, "VIDIOC_ENUM_FRAMESIZES", &entry)
      else { break }
      guard entry.type == CV4L2_FRMSIZE_TYPE_DISCRETE else {
        let range = entry.stepwise
        return .range(
          minimum: ImageSize(width: Int(range.min_width), height: Int(range.min_height)),
          maximum: ImageSize(width: Int(range.max_width), height: Int(range.max_height)))
      }
      sizes.append(ImageSize(width: Int(entry.discrete.width), height: Int(entry.discrete.height)))
    }
    return sizes.isEmpty ? .unknown : .discrete(sizes)
  }

  /// VIDIOC_ENUM_FRAMEINTERVALS for `fourcc` at `size`, as frame rates.
  func frameRates(fourcc: UInt32, size: ImageSize) throws(V4L2CallError) -> V4L2FrameRates {
    var rates: [FrameRate] = []
    for index in 0..<256 {
      var entry = v4l2_frmivalenum()
      entry.index = UInt32(index)
      entry.pixel_format = fourcc
      entry.width = UInt32(size.width)
      entry.height = UInt32(size.height)
      guard
        try callUnlessEnd(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, "VIDIOC_ENUM_FRAMEINTERVALS", &entry)
      else { break }
      guard entry.type == CV4L2_FRMIVAL_TYPE_DISCRETE else {
        // The longest interval is the lowest rate and the other way round.
        let slowest = entry.stepwise.max
        let fastest = entry.stepwise.min
        return .range(
          slowest: FrameRate(fraction: slowest) ?? FrameRate(numerator: 1),
          fastest: FrameRate(fraction: fastest) ?? FrameRate(numerator: 1000))
      }
      if let rate = FrameRate(fraction: entry.discrete) { rates.append(rate) }
    }
    return rates.isEmpty ? .unknown : .discrete(rates)
  }

  /// VIDIOC_S_FMT; returns what the driver granted (it may adjust the size or the format).
  func setFormat(fourcc: UInt32, size: ImageSize) throws(V4L2CallError) -> V4L2FrameFormat {
    try exchangeFormat(CV4L2_VIDIOC_S_FMT, "VIDIOC_S_FMT", fourcc: fourcc, size: size)
  }

  /// VIDIOC_TRY_FMT: what S_FMT would grant, without changing anything.
  func tryFormat(fourcc: UInt32, size: ImageSize) throws(V4L2CallError) -> V4L2FrameFormat {
    try exchangeFormat(CV4L2_VIDIOC_TRY_FMT, "VIDIOC_TRY_FMT", fourcc: fourcc, size: size)
  }

  /// VIDIOC_G_FMT: the format the driver runs at now.
  func currentFormat() throws(V4L2CallError) -> V4L2FrameFormat {
    var format = v4l2_format()
    format.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
    try call(CV4L2_VIDIOC_G_FMT, "VIDIOC_G_FMT", &format)
    return Self.frameFormat(format)
  }

  private func exchangeFormat(
    _ request: UInt, _ name: String, fourcc: UInt32, size: ImageSize
  ) throws(V4L2CallError) -> V4L2FrameFormat {
    var format = v4l2_format()
    format.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
    format.fmt.pix.pixelformat = fourcc
    format.fmt.pix.width = UInt32(size.width)
    format.fmt.pix.height = UInt32(size.height)
    format.fmt.pix.field = CV4L2_FIELD_ANY
    try call(request, name, &format)
    return Self.frameFormat(format)
  }

  private static func frameFormat(_ format: v4l2_format) -> V4L2FrameFormat {
    let pix = format.fmt.pix
    return V4L2FrameFormat(
      fourcc: pix.pixelformat, size: ImageSize(width: Int(pix.width), height: Int(pix.height)),
      bytesPerLine: Int(pix.bytesperline), imageBytes: Int(pix.sizeimage))
  }

  /// VIDIOC_S_PARM with the interval for `rate`; returns the rate granted, or nil when the
  /// driver cannot set one (no V4L2_CAP_TIMEPERFRAME) or reports none.
  func setFrameRate(_ rate: FrameRate) throws(V4L2CallError) -> FrameRate? {
    var parameters = v4l2_streamparm()
    parameters.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
    try call(CV4L2_VIDIOC_G_PARM, "VIDIOC_G_PARM", &parameters)
    guard parameters.parm.capture.capability & CV4L2_CAP_TIMEPERFRAME != 0 else {
      return FrameRate(fraction: parameters.parm.capture.timeperframe)
    }
    parameters.parm.capture.timeperframe = v4l2_fract(
      numerator: UInt32(rate.denominator), denominator: UInt32(rate.numerator))
    try call(CV4L2_VIDIOC_S_PARM, "VIDIOC_S_PARM", &parameters)
    return FrameRate(fraction: parameters.parm.capture.timeperframe)
  }

  // MARK: - Streaming

  /// VIDIOC_REQBUFS for memory-mapped buffers; returns how many the driver allocated.
  func requestBuffers(count: Int) throws(V4L2CallError) -> Int {
    var request = v4l2_requestbuffers()
    request.count = UInt32(count)
    request.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
    request.memory = CV4L2_MEMORY_MMAP
    try call(CV4L2_VIDIOC_REQBUFS, "VIDIOC_REQBUFS", &request)
    return Int(request.count)
  }

  /// VIDIOC_QUERYBUF: where buffer `index` is mapped and how long it is.
  func queryBuffer(index: Int) throws(V4L2CallError) -> (offset: Int64, length: Int) {
    var buffer = Self.captureBuffer(index: index)
    try call(CV4L2_VIDIOC_QUERYBUF, "VIDIOC_QUERYBUF", &buffer)
    return (Int64(buffer.m.offset), Int(buffer.length))
  }

  /// VIDIOC_QBUF: hands buffer `index` back to the driver to fill.
  func queue(index: Int) throws(V4L2CallError) {
    var buffer = Self.captureBuffer(index: index)
    try call(CV4L2_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer)
  }

  /// VIDIOC_DQBUF: the next filled buffer, or nil when none is ready yet.
  func dequeue() throws(V4L2CallError) -> V4L2FilledBuffer? {
    var buffer = Self.captureBuffer(index: 0)
    let result = withUnsafeMutableBytes(of: &buffer) {
      system.ioctl(descriptor, CV4L2_VIDIOC_DQBUF, $0.baseAddress!)
    }
    switch result {
    case .success: break
    case .wouldBlock: return nil
    case .failure(let code): throw V4L2CallError(call: "VIDIOC_DQBUF", code: code)
    }
    let flags = buffer.flags
    return V4L2FilledBuffer(
      index: Int(buffer.index), bytesUsed: Int(buffer.bytesused),
      timestampNanoseconds: Int64(buffer.timestamp.tv_sec) * 1_000_000_000
        + Int64(buffer.timestamp.tv_usec) * 1000,
      sequence: buffer.sequence,
      isMonotonic: flags & CV4L2_BUF_FLAG_TIMESTAMP_MASK == CV4L2_BUF_FLAG_TIMESTAMP_MONOTONIC,
      isDamaged: flags & CV4L2_BUF_FLAG_ERROR != 0)
  }

  /// VIDIOC_STREAMON.
  func streamOn() throws(V4L2CallError) {
    var type = Int32(CV4L2_BUF_TYPE_VIDEO_CAPTURE)
    try call(CV4L2_VIDIOC_STREAMON, "VIDIOC_STREAMON", &type)
  }

  /// VIDIOC_STREAMOFF; errors are ignored because it runs on the way out (and fails once the
  /// camera is unplugged).
  func streamOff() {
    var type = Int32(CV4L2_BUF_TYPE_VIDEO_CAPTURE)
    _ = withUnsafeMutableBytes(of: &type) {
      system.ioctl(descriptor, CV4L2_VIDIOC_STREAMOFF, $0.baseAddress!)
    }
  }

  /// Waits up to `milliseconds` for a filled buffer; returns what poll reported.
  func waitForFrame(milliseconds: Int32) throws(V4L2CallError) -> V4L2Readiness {
    switch system.poll(descriptor, events: CV4L2_POLLIN, timeoutMilliseconds: milliseconds) {
    case .success(let events):
      if events & (CV4L2_POLLERR | CV4L2_POLLHUP) != 0 { return .hungUp }
      return events & CV4L2_POLLIN != 0 ? .ready : .idle
    case .wouldBlock: return .idle
    case .failure(let code): throw V4L2CallError(call: "poll", code: code)
    }
  }

  // MARK: - Helpers

  private func call<Argument>(
    _ request: UInt, _ name: String, _ argument: inout Argument
  ) throws(V4L2CallError) {
    let result = withUnsafeMutableBytes(of: &argument) {
      system.ioctl(descriptor, request, $0.baseAddress!)
    }
    switch result {
    case .success: return
    case .wouldBlock: throw V4L2CallError(call: name, code: EAGAIN)
    case .failure(let code): throw V4L2CallError(call: name, code: code)
    }
  }

  /// An enumeration step: false at the end of the list (EINVAL, or ENOTTY from drivers that do
  /// not enumerate at all).
  private func callUnlessEnd<Argument>(
    _ request: UInt, _ name: String, _ argument: inout Argument
  ) throws(V4L2CallError) -> Bool {
    do throws(V4L2CallError) {
      try call(request, name, &argument)
      return true
    } catch let error where error.code == EINVAL || error.code == ENOTTY {
      return false
    }
  }

  private static func captureBuffer(index: Int) -> v4l2_buffer {
    var buffer = v4l2_buffer()
    buffer.index = UInt32(index)
    buffer.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
    buffer.memory = CV4L2_MEMORY_MMAP
    return buffer
  }

  private static func string<Tuple>(_ tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}

extension FrameRate {
  /// The rate of a V4L2 frame interval (seconds per frame); nil for a zero interval.
  fileprivate init?(fraction: v4l2_fract) {
    guard fraction.numerator > 0, fraction.denominator > 0 else { return nil }
    self.init(numerator: Int(fraction.denominator), denominator: Int(fraction.numerator))
  }
}
