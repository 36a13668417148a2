#if _endian(big)
  #error("RowKernels assume little-endian byte order")
#endif

/// SIMD loops over one or two rows: the inner kernels of conversion and scaling.
///
/// Every kernel works on raw pointers and a count, never allocates, and uses only portable Swift
/// SIMD types, so it builds for x86-64 (baseline SSE2) and ARM64 alike. Vector loads and stores
/// are unaligned. Tails shorter than a vector are handled by re-running the last full vector
/// over the final elements (outputs depend only on inputs at the same position, so overlapping
/// writes store the same values again); rows shorter than one vector fall back to scalar code.
///
/// Byte de-interleaving reinterprets bytes as little-endian `UInt16` lanes: the low byte is the
/// first byte in memory. Both supported architectures are little-endian.
///
/// The row kernels are `@inline(never)` on purpose: inlined into a large caller, the optimizer
/// stops inlining the SIMD conversion initialisers and spills vectors, which made conversion
/// several times slower. One call per row costs nothing in comparison.
enum RowKernels {
  /// 16 bytes.
  typealias Bytes = SIMD16<UInt8>
  /// 16 bytes seen as 8 little-endian words: even bytes low, odd bytes high.
  typealias Words = SIMD8<UInt16>

  // MARK: - Fixed-point blending

  /// `(a * (256 - weight) + b * weight + 128) >> 8`: the one rounding rule of all scaling,
  /// with `weight` in 0...255 as a fraction of 256.
  @inline(__always)
  static func blend(_ a: UInt8, _ b: UInt8, weight: UInt32) -> UInt8 {
    let mixed = UInt32(a) &* (256 &- weight) &+ UInt32(b) &* weight &+ 128
    return UInt8(truncatingIfNeeded: mixed &>> 8)
  }

  /// Blends two rows sample by sample: `out[i] = blend(a[i], b[i], weight)`.
  @inline(never)
  static func blendRows(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, weight: Int,
    into out: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    let lanes = 2 * Words.scalarCount
    guard count >= lanes else {
      for i in 0..<count { out[i] = blend(a[i], b[i], weight: UInt32(weight)) }
      return
    }
    let weightB = Words(repeating: UInt16(weight))
    let weightA = Words(repeating: UInt16(256 - weight))
    @inline(__always) func step(_ start: Int) {
      // 16 bytes as 8 words: even samples in the low bytes, odd ones in the high bytes. Each
      // half is blended in 16-bit lanes (255 * 256 + 128 cannot wrap) and the two are merged
      // back, which avoids widening and narrowing conversions.
      let va = UnsafeRawPointer(a + start).loadUnaligned(as: Words.self)
      let vb = UnsafeRawPointer(b + start).loadUnaligned(as: Words.self)
      let even = ((va & 0xFF) &* weightA &+ (vb & 0xFF) &* weightB &+ 128) &>> 8
      let odd = ((va &>> 8) &* weightA &+ (vb &>> 8) &* weightB &+ 128) &>> 8
      UnsafeMutableRawPointer(out + start).storeBytes(of: even | odd &<< 8, as: Words.self)
    }
    forEachVector(count: count, lanes: lanes, step)
  }

  /// Calls `step` with the start of every vector of `lanes` elements in `0..<count` (at least
  /// `lanes`), the last one moved back to end exactly at `count` (overlapping its predecessor).
  @inline(__always)
  static func forEachVector(count: Int, lanes: Int, _ step: (Int) -> Void) {
    var start = 0
    while start &+ lanes <= count {
      step(start)
      start &+= lanes
    }
    if start < count { step(count &- lanes) }
  }

  // MARK: - De-interleaving

  /// Splits `pairs` interleaved U,V byte pairs (an NV12 chroma row) into a U row and a V row.
  @inline(never)
  static func splitPairs(
    _ source: UnsafePointer<UInt8>, u: UnsafeMutablePointer<UInt8>,
    v: UnsafeMutablePointer<UInt8>, pairs: Int
  ) {
    typealias Pairs = SIMD16<UInt16>
    let lanes = Pairs.scalarCount
    guard pairs >= lanes else {
      for i in 0..<pairs {
        u[i] = source[2 * i]
        v[i] = source[2 * i + 1]
      }
      return
    }
    forEachVector(count: pairs, lanes: lanes) { start in
      let words = UnsafeRawPointer(source + 2 * start).loadUnaligned(as: Pairs.self)
      UnsafeMutableRawPointer(u + start).storeBytes(
        of: Bytes(truncatingIfNeeded: words), as: Bytes.self)
      UnsafeMutableRawPointer(v + start).storeBytes(
        of: Bytes(truncatingIfNeeded: words &>> 8), as: Bytes.self)
    }
  }

