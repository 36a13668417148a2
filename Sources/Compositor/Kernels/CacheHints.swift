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
  /// read a single time, such as a driver's buffer).
  @inline(__always)
  static func prefetch(_ address: UnsafeRawPointer, once: Bool) {
    if once { ccache_prefetch_once(address) } else { ccache_prefetch(address) }
  }

  /// Stores 16 bytes at `destination`: around the cache when `destination` is 16-byte aligned
  /// (as every row of a frame from a pool is), an ordinary store otherwise.
  @inline(__always)
  static func storeStreaming(_ bytes: SIMD16<UInt8>, at destination: UnsafeMutablePointer<UInt8>) {
    if UInt(bitPattern: destination) & 15 == 0 {
      ccache_store_streaming(destination, unsafeBitCast(bytes, to: SIMD4<UInt32>.self))
    } else {
      UnsafeMutableRawPointer(destination).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    }
  }

  /// Makes every streaming store so far visible before any later store (so before a frame is
  /// handed to another thread).
  @inline(__always)
  static func streamingFence() { ccache_streaming_fence() }
}
