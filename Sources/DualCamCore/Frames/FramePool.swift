/// A fixed set of equally sized frame buffers, allocated once and reused for the whole session.
///
/// Leasing and recycling never allocate. When every buffer is out, `lease()` returns nil and the
/// caller counts a dropped frame: a source must never block waiting for memory.
///
/// `@unchecked Sendable`: `buffers` is filled in `init` (it cannot be a `let`: each buffer
/// refers back to its pool) and only read afterwards; the free list is behind a `Mutex`.
public final class FramePool: @unchecked Sendable {
  /// Pixel layout of every buffer.
  public let format: PixelFormat
  /// Picture size of every buffer.
  public let size: ImageSize
  /// How many buffers exist.
  public let capacity: Int

  private var buffers: [FrameBuffer] = []
  private let free: Locked<FreeList>

  private struct FreeList {
    var indices: [Int]
  }

  /// Allocates `capacity` buffers of `format` and `size` up front, each with room for a
  /// compressed picture of up to `packetCapacity` bytes (for cameras whose own stream is
  /// stored as it came; 0 for none).
  public init(format: PixelFormat, size: ImageSize, capacity: Int, packetCapacity: Int = 0) {
    precondition(capacity > 0, "a frame pool needs at least one buffer")
    self.format = format
    self.size = size
    self.capacity = capacity
    var indices = [Int]()
    indices.reserveCapacity(capacity)
    for index in (0..<capacity).reversed() { indices.append(index) }
    free = Locked(FreeList(indices: indices))
    buffers = (0..<capacity).map {
      FrameBuffer(
        pool: self, poolIndex: $0, format: format, size: size, packetCapacity: packetCapacity)
    }
  }

  /// Takes a free buffer, with one reference held by the caller, or nil when all are in use.
  public func lease() -> FrameBuffer? {
    let index = free.withLock { list in list.indices.popLast() }
    guard let index else { return nil }
    let buffer = buffers[index]
    buffer.markLeased()
    return buffer
  }

  /// How many buffers are free right now.
  public var availableCount: Int { free.withLock { $0.indices.count } }

  func recycle(_ buffer: FrameBuffer) {
    free.withLock { list in
      // Capacity was reserved for every index, so this append never reallocates.
      list.indices.append(buffer.poolIndex)
    }
  }
}
