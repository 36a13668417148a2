internal import DualCamCore

/// Bilinear scaling of one plane from a crop to a content rectangle, through precomputed tables.
///
/// Each destination sample is made in two passes, rounded after each (see `AxisTable`):
/// - **Vertical first** when the crop has at least as many rows as the content (downscaling or
///   keeping the height): blend the two source rows a destination row falls between (SIMD, over
///   the crop width) into a scratch row, then resample that row horizontally. Every destination
///   row costs one horizontal pass, and there are no more of them than source rows.
/// - **Horizontal first** when the crop has fewer rows (upscaling): resample each source row
///   once into one of two cached rows, then blend the two cached rows into the canvas. Every
///   source row costs one horizontal pass, fewer than the destination rows.
///
/// A pass is skipped when its weight is 0 or its axis is an identity. `ReferenceCompositor`
/// applies the same order rule, so results match bit for bit.
struct PlaneScaler {
  /// Destination column → source column.
  let horizontal: AxisTable
  /// Destination row → source row.
  let vertical: AxisTable
  /// Width of the source crop in samples (the length of a vertically blended row).
  let sourceWidth: Int
  /// Width of the destination in samples.
  let destinationWidth: Int
  /// True when rows are resampled horizontally before the vertical blend (vertical upscaling).
  let resamplesRowsFirst: Bool

  /// Builds the tables to scale `source` samples onto `destination` samples.
  init(source: ImageSize, destination: ImageSize) {
    horizontal = AxisTable(destination: destination.width, source: source.width)
    vertical = AxisTable(destination: destination.height, source: source.height)
    sourceWidth = source.width
    destinationWidth = destination.width
    // With an identity column table both orders give the same result; vertical-first then
    // blends straight into the canvas.
    resamplesRowsFirst = source.height < destination.height && !horizontal.isIdentity
  }

  /// Scratch bytes `scale` needs for a plane of this size.
  var scratchCount: Int { max(sourceWidth, 2 * destinationWidth) }

  /// Frees the tables.
  func deallocate() {
    horizontal.deallocate()
    vertical.deallocate()
  }

  /// Scales destination rows `rows` (relative to the destination's first row).
  ///
  /// - Parameters:
  ///   - source: the plane with `base` at the crop's top-left sample.
  ///   - destination: the plane with `base` at the content's top-left sample.
  ///   - scratch: at least `scratchCount` bytes.
  func scale(
    from source: ImageView.Plane, into destination: ImageView.Plane, rows: Range<Int>,
    scratch: UnsafeMutablePointer<UInt8>
  ) {
    if resamplesRowsFirst {
      scaleRowsFirst(from: source, into: destination, rows: rows, scratch: scratch)
    } else {
      scaleColumnsFirst(from: source, into: destination, rows: rows, scratch: scratch)
    }
  }

  // MARK: - Vertical first

  private func scaleColumnsFirst(
    from source: ImageView.Plane, into destination: ImageView.Plane, rows: Range<Int>,
    scratch: UnsafeMutablePointer<UInt8>
  ) {
    let rowIndex = vertical.index.baseAddress!
    let rowWeight = vertical.weight.baseAddress!
    let copiesColumns = horizontal.isIdentity
    for row in rows {
      let top = UnsafePointer(source.row(Int(rowIndex[row])))
      let weight = Int(rowWeight[row])
      let out = destination.row(row)
      let line: UnsafePointer<UInt8>
      if weight == 0 {
        line = top
      } else if copiesColumns {
        // Only a vertical scale: blend straight into the canvas.
        RowKernels.blendRows(
          top, top + source.bytesPerRow, weight: weight, into: out, count: destinationWidth)
        continue
      } else {
        RowKernels.blendRows(
          top, top + source.bytesPerRow, weight: weight, into: scratch, count: sourceWidth)
        line = UnsafePointer(scratch)
      }
      if copiesColumns {
        out.update(from: line, count: destinationWidth)
      } else {
        RowKernels.resampleRow(line, through: horizontal, into: out)
      }
    }
  }

  // MARK: - Horizontal first

  private func scaleRowsFirst(
    from source: ImageView.Plane, into destination: ImageView.Plane, rows: Range<Int>,
    scratch: UnsafeMutablePointer<UInt8>
  ) {
    let rowIndex = vertical.index.baseAddress!
    let rowWeight = vertical.weight.baseAddress!
    // Two cached, horizontally resampled source rows and which source row each holds. Source
    // rows are visited in order, so each is resampled once.
    var cache = RowCache(
      first: scratch, second: scratch + destinationWidth, source: source, table: horizontal)
    for row in rows {
      let top = Int(rowIndex[row])
      let weight = Int(rowWeight[row])
      let out = destination.row(row)
      let upper = cache.row(top, keeping: top + 1)
      if weight == 0 {
        out.update(from: upper, count: destinationWidth)
      } else {
        let lower = cache.row(top + 1, keeping: top)
        RowKernels.blendRows(upper, lower, weight: weight, into: out, count: destinationWidth)
      }
    }
  }

  /// Two slots of horizontally resampled source rows, tagged with their source row.
  private struct RowCache {
    var slots: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)
    var tags = (-1, -1)
    let source: ImageView.Plane
    let table: AxisTable

    init(
      first: UnsafeMutablePointer<UInt8>, second: UnsafeMutablePointer<UInt8>,
      source: ImageView.Plane, table: AxisTable
    ) {
      slots = (first, second)
      self.source = source
      self.table = table
    }

    /// Source row `row` resampled, computing it into the slot that does not hold `keep`.
    mutating func row(_ row: Int, keeping keep: Int) -> UnsafePointer<UInt8> {
      if tags.0 == row { return UnsafePointer(slots.0) }
      if tags.1 == row { return UnsafePointer(slots.1) }
      // Evict the slot not holding `keep`; if neither does, the one holding the older row.
      let useFirst = tags.1 == keep || (tags.0 != keep && tags.0 < tags.1)
      let slot = useFirst ? slots.0 : slots.1
      RowKernels.resampleRow(UnsafePointer(source.row(row)), through: table, into: slot)
      if useFirst { tags.0 = row } else { tags.1 = row }
      return UnsafePointer(slot)
    }
  }
}
