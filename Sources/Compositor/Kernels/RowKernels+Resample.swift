/// Horizontal resampling of one row through an `AxisTable`, 16 outputs at a time.
///
/// Portable SIMD has neither gathers nor variable byte shuffles, so two strategies share the
/// work, chosen per block of 16 outputs when the table is built:
/// - **Windows** (scale factors from about 0.55 to 1.45): the block's source samples lie in one
///   short window. Output `k` reads window byte `k + s` for a shift `s` in 0...3 (or 0...7);
///   overlapping loads give the window shifted by each constant, and precomputed masks pick
///   each lane's bytes.
/// - **Gather** (any factor): each lane's two neighbouring samples come from one 16-bit load,
///   inserted into a vector.
///
/// Both compute even outputs in the low bytes and odd outputs in the high bytes of 16-bit lanes
/// (no widening or narrowing conversions) with `AxisTable.laneWeight`, then merge them into one
/// 16-byte store. Leftover outputs at the end of the row are scalar.
extension RowKernels {
  /// `out[i] = blend(row[index[i]], row[index[i] + 1], weight[i])` for every output of `table`.
  @inline(never)
  static func resampleRow(
    _ row: UnsafePointer<UInt8>, through table: AxisTable, into out: UnsafeMutablePointer<UInt8>
  ) {
    let count = table.count
    let safeCount = table.safeCount
    let index = UnsafePointer(table.index.baseAddress!)
    let weight = UnsafePointer(table.weight.baseAddress!)
    let laneWeight = UnsafeRawPointer(table.laneWeight.baseAddress!)
    let windowStart = UnsafePointer(table.windowStart.baseAddress!)
    let windowShifts = UnsafePointer(table.windowShifts.baseAddress!)
    let windowMasks = UnsafePointer(table.windowMasks.baseAddress!)
    let bytes = UnsafeRawPointer(row)
    var i = 0
    var block = 0
    while i + 16 <= count {
      let window = bytes + Int(windowStart[block])
      let masks = windowMasks + AxisTable.masksPerBlock * block
      let weights = laneWeight + 2 * i
      let shifts = windowShifts[block]
      if shifts == 4 {
        windowBlock4(window, masks: masks, weights: weights, into: out + i)
      } else if shifts == 8 {
        windowBlock8(window, masks: masks, weights: weights, into: out + i)
      } else if i + 16 <= safeCount {
        gatherBlock(bytes, index: index + i, weights: weights, into: out + i)
      } else {
        break
      }
      i += 16
      block += 1
    }
    while i < safeCount {
      let x = Int(index[i])
      out[i] = blend(row[x], row[x &+ 1], weight: UInt32(weight[i]))
      i += 1
    }
    while i < count {
      out[i] = row[Int(index[i])]
      i += 1
    }
  }

  /// `(left * (256 - weight) + right * weight + 128) >> 8` in 16-bit lanes.
  @inline(__always)
  static func mix(_ left: Words, _ right: Words, weight: Words) -> Words {
    (left &* (256 &- weight) &+ right &* weight &+ 128) &>> 8
  }

  /// 16 outputs whose samples lie in one window, picked through 4 masks.
  ///
  /// Output k's left sample is window byte `k + t` where mask `t` has lane k set; its right
  /// sample is the byte after. Window bytes `t...t + 15` come from overlapping unaligned loads,
  /// which hit L1 and cost less than byte shifts. Written out straight: as a loop, or inlined
  /// into the row loop next to `gatherBlock`, the optimizer splits the vectors into bytes.
  @inline(never)
  static func windowBlock4(
    _ window: UnsafeRawPointer, masks: UnsafePointer<Bytes>, weights: UnsafeRawPointer,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    let by0 = window.loadUnaligned(as: Bytes.self)
    let by1 = window.loadUnaligned(fromByteOffset: 1, as: Bytes.self)
    let by2 = window.loadUnaligned(fromByteOffset: 2, as: Bytes.self)
    let by3 = window.loadUnaligned(fromByteOffset: 3, as: Bytes.self)
    let by4 = window.loadUnaligned(fromByteOffset: 4, as: Bytes.self)
    let left = (by0 & masks[0]) | (by1 & masks[1]) | (by2 & masks[2]) | (by3 & masks[3])
    let right = (by1 & masks[0]) | (by2 & masks[1]) | (by3 & masks[2]) | (by4 & masks[3])
    store(
      left: unsafeBitCast(left, to: Words.self), right: unsafeBitCast(right, to: Words.self),
      weights: weights, into: out)
  }

