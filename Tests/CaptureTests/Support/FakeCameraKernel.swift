internal import CV4L2
import Capture
import Foundation

/// Plays the kernel for discovery and controls tests: a set of fake V4L2 nodes by path, each
/// answering QUERYCAP, the format enumerations and the control ioctls from plain Swift values.
///
/// Like uvcvideo, a manual control whose auto partner is on is flagged inactive and refuses
/// writes with EACCES; out-of-range writes fail with ERANGE.
final class FakeCameraKernel: V4L2System, @unchecked Sendable {
  /// One fake node.
  struct Node {
    var driver = "uvcvideo"
    var card = "Fake Camera"
    var busInfo = "usb-0000:00:14.0-1"
    var deviceCaps = UInt32(V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING)
    var formats: [Format] = []
    var controls: [Control] = []
  }

  /// A pixel format with discrete sizes (each with discrete intervals) or a stepwise range.
  struct Format {
    var fourCC: String
    var description: String
    var compressed = false
    /// Width, height and (numerator, denominator) intervals.
    var sizes: [(Int, Int, [(Int, Int)])] = []
    /// min/max/step width then height, for a stepwise size range.
    var stepwise: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)?
    /// Stepwise intervals at every size: min, max, step as (numerator, denominator).
    var stepwiseIntervals: ((Int, Int), (Int, Int), (Int, Int))?
  }

  /// A control with its value; `menu` maps index → label, `integerMenu` index → value.
  struct Control {
    var id: UInt32
    var type: UInt32
    var name: String
    var minimum: Int64 = 0
    var maximum: Int64 = 1
    var step: UInt64 = 1
    var defaultValue: Int64 = 0
    var flags: UInt32 = 0
    var value: Int64 = 0
    var menu: [Int64: String] = [:]
    var integerMenu: [Int64: Int64] = [:]
  }

  private let lock = NSLock()
  private var nodes: [String: Node]
  private var open: [Int32: String] = [:]
  private var nextDescriptor: Int32 = 10
  /// errno to fail `open` with, by path.
  var openErrors: [String: Int32] = [:]
  /// Every successful S_EXT_CTRLS as (control id, value), in order.
  private(set) var writes: [(UInt32, Int64)] = []
  /// How many descriptors are open now (a leak shows up here).
  var openCount: Int { lock.withLock { open.count } }

  init(_ nodes: [String: Node]) {
    self.nodes = nodes
    for path in nodes.keys { updateInactive(path) }
  }

  /// The current value of control `id` on `path`.
  func value(_ id: UInt32, on path: String) -> Int64? {
    lock.withLock { nodes[path]?.controls.first { $0.id == id }?.value }
  }

  /// Sets a control's value directly, as if the camera changed it.
  func poke(_ id: UInt32, on path: String, value: Int64) {
    lock.withLock {
      guard let index = nodes[path]?.controls.firstIndex(where: { $0.id == id }) else { return }
      nodes[path]!.controls[index].value = value
    }
    updateInactive(path)
  }

  // MARK: - V4L2System

  func open(_ path: String, flags: Int32) -> V4L2Result<Int32> {
    lock.withLock {
      if let code = openErrors[path] { return .failure(errno: code) }
      guard nodes[path] != nil else { return .failure(errno: ENOENT) }
      nextDescriptor += 1
      open[nextDescriptor] = path
      return .success(nextDescriptor)
    }
  }

  func close(_ descriptor: Int32) { _ = lock.withLock { open.removeValue(forKey: descriptor) } }

  func poll(_ descriptor: Int32, events: Int16, timeoutMilliseconds: Int32) -> V4L2Result<Int16> {
    .failure(errno: ENOTTY)
  }

  func map(_ descriptor: Int32, length: Int, offset: Int64) -> V4L2Result<UnsafeMutableRawPointer> {
    .failure(errno: ENOTTY)
  }

  func unmap(_ address: UnsafeMutableRawPointer, length: Int) {}

  func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    -> V4L2Result<Void>
  {
    guard let path = lock.withLock({ open[descriptor] }), let node = lock.withLock({ nodes[path] })
    else { return .failure(errno: EBADF) }
    let code: Int32?
    switch request {
    case CV4L2_VIDIOC_QUERYCAP: code = queryCap(node, argument)
    case CV4L2_VIDIOC_ENUM_FMT: code = enumFormat(node, argument)
    case CV4L2_VIDIOC_ENUM_FRAMESIZES: code = enumSizes(node, argument)
    case CV4L2_VIDIOC_ENUM_FRAMEINTERVALS: code = enumIntervals(node, argument)
    case CV4L2_VIDIOC_QUERY_EXT_CTRL: code = queryControl(node, argument)
    case CV4L2_VIDIOC_QUERYMENU: code = queryMenu(node, argument)
    case CV4L2_VIDIOC_G_EXT_CTRLS: code = getControl(node, argument)
    case CV4L2_VIDIOC_S_EXT_CTRLS: code = setControl(path, argument)
    default: code = ENOTTY
    }
    return code.map { .failure(errno: $0) } ?? .success(())
  }

  // MARK: - Capabilities and formats

  private func queryCap(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let cap = argument.assumingMemoryBound(to: v4l2_capability.self)
    cap.pointee = v4l2_capability()
    write(node.driver, into: &cap.pointee.driver)
    write(node.card, into: &cap.pointee.card)
    write(node.busInfo, into: &cap.pointee.bus_info)
    cap.pointee.device_caps = node.deviceCaps
    cap.pointee.capabilities = node.deviceCaps | UInt32(V4L2_CAP_DEVICE_CAPS)
    return nil
  }

  private func enumFormat(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let description = argument.assumingMemoryBound(to: v4l2_fmtdesc.self)
    let index = Int(description.pointee.index)
    guard description.pointee.type == V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue,
      index < node.formats.count
    else { return EINVAL }
    let format = node.formats[index]
    description.pointee.pixelformat = Self.code(format.fourCC)
    description.pointee.flags = format.compressed ? UInt32(V4L2_FMT_FLAG_COMPRESSED) : 0
    write(format.description, into: &description.pointee.description)
    return nil
  }

  private func enumSizes(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let size = argument.assumingMemoryBound(to: v4l2_frmsizeenum.self)
    guard
      let format = node.formats.first(where: { Self.code($0.fourCC) == size.pointee.pixel_format })
    else { return EINVAL }
    let index = Int(size.pointee.index)
    if let range = format.stepwise {
      guard index == 0 else { return EINVAL }
      size.pointee.type = V4L2_FRMSIZE_TYPE_STEPWISE.rawValue
      size.pointee.stepwise = v4l2_frmsize_stepwise(
        min_width: range.0, max_width: range.1, step_width: range.2, min_height: range.3,
        max_height: range.4, step_height: range.5)
      return nil
    }
    guard index < format.sizes.count else { return EINVAL }
    size.pointee.type = V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
    size.pointee.discrete = v4l2_frmsize_discrete(
      width: UInt32(format.sizes[index].0), height: UInt32(format.sizes[index].1))
    return nil
  }

  private func enumIntervals(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let interval = argument.assumingMemoryBound(to: v4l2_frmivalenum.self)
    guard
      let format = node.formats.first(where: {
        Self.code($0.fourCC) == interval.pointee.pixel_format
      })
    else { return EINVAL }
    let index = Int(interval.pointee.index)
    if let range = format.stepwiseIntervals {
      guard index == 0 else { return EINVAL }
      interval.pointee.type = V4L2_FRMIVAL_TYPE_STEPWISE.rawValue
      interval.pointee.stepwise = v4l2_frmival_stepwise(
        min: Self.fraction(range.0), max: Self.fraction(range.1), step: Self.fraction(range.2))
      return nil
    }
    guard
      let size = format.sizes.first(where: {
        $0.0 == Int(interval.pointee.width) && $0.1 == Int(interval.pointee.height)
      }), index < size.2.count
    else { return EINVAL }
    interval.pointee.type = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
    interval.pointee.discrete = Self.fraction(size.2[index])
    return nil
  }

  // MARK: - Controls

  private func queryControl(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let query = argument.assumingMemoryBound(to: v4l2_query_ext_ctrl.self)
    let nextFlags = CV4L2_CTRL_FLAG_NEXT_CTRL | CV4L2_CTRL_FLAG_NEXT_COMPOUND
    let asked = query.pointee.id & ~nextFlags
    let sorted = node.controls.sorted { $0.id < $1.id }
    let found =
      query.pointee.id & nextFlags != 0
      ? sorted.first { $0.id > asked } : sorted.first { $0.id == asked }
    guard let control = found else { return EINVAL }
    query.pointee = v4l2_query_ext_ctrl()
    query.pointee.id = control.id
    query.pointee.type = control.type
    write(control.name, into: &query.pointee.name)
    query.pointee.minimum = control.minimum
    query.pointee.maximum = control.maximum
    query.pointee.step = control.step
    query.pointee.default_value = control.defaultValue
    query.pointee.flags = control.flags
    return nil
  }

  private func queryMenu(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let query = argument.assumingMemoryBound(to: v4l2_querymenu.self)
    let index = Int64(query.pointee.index)
    guard let control = node.controls.first(where: { $0.id == query.pointee.id }) else {
      return EINVAL
    }
    if let label = control.menu[index] {
      write(label, into: &query.pointee.name)
      return nil
    }
    if let value = control.integerMenu[index] {
      query.pointee.value = value
      return nil
    }
    return EINVAL
  }

  private func getControl(_ node: Node, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let list = argument.assumingMemoryBound(to: v4l2_ext_controls.self)
    guard list.pointee.count == 1, let entry = list.pointee.controls,
      let control = node.controls.first(where: { $0.id == entry.pointee.id })
    else { return EINVAL }
    if control.flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) != 0 { return EACCES }
    if control.type == V4L2_CTRL_TYPE_INTEGER64.rawValue {
      entry.pointee.value64 = control.value
    } else {
      entry.pointee.value = Int32(control.value)
    }
    return nil
  }

  private func setControl(_ path: String, _ argument: UnsafeMutableRawPointer) -> Int32? {
    let list = argument.assumingMemoryBound(to: v4l2_ext_controls.self)
    guard list.pointee.count == 1, let entry = list.pointee.controls else { return EINVAL }
    let code: Int32? = lock.withLock {
      guard let index = nodes[path]?.controls.firstIndex(where: { $0.id == entry.pointee.id })
      else { return EINVAL }
      let control = nodes[path]!.controls[index]
      let value =
        control.type == V4L2_CTRL_TYPE_INTEGER64.rawValue
        ? entry.pointee.value64 : Int64(entry.pointee.value)
      if control.flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY | V4L2_CTRL_FLAG_INACTIVE) != 0 {
        return EACCES
      }
      if control.flags & UInt32(V4L2_CTRL_FLAG_GRABBED) != 0 { return EBUSY }
      if value < control.minimum || value > control.maximum { return ERANGE }
      nodes[path]!.controls[index].value = value
      writes.append((control.id, value))
      return nil
    }
    if code == nil { updateInactive(path) }
    return code
  }

  /// Flags each manual control inactive while its auto partner is in an automatic mode.
  private func updateInactive(_ path: String) {
    lock.withLock {
      guard var node = nodes[path] else { return }
      for pair in ControlPairs.all {
        guard let auto = node.controls.first(where: { $0.id == pair.auto }),
          let manual = node.controls.firstIndex(where: { $0.id == pair.manual })
        else { continue }
        let inactive = UInt32(V4L2_CTRL_FLAG_INACTIVE)
        if pair.manualValues.contains(auto.value) {
          node.controls[manual].flags &= ~inactive
        } else {
          node.controls[manual].flags |= inactive
        }
      }
      nodes[path] = node
    }
  }

  // MARK: - Helpers

  private func write<Tuple>(_ text: String, into tuple: inout Tuple) {
    withUnsafeMutableBytes(of: &tuple) { raw in
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      for (offset, byte) in text.utf8.prefix(raw.count - 1).enumerated() { raw[offset] = byte }
    }
  }

  static func code(_ fourCC: String) -> UInt32 {
    let bytes = Array((fourCC + "    ").utf8.prefix(4))
    return bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << ($1.offset * 8) }
  }

  private static func fraction(_ pair: (Int, Int)) -> v4l2_fract {
    v4l2_fract(numerator: UInt32(pair.0), denominator: UInt32(pair.1))
  }
}
