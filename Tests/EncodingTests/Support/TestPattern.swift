import DualCamCore
import Foundation

/// Synthetic frames whose content says which frame they are, robust to lossy coding.
///
/// Frame k: the left half is flat luma `luma(k)` (distinct for k < 60, 3 levels apart), the
/// right half a horizontal gradient (texture for the encoder), chroma flat per frame.
enum TestPattern {
  static func luma(_ index: Int) -> UInt8 { UInt8(40 + 3 * (index % 60)) }
  static func cb(_ index: Int) -> UInt8 { UInt8(96 + 16 * (index % 4)) }
  static func cr(_ index: Int) -> UInt8 { UInt8(160 - 16 * (index % 3)) }

  /// Draws frame `index` into the I420 `image`.
  static func draw(_ index: Int, into image: ImageView) {
    let width = image.size.width
    for row in 0..<image.size.height {
      let line = image.plane0.row(row)
      for column in 0..<width {
        line[column] = column < width / 2 ? luma(index) : UInt8(16 + (column * 200) / width)
      }
    }
    image.fill(plane: 1, with: cb(index))
    image.fill(plane: 2, with: cr(index))
  }

  /// The frame index whose pattern `image` is closest to (by the left half's mean luma), and
  /// the largest difference from that frame's exact pattern in the flat areas.
  static func identify(_ image: ImageView) -> (index: Int, error: Int) {
    let mean = meanLuma(image, columns: 4..<(image.size.width / 2 - 4))
    let index = max(0, min(59, Int(((mean - 40) / 3).rounded())))
    var error = 0
    for row in 4..<(image.size.height - 4) {
      for column in 4..<(image.size.width / 2 - 4) {
        error = max(error, abs(Int(image.plane0.row(row)[column]) - Int(luma(index))))
      }
    }
    let chromaRow = image.planeHeight(1) / 2
    let chromaColumn = image.planeWidth(1) / 4
    error = max(error, abs(Int(image.plane1.row(chromaRow)[chromaColumn]) - Int(cb(index))))
    error = max(error, abs(Int(image.plane2.row(chromaRow)[chromaColumn]) - Int(cr(index))))
    return (index, error)
  }

  static func meanLuma(_ image: ImageView, columns: Range<Int>) -> Double {
    var total = 0
    for row in 4..<(image.size.height - 4) {
      for column in columns { total += Int(image.plane0.row(row)[column]) }
    }
    return Double(total) / Double((image.size.height - 8) * columns.count)
  }

  /// True when every visible sample of `image` equals frame `index`'s pattern.
  static func matchesExactly(_ image: ImageView, index: Int) -> Bool {
    let expected = TestImage(size: image.size)
    defer { withExtendedLifetime(expected) {} }
    draw(index, into: expected.image)
    for plane in 0..<3 {
      for row in 0..<image.planeHeight(plane) {
        let have = image.plane(plane).row(row)
        let want = expected.image.plane(plane).row(row)
        for column in 0..<image.planeWidth(plane) where have[column] != want[column] {
          return false
        }
      }
    }
    return true
  }
}

/// An I420 image with its own memory (from a one-buffer pool).
final class TestImage {
  let pool: FramePool
  let buffer: FrameBuffer
  var image: ImageView { buffer.image }

  init(size: ImageSize, format: PixelFormat = .i420) {
    pool = FramePool(format: format, size: size, capacity: 1)
    buffer = pool.lease()!
  }
}

/// A fresh folder under the system's temporary directory, removed on deinit.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-encoding-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  deinit { try? FileManager.default.removeItem(at: url) }
}