  /// `windowBlock4` with 8 masks, for scale factors further from 1.
  @inline(never)
  static func windowBlock8(
    _ window: UnsafeRawPointer, masks: UnsafePointer<Bytes>, weights: UnsafeRawPointer,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    let by0 = window.loadUnaligned(as: Bytes.self)
    let by1 = window.loadUnaligned(fromByteOffset: 1, as: Bytes.self)
    let by2 = window.loadUnaligned(fromByteOffset: 2, as: Bytes.self)
    let by3 = window.loadUnaligned(fromByteOffset: 3, as: Bytes.self)
    let by4 = window.loadUnaligned(fromByteOffset: 4, as: Bytes.self)
    let by5 = window.loadUnaligned(fromByteOffset: 5, as: Bytes.self)
    let by6 = window.loadUnaligned(fromByteOffset: 6, as: Bytes.self)
    let by7 = window.loadUnaligned(fromByteOffset: 7, as: Bytes.self)
    let by8 = window.loadUnaligned(fromByteOffset: 8, as: Bytes.self)
    let leftLow = (by0 & masks[0]) | (by1 & masks[1]) | (by2 & masks[2]) | (by3 & masks[3])
    let leftHigh = (by4 & masks[4]) | (by5 & masks[5]) | (by6 & masks[6]) | (by7 & masks[7])
    let rightLow = (by1 & masks[0]) | (by2 & masks[1]) | (by3 & masks[2]) | (by4 & masks[3])
    let rightHigh = (by5 & masks[4]) | (by6 & masks[5]) | (by7 & masks[6]) | (by8 & masks[7])
    store(
      left: unsafeBitCast(leftLow | leftHigh, to: Words.self),
      right: unsafeBitCast(rightLow | rightHigh, to: Words.self), weights: weights, into: out)
  }

  /// 16 outputs gathered two bytes per lane, with one 16-bit load each.
  @inline(never)
  static func gatherBlock(
    _ row: UnsafeRawPointer, index: UnsafePointer<Int32>, weights: UnsafeRawPointer,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    @inline(__always) func pair(_ lane: Int) -> UInt16 {
      // Little-endian: the low byte is row[x], the high byte row[x + 1].
      row.loadUnaligned(fromByteOffset: Int(index[lane]), as: UInt16.self)
    }
    let even = Words(
      pair(0), pair(2), pair(4), pair(6), pair(8), pair(10), pair(12), pair(14))
    let odd = Words(
      pair(1), pair(3), pair(5), pair(7), pair(9), pair(11), pair(13), pair(15))
    // Regroup as left bytes and right bytes, each with even outputs low and odd outputs high.
    store(
      left: (even & 0xFF) | (odd &<< 8), right: (even &>> 8) | (odd & 0xFF00), weights: weights,
      into: out)
  }

  /// Blends and stores 16 outputs: even outputs in the low bytes of `left`/`right` lanes, odd
  /// outputs in the high bytes; `weights` points at the block's `laneWeight` entries.
  @inline(__always)
  static func store(
    left: Words, right: Words, weights: UnsafeRawPointer, into out: UnsafeMutablePointer<UInt8>
  ) {
    let evenWeights = weights.loadUnaligned(as: Words.self)
    let oddWeights = weights.loadUnaligned(fromByteOffset: 16, as: Words.self)
    let even = mix(left & 0xFF, right & 0xFF, weight: evenWeights)
    let odd = mix(left &>> 8, right &>> 8, weight: oddWeights)
    UnsafeMutableRawPointer(out).storeBytes(of: even | odd &<< 8, as: Words.self)
  }
}
