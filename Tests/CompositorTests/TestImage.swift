import Compositor
import DualCamCore

/// A small, seedable random number generator (SplitMix64), so pixel content is reproducible.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A picture that owns its memory, with optional padding at the end of every row so that
/// kernels are exercised with strides that differ from the width.
final class TestImage {
  let view: ImageView
  private let memory: UnsafeMutablePointer<UInt8>
  private let byteCount: Int

  init(format: PixelFormat, size: ImageSize, padding: Int = 0) {
    var strides: [Int] = []
    var offsets: [Int] = []
    var total = 0
    for plane in 0..<format.planeCount {
      let stride = format.minimumBytesPerRow(plane: plane, width: size.width) + padding
      strides.append(stride)
      offsets.append(total)
      total += stride * format.rows(plane: plane, height: size.height)
    }
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
    bytes.initialize(repeating: 0xA5, count: max(total, 1))
    func plane(_ index: Int) -> ImageView.Plane {
      let used = min(index, format.planeCount - 1)
      return ImageView.Plane(base: bytes + offsets[used], bytesPerRow: strides[used])
    }
    byteCount = max(total, 1)
    memory = bytes
    view = ImageView(
      format: format, size: size, plane0: plane(0), plane1: plane(1), plane2: plane(2))
  }

  deinit { memory.deallocate() }

  /// Fills every byte, padding included, with random values.
  func randomize(using rng: inout SplitMix64) {
    for index in 0..<byteCount { memory[index] = UInt8(truncatingIfNeeded: rng.next()) }
  }

  /// A random picture of `format` and `size`.
  static func random(
    _ format: PixelFormat, _ size: ImageSize, seed: UInt64, padding: Int = 0
  ) -> TestImage {
    let image = TestImage(format: format, size: size, padding: padding)
    var rng = SplitMix64(seed: seed)
    image.randomize(using: &rng)
    return image
  }

  /// The visible samples of plane `index`, row after row (padding left out).
  func samples(plane index: Int) -> [UInt8] {
    var result: [UInt8] = []
    let plane = view.plane(index)
    for row in 0..<view.planeHeight(index) {
      result.append(
        contentsOf: UnsafeBufferPointer(start: plane.row(row), count: view.planeWidth(index)))
    }
    return result
  }

  /// The visible samples of all planes.
  var allSamples: [[UInt8]] { (0..<view.format.planeCount).map { samples(plane: $0) } }

  /// Luma (or for YUYV the packed byte) at column `x`, row `y` of plane `plane`.
  func sample(plane: Int, x: Int, y: Int) -> UInt8 { view.plane(plane).row(y)[x] }
}

/// Where two sets of planes first differ, and how many samples differ, or nil when equal; keeps
/// failure messages short instead of printing whole pictures.
func firstDifference(_ actual: [[UInt8]], _ expected: [[UInt8]]) -> String? {
  guard actual.count == expected.count else {
    return "\(actual.count) planes, expected \(expected.count)"
  }
  for (plane, (got, want)) in zip(actual, expected).enumerated() where got != want {
    guard got.count == want.count else {
      return "plane \(plane) has \(got.count) samples, expected \(want.count)"
    }
    let differing = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }
    if let first = differing.first {
      return "plane \(plane): \(differing.count) samples differ, first at \(first.offset): "
        + "\(first.element.0) instead of \(first.element.1)"
    }
  }
  return nil
}
