/// Precomputed bilinear sampling positions along one axis: for every destination sample, the
/// first source sample and the weight of the next one.
///
/// ## The fixed-point rule
/// Sampling is centre-aligned: destination sample `d` of `destination` looks at source position
/// `(d + 0.5) * source / destination - 0.5`. Positions are kept in 1/256 of a sample (8-bit
/// fraction), computed exactly in integers and clamped to the first and last sample:
///
///     p = clamp(((2d + 1) * source * 256) / (2 * destination) - 128, 0, (source - 1) * 256)
///
/// `index = p >> 8` and `weight = p & 255`; the sample is
/// `(s[index] * (256 - weight) + s[index + 1] * weight + 128) >> 8`. When source and destination
/// have the same length every weight is 0 and every index is `d`, so scaling is a copy.
/// The two axes are applied one after the other, rounding in between, in the order
/// `PlaneScaler` explains; `ReferenceCompositor` restates the same rules per pixel.
///
/// The storage is allocated once and released by its owner with `deallocate()`.
struct AxisTable {
  /// Source sample to the left of (or above) each destination sample.
  let index: UnsafeMutableBufferPointer<Int32>
  /// Weight of the following source sample, 0...255 in 1/256.
  let weight: UnsafeMutableBufferPointer<UInt16>
  /// `weight` with every whole block of 16 reordered as its 8 even entries, then its 8 odd
  /// ones: the order in which `RowKernels.resampleRow` computes lanes.
  let laneWeight: UnsafeMutableBufferPointer<UInt16>
  /// Per block of 16 outputs: the first source sample of the window holding all of the block's
  /// samples (see `RowKernels.resampleRow`).
  let windowStart: UnsafeMutableBufferPointer<Int32>
  /// Per block: how many shifts (masks) the window needs, 4 or 8, or 0 when the samples are too
  /// spread out (or the window would leave the row) and the block must be gathered.
  let windowShifts: UnsafeMutableBufferPointer<UInt8>
  /// Per block, `masksPerBlock` lane masks: mask `t` selects the outputs whose left sample is
  /// window byte `lane + t`.
  let windowMasks: UnsafeMutableBufferPointer<SIMD16<UInt8>>
  /// Mask slots reserved per block.
  static let masksPerBlock = 8
  /// Entries before this one may read `index + 1`; the rest sit on the last source sample with
  /// weight 0 (positions never decrease, so they form a suffix).
  let safeCount: Int
  /// True when the table maps every sample onto itself.
  let isIdentity: Bool

  /// Builds the table for `destination` samples taken from `source` samples (both at least 1).
  init(destination: Int, source: Int) {
    precondition(destination > 0 && source > 0, "empty axis \(source) -> \(destination)")
    index = .allocate(capacity: destination)
    weight = .allocate(capacity: destination)
    var safe = 0
    var identity = true
    for d in 0..<destination {
      let position = Self.position(of: d, destination: destination, source: source)
      let sample = position >> 8
      index[d] = Int32(sample)
      weight[d] = UInt16(position & 255)
      if sample + 1 < source { safe = d + 1 }
      if sample != d || position & 255 != 0 { identity = false }
    }
    safeCount = safe
    isIdentity = identity && destination == source
    laneWeight = .allocate(capacity: destination)
    for d in 0..<destination {
      let block = d - d % 16
      let lane = d % 16
      let from = block + 16 <= destination ? block + (lane < 8 ? 2 * lane : 2 * (lane - 8) + 1) : d
      laneWeight[d] = weight[from]
    }
    let blocks = destination / 16
    windowStart = .allocate(capacity: max(blocks, 1))
    windowStart.initialize(repeating: 0)
    windowShifts = .allocate(capacity: max(blocks, 1))
    windowShifts.initialize(repeating: 0)
    windowMasks = .allocate(capacity: max(Self.masksPerBlock * blocks, 1))
    windowMasks.initialize(repeating: SIMD16())
    for block in 0..<blocks {
      Self.planWindow(
        block: block, index: UnsafeBufferPointer(index), source: source,
        start: &windowStart[block], shifts: &windowShifts[block],
        masks: windowMasks.baseAddress! + Self.masksPerBlock * block)
    }
  }

  /// Decides whether block `block` can use a window of 4 or 8 shifts and fills in its start,
  /// shift count and masks; leaves the shift count 0 for a gathered block.
  private static func planWindow(
    block: Int, index: UnsafeBufferPointer<Int32>, source: Int, start: inout Int32,
    shifts: inout UInt8, masks: UnsafeMutablePointer<SIMD16<UInt8>>
  ) {
    // Output k of the block reads sample first + k + offset[k]. The offsets span about
    // 15 * |factor - 1| + 1 values: at most 4 for factors within about 0.8...1.2, at most 8
    // within about 0.55...1.45.
    let first = Int(index[16 * block])
    let offsets = (0..<16).map { Int(index[16 * block + $0]) - first - $0 }
    let lowest = offsets.min()!
    let span = offsets.max()! - lowest + 1
    let origin = first + lowest
    // A window of n shifts reads samples origin ..< origin + n + 16.
    guard let count = [4, 8].first(where: { span <= $0 }), origin >= 0,
      origin + count + 16 <= source
    else { return }
    start = Int32(origin)
    shifts = UInt8(count)
    for (lane, offset) in offsets.enumerated() { masks[offset - lowest][lane] = 0xFF }
  }

  /// The sampling position of destination sample `d`, in 1/256 of a source sample.
  static func position(of d: Int, destination: Int, source: Int) -> Int {
    let exact = ((2 * d + 1) * source * 256) / (2 * destination) - 128
    return min(max(exact, 0), (source - 1) * 256)
  }

  /// Number of destination samples.
  var count: Int { index.count }

  /// Frees the storage; the table must not be used afterwards.
  func deallocate() {
    index.deallocate()
    weight.deallocate()
    laneWeight.deallocate()
    windowStart.deallocate()
    windowShifts.deallocate()
    windowMasks.deallocate()
  }
}
