import Synchronization

/// One picture's memory, leased from a `FramePool`, plus what the capture stage knew about it.
///
/// Ownership: a buffer leased with `FramePool.lease()` starts with one reference held by the
/// caller. Every stage that keeps the buffer beyond the call that handed it over calls
/// `retain()`; every holder calls `release()` exactly once when done, and the last release puts
/// the buffer back in its pool. Only the holder of the first reference writes pixels or
/// metadata, and only before handing the buffer on.
///
/// `@unchecked Sendable` by that rule: the pixels, stamps and packet are written by one thread
/// before the buffer is handed on (through a queue's lock, which orders the writes before the
/// reads), and only read afterwards; the reference count is atomic.
public final class FrameBuffer: @unchecked Sendable {
  /// The picture: planes are 64-byte aligned, rows padded to a multiple of 64 bytes.
  public let image: ImageView
  /// Kernel (or synthetic) capture time on the monotonic clock.
  public var captureTime: MonotonicTime = .zero
  /// The source's frame sequence number; a gap means the source lost frames before us.
  public var sequence: UInt64 = 0
  /// True for a frame made by DualCam (e.g. "signal lost"), not captured by a camera.
  public var isPlaceholder = false
  /// Room for the camera's own compressed picture (0 unless the pool was made with some).
  public let packetCapacity: Int

  /// Index of this buffer inside its pool.
  public let poolIndex: Int
  private unowned let pool: FramePool
  /// Set while leased: a buffer out on loan keeps its pool alive, and no cycle remains once every
  /// buffer is back.
  private var lender: FramePool?
  private let storage: UnsafeMutableRawPointer
  private let packetStorage: UnsafeMutableRawPointer?
  private var packetLength = 0
  private let references = Atomic<Int>(0)

  init(
    pool: FramePool, poolIndex: Int, format: PixelFormat, size: ImageSize, packetCapacity: Int
  ) {
    self.pool = pool
    self.poolIndex = poolIndex
    self.packetCapacity = max(packetCapacity, 0)
    packetStorage =
      packetCapacity > 0 ? .allocate(byteCount: packetCapacity, alignment: 64) : nil
    let alignment = 64
    var strides = [Int](repeating: 0, count: 3)
    var offsets = [Int](repeating: 0, count: 3)
    var total = 0
    for plane in 0..<format.planeCount {
      let stride =
        (format.minimumBytesPerRow(plane: plane, width: size.width) + alignment - 1)
        & ~(alignment - 1)
      strides[plane] = stride
      offsets[plane] = total
      total += stride * format.rows(plane: plane, height: size.height)
    }
    // Not cleared: every producer writes whole pictures before handing them on, and a buffer
    // no one has written yet then costs address space, not resident memory. Pools are sized for
    // the worst case; the free list hands out the most recently returned buffer first, so in
    // steady state only the buffers actually in flight are ever touched.
    storage = UnsafeMutableRawPointer.allocate(
      byteCount: max(total, alignment), alignment: alignment)
    let bytes = storage.assumingMemoryBound(to: UInt8.self)
    func plane(_ index: Int) -> ImageView.Plane {
      let used = min(index, format.planeCount - 1)
      return ImageView.Plane(base: bytes + offsets[used], bytesPerRow: strides[used])
    }
    image = ImageView(
      format: format, size: size, plane0: plane(0), plane1: plane(1), plane2: plane(2))
  }

  deinit {
    storage.deallocate()
    packetStorage?.deallocate()
  }

  // MARK: - The camera's compressed picture

  /// The camera's own compressed picture (an MJPEG frame) that this image was decoded from,
  /// kept for outputs that store the camera's stream as it came; empty when there is none.
  /// Valid while the caller holds a reference.
  public var packet: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: packetStorage, count: packetLength)
  }

  /// Copies `bytes` in as this frame's compressed picture, into memory allocated with the pool.
  /// Returns false, keeping no packet, when they do not fit in `packetCapacity`. Only the holder
  /// of the first reference calls this, before handing the frame on.
  public func storePacket(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let packetStorage, bytes.count <= packetCapacity else {
      packetLength = 0
      return false
    }
    if let base = bytes.baseAddress { packetStorage.copyMemory(from: base, byteCount: bytes.count) }
    packetLength = bytes.count
    return true
  }

  /// Adds a reference for a second holder (another output, or the synchronizer keeping the
  /// frame in case the next slot must repeat it).
  public func retain() {
    references.add(1, ordering: .relaxed)
  }

  /// Drops one reference; the last one returns the buffer to its pool.
  public func release() {
    let (_, remaining) = references.subtract(1, ordering: .acquiringAndReleasing)
    precondition(remaining >= 0, "FrameBuffer released more often than retained")
    if remaining == 0 {
      let lender = lender
      self.lender = nil
      lender?.recycle(self)
    }
  }

  /// The number of holders right now (for tests and leak checks).
  public var referenceCount: Int { references.load(ordering: .acquiring) }

  func markLeased() {
    captureTime = .zero
    sequence = 0
    isPlaceholder = false
    packetLength = 0
    lender = pool
    references.store(1, ordering: .releasing)
  }
}
