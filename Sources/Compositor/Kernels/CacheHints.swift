internal import CCacheControl

/// Prefetches and streaming stores for the kernels that sweep whole frames.
///
/// A YUYV frame read from cold memory row pair by row pair outruns the hardware prefetcher
/// (two source rows and four destination rows in flight at once), and every ordinary store
/// reads its destination line before writing it. Prefetching the next row pair and, where
/// nothing reads the destination soon, storing around the cache take conversion from cold
/// memory to the speed of a plain copy (`dualcam-bench compositor`).
enum CacheHints {
  /// Starts loading the line at `address`; `once` keeps it out of the outer caches (for data
  /// read a single time, such as the sources of a conversion whose result bypasses the cache
  /// too). Any address will do: a prefetch of memory that is not mapped is dropped, never a
  /// fault.
  @inline(__always)
  static func prefetch(address: UInt, once: Bool) {
    let pointer = UnsafeRawPointer(bitPattern: address)
    if once { ccache_prefetch_once(pointer) } else { ccache_prefetch(pointer) }
  }

  /// Stores 16 bytes at `destination`, which must be 16-byte aligned, around the cache.
  @inline(__always)
  static func storeStreaming(_ bytes: SIMD16<UInt8>, at destination: UnsafeMutablePointer<UInt8>) {
    assert(UInt(bitPattern: destination) & 15 == 0, "streaming stores need 16-byte alignment")
    ccache_store_streaming(destination, unsafeBitCast(bytes, to: SIMD4<UInt32>.self))
  }

  /// Orders every streaming store so far before any later store, so that the store (or
  /// release) that hands a frame to another thread publishes them too.
  @inline(__always)
  static func streamingFence() { ccache_streaming_fence() }
}
