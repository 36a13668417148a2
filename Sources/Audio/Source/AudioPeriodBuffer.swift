public import DualCamCore

/// One period of captured sound: interleaved samples stamped with the monotonic capture time of
/// their first frame.
///
/// Buffers come from an `AudioPeriodPool`, allocated once. Ownership: whoever holds the buffer
/// calls `release()` exactly once when done, which gives it back to its pool.
public final class AudioPeriodBuffer: @unchecked Sendable {
  // Safe to share: one owner at a time writes it (the capture thread fills it before handing it
  // over, the receiver only reads it); the pool's free list is behind a mutex.
  /// Format of the samples.
  public let format: AudioFormat
  /// Frames the buffer has room for.
  public let capacityFrames: Int
  /// Frames filled.
  public internal(set) var frameCount = 0
  /// Position of the first frame on the source's sample clock: frames since the source started,
  /// counting the frames lost in gaps, so a gap shows as a jump from the previous period's end.
  public internal(set) var firstFrameIndex: Int64 = 0
  /// CLOCK_MONOTONIC time at which the first frame was captured.
  public internal(set) var captureTime = MonotonicTime.zero
  /// True when frames before this period were lost (xrun, unplug): its index and time do not
  /// follow the previous period's.
  public internal(set) var followsGap = false

  let storage: UnsafeMutableRawPointer
  private unowned let pool: AudioPeriodPool
  /// Set while leased: a period out on loan keeps its pool alive (a source may be stopped and
  /// gone while its last periods are still downstream), and no cycle remains once all are back.
  private var lender: AudioPeriodPool?
  let poolIndex: Int

  init(pool: AudioPeriodPool, poolIndex: Int, format: AudioFormat, capacityFrames: Int) {
    self.pool = pool
    self.poolIndex = poolIndex
    self.format = format
    self.capacityFrames = capacityFrames
    storage = UnsafeMutableRawPointer.allocate(
      byteCount: capacityFrames * format.bytesPerFrame, alignment: 16)
    storage.initializeMemory(
      as: UInt8.self, repeating: 0, count: capacityFrames * format.bytesPerFrame)
  }

  deinit { storage.deallocate() }

  /// The raw interleaved bytes of the filled frames.
  public var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage, count: frameCount * format.bytesPerFrame)
  }

  /// Sets what the buffer holds (for sources filling it).
  public func stamp(
    frames: Int, firstFrameIndex: Int64, captureTime: MonotonicTime, followsGap: Bool
  ) {
    precondition(frames <= capacityFrames, "a period cannot hold more frames than its capacity")
    frameCount = frames
    self.firstFrameIndex = firstFrameIndex
    self.captureTime = captureTime
    self.followsGap = followsGap
  }

  /// Where a source writes samples.
  public var mutableBytes: UnsafeMutableRawPointer { storage }

  /// Sample `channel` of frame `frame` as a float in -1...1.
  @inline(__always)
  public func sample(frame: Int, channel: Int) -> Float {
    let index = frame * format.channels + channel
    switch format.sampleFormat {
    case .s16:
      return Float(storage.load(fromByteOffset: index * 2, as: Int16.self)) / 32_768
    case .s32:
      return Float(storage.load(fromByteOffset: index * 4, as: Int32.self)) / 2_147_483_648
    case .float:
      return storage.load(fromByteOffset: index * 4, as: Float.self)
    }
  }

  /// Gives the buffer back to its pool.
  public func release() {
    let lender = lender
    self.lender = nil
    lender?.recycle(self)
  }

  func markLeased() {
    frameCount = 0
    followsGap = false
    lender = pool
  }
}

/// A fixed set of period buffers, allocated once; leasing and recycling never allocate.
public final class AudioPeriodPool: @unchecked Sendable {
  // Safe to share: `buffers` is written only in init; the free list is behind a mutex.
  /// How many buffers exist.
  public let capacity: Int
  private var buffers: [AudioPeriodBuffer] = []
  private let free: Locked<[Int]>

  /// Allocates `capacity` buffers of `capacityFrames` frames of `format`.
  public init(format: AudioFormat, capacityFrames: Int, capacity: Int) {
    precondition(capacity > 0 && capacityFrames > 0, "an audio pool needs room for samples")
    self.capacity = capacity
    var indices = [Int]()
    indices.reserveCapacity(capacity)
    for index in (0..<capacity).reversed() { indices.append(index) }
    free = Locked(indices)
    buffers = (0..<capacity).map {
      AudioPeriodBuffer(pool: self, poolIndex: $0, format: format, capacityFrames: capacityFrames)
    }
  }

  /// A free buffer for the caller, or nil when every buffer is held downstream.
  public func lease() -> AudioPeriodBuffer? {
    guard let index = free.withLock({ $0.popLast() }) else { return nil }
    let buffer = buffers[index]
    buffer.markLeased()
    return buffer
  }

  /// How many buffers are free right now.
  public var availableCount: Int { free.withLock { $0.count } }

  func recycle(_ buffer: AudioPeriodBuffer) {
    // Capacity was reserved for every index, so this append never reallocates.
    free.withLock { $0.append(buffer.poolIndex) }
  }
}
