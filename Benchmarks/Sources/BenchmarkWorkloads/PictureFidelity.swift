public import DualCamCore
import TerminalUI

/// What a terminal picture's symbols cover and what the picture looks like at the same grain,
/// for `PictureWorkload.fidelity`.
public enum PictureFidelity {
  /// Which of a cell's 2 × 6 parts (bit `row * 2 + column`) a block symbol paints in its
  /// foreground; nil for symbols other than blocks, quadrants and sextants.
  public static func mask(_ character: Unicode.Scalar) -> Int? {
    let top = 0b00_0011_1111
    let left = 0b0101_0101_0101
    func quadrants(_ upperLeft: Bool, _ upperRight: Bool, _ lowerLeft: Bool, _ lowerRight: Bool)
      -> Int
    {
      (upperLeft ? top & left : 0) | (upperRight ? top & ~left : 0)
        | (lowerLeft ? ~top & left : 0) | (lowerRight ? ~top & ~left : 0)
    }
    let full = 0xFFF
    switch character.value {
    case 0x20: return 0
    case 0x2588: return full
    case 0x2580: return top
    case 0x2584: return full & ~top
    case 0x258C: return left
    case 0x2590: return full & ~left
    case 0x2596: return quadrants(false, false, true, false)
    case 0x2597: return quadrants(false, false, false, true)
    case 0x2598: return quadrants(true, false, false, false)
    case 0x2599: return quadrants(true, false, true, true)
    case 0x259A: return quadrants(true, false, false, true)
    case 0x259B: return quadrants(true, true, true, false)
    case 0x259C: return quadrants(true, true, false, true)
    case 0x259D: return quadrants(false, true, false, false)
    case 0x259E: return quadrants(false, true, true, false)
    case 0x259F: return quadrants(false, true, true, true)
    case 0x1FB00...0x1FB3B:
      // Sextants enumerate the 6-bit patterns (bit = row * 2 + column of 2 × 3) from 1 to 62,
      // leaving out the two halves (21, 42) that ▌ and ▐ already are.
      var pattern = Int(character.value - 0x1FB00) + 1
      if pattern >= 21 { pattern += 1 }
      if pattern >= 42 { pattern += 1 }
      var mask = 0
      for part in 0..<6 where pattern & (1 << part) != 0 {
        let row = part / 2
        let column = part % 2
        mask |= 1 << ((row * 2) * 2 + column) | 1 << ((row * 2 + 1) * 2 + column)
      }
      return mask
    default: return nil
    }
  }

  /// `image` (I420) averaged over `width` × `height` boxes, packed RGB.
  public static func averaged(_ image: ImageView, width: Int, height: Int) -> [UInt8] {
    var sums = [Int](repeating: 0, count: width * height * 3)
    var counts = [Int](repeating: 0, count: width * height)
    let sourceWidth = image.size.width
    let sourceHeight = image.size.height
    for y in 0..<sourceHeight {
      let boxRow = y * height / sourceHeight
      for x in 0..<sourceWidth {
        let box = boxRow * width + x * width / sourceWidth
        let pixel = PreviewRenderer.rgb(image, x, y)
        sums[box * 3] += Int(pixel.0)
        sums[box * 3 + 1] += Int(pixel.1)
        sums[box * 3 + 2] += Int(pixel.2)
        counts[box] += 1
      }
    }
    return sums.indices.map { UInt8(sums[$0] / max(counts[$0 / 3], 1)) }
  }
}
