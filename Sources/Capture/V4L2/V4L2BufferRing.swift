import DualCamCore

/// The driver's capture buffers, memory-mapped into DualCam: their only owner, which unmaps them
/// in `deinit`.
///
/// The ring keeps its device alive, so the buffers are always unmapped before the descriptor is
/// closed.
final class V4L2BufferRing {
  /// How many buffers DualCam asks for: one being filled, one being converted, two in reserve
  /// for a late capture thread.
  static let preferredCount = 4

  let device: V4L2Device
  private var mappings: [(address: UnsafeMutableRawPointer, length: Int)] = []

  /// Requests, maps and queues the buffers; the device is ready for STREAMON afterwards.
  init(device: V4L2Device, count: Int = preferredCount) throws(V4L2CallError) {
    self.device = device
    let granted = try device.requestBuffers(count: count)
    guard granted > 0 else { throw V4L2CallError(call: "VIDIOC_REQBUFS", code: ENOMEM) }
    mappings.reserveCapacity(granted)
    for index in 0..<granted {
      let (offset, length) = try device.queryBuffer(index: index)
      switch device.system.map(device.descriptor, length: length, offset: offset) {
      case .success(let address): mappings.append((address, length))
      case .wouldBlock: throw V4L2CallError(call: "mmap", code: EAGAIN)
      case .failure(let code): throw V4L2CallError(call: "mmap", code: code)
      }
    }
    for index in 0..<granted { try device.queue(index: index) }
  }

  deinit {
    for mapping in mappings { device.system.unmap(mapping.address, length: mapping.length) }
  }

  /// The number of buffers mapped.
  var count: Int { mappings.count }

  /// The length of the longest buffer: the most one frame's data can take.
  var largestLength: Int { mappings.map(\.length).max() ?? 0 }

  /// The bytes of buffer `index`, as the driver filled them.
  func bytes(at index: Int) -> UnsafeMutableRawBufferPointer? {
    guard mappings.indices.contains(index) else { return nil }
    return UnsafeMutableRawBufferPointer(
      start: mappings[index].address, count: mappings[index].length)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