  /// Converts two YUYV rows of `width` pixels (even) to two Y rows and one U and one V row, the
  /// chroma of the two rows averaged rounding up: `(a + b + 1) >> 1`.
  ///
  /// While it works, the kernel prefetches the same columns of the next row pair (`row1` is
  /// taken to follow `row0` by the source's stride), which converting from cold memory needs
  /// to keep pace with a copy; `stores` says whether the destination rows stay in cache.
  @inline(never)
  static func yuyvRowPair(
    _ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>,
    y0: UnsafeMutablePointer<UInt8>, y1: UnsafeMutablePointer<UInt8>,
    u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, width: Int,
    stores: StorePolicy = .cached
  ) {
    guard width >= 32 else {
      for pair in 0..<(width / 2) {
        let a = row0 + 4 * pair
        let b = row1 + 4 * pair
        y0[2 * pair] = a[0]
        y0[2 * pair + 1] = a[2]
        y1[2 * pair] = b[0]
        y1[2 * pair + 1] = b[2]
        u[pair] = averageUp(a[1], b[1])
        v[pair] = averageUp(a[3], b[3])
      }
      return
    }
    // Streaming stores need 16-byte aligned destinations (rows of pool frames are); decided
    // once per row pair so that no store tests anything. Two copies of the loop follow.
    let aligned =
      (UInt(bitPattern: y0) | UInt(bitPattern: y1) | UInt(bitPattern: u)
        | UInt(bitPattern: v)) & 15 == 0
    if stores == .streaming && aligned {
      yuyvVectors(row0, row1, y0: y0, y1: y1, u: u, v: v, width: width, streaming: true)
    } else {
      yuyvVectors(row0, row1, y0: y0, y1: y1, u: u, v: v, width: width, streaming: false)
    }
  }

  /// The vector loop of `yuyvRowPair` for `width` ≥ 32; `streaming` only with 16-byte aligned
  /// destination rows.
  @inline(__always)
  private static func yuyvVectors(
    _ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>,
    y0: UnsafeMutablePointer<UInt8>, y1: UnsafeMutablePointer<UInt8>,
    u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, width: Int,
    streaming: Bool
  ) {
    // One step: 32 pixels = 64 packed bytes (one cache line) per row, read as four times 8
    // little-endian (Y, chroma) words. Only 16-byte vectors and their 32-byte pairs are used:
    // wider Swift SIMD types are lowered to element-by-element code on x86-64.
    typealias Packed = SIMD16<UInt16>
    // The same columns two rows down, as plain addresses: past the last row pair they point
    // outside the picture, which a prefetch (it never faults) may, but a pointer may not.
    let nextPair = UInt(bitPattern: 2 * (row1 - row0))
    let prefetchBase0 = UInt(bitPattern: row0) &+ nextPair
    let prefetchBase1 = UInt(bitPattern: row1) &+ nextPair
    /// 16 pixels of one row: their luma, and their chroma bytes U0 V0 U1 V1 … (8 pairs).
    @inline(__always) func split(_ row: UnsafePointer<UInt8>) -> (luma: Bytes, chroma: Bytes) {
      let words = UnsafeRawPointer(row).loadUnaligned(as: Packed.self)
      return (Bytes(truncatingIfNeeded: words), Bytes(truncatingIfNeeded: words &>> 8))
    }
    @inline(__always) func step(_ start: Int, streamingStores: Bool) {
      @inline(__always) func store(_ bytes: Bytes, at destination: UnsafeMutablePointer<UInt8>) {
        if streamingStores {
          CacheHints.storeStreaming(bytes, at: destination)
        } else {
          UnsafeMutableRawPointer(destination).storeBytes(of: bytes, as: Bytes.self)
        }
      }
      let offset = UInt(bitPattern: 2 * start)
      CacheHints.prefetch(address: prefetchBase0 &+ offset, once: streaming)
      CacheHints.prefetch(address: prefetchBase1 &+ offset, once: streaming)
      let (lumaA0, chromaA0) = split(row0 + 2 * start)
      let (lumaA1, chromaA1) = split(row0 + 2 * start + 32)
      let (lumaB0, chromaB0) = split(row1 + 2 * start)
      let (lumaB1, chromaB1) = split(row1 + 2 * start + 32)
      store(lumaA0, at: y0 + start)
      store(lumaA1, at: y0 + start + 16)
      store(lumaB0, at: y1 + start)
      store(lumaB1, at: y1 + start + 16)
      // Average the two rows' chroma first, then split 16 U from 16 V.
      let pairs = Packed(
        lowHalf: unsafeBitCast(averageUp(chromaA0, chromaB0), to: Words.self),
        highHalf: unsafeBitCast(averageUp(chromaA1, chromaB1), to: Words.self))
      store(Bytes(truncatingIfNeeded: pairs), at: u + start / 2)
      store(Bytes(truncatingIfNeeded: pairs &>> 8), at: v + start / 2)
    }
    let whole = width &- width % 32
    forEachVector(count: whole, lanes: 32) { step($0, streamingStores: streaming) }
    // The last, overlapping step starts off the 32-pixel grid, so its stores are unaligned.
    if whole < width { step(width &- 32, streamingStores: false) }
  }

  /// Rounding-up average without widening: `(a | b) - ((a ^ b) >> 1)` equals `(a + b + 1) >> 1`.
  @inline(__always)
  static func averageUp(_ a: UInt8, _ b: UInt8) -> UInt8 { (a | b) &- ((a ^ b) &>> 1) }

  /// Lane-wise `averageUp`.
  @inline(__always)
  static func averageUp(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    (a | b) &- ((a ^ b) &>> 1)
  }
}
