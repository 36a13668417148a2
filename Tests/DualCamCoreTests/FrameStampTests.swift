import DualCamCore
import Testing

@Suite("FrameStamp: frame identity burnt into pixels")
struct FrameStampTests {
  func blankFrame(_ size: ImageSize, luma: UInt8 = 90) -> (FramePool, FrameBuffer) {
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    frame.image.fill(plane: 0, with: luma)
    return (pool, frame)
  }

  @Test(
    "a drawn stamp reads back exactly",
    arguments: [
      ImageSize(width: 64, height: 48), ImageSize(width: 160, height: 120),
      ImageSize(width: 1280, height: 720), ImageSize(width: 1920, height: 1080),
    ])
  func roundTrip(size: ImageSize) {
    let (_, frame) = blankFrame(size)
    defer { frame.release() }
    let stamp = FrameStamp(sourceID: 1, frameNumber: 123_456, captureMicroseconds: 98_765_432_101)
    stamp.draw(into: frame.image)
    #expect(FrameStamp.read(from: frame.image) == stamp)
  }

  @Test("the code stays inside the picture and on even coordinates")
  func geometry() {
    for size in [ImageSize(width: 32, height: 32), ImageSize(width: 640, height: 480)] {
      let rect = FrameStamp.codeRect(in: size)
      #expect(rect.x >= 0 && rect.y >= 0)
      #expect(rect.x + rect.width <= size.width && rect.y + rect.height <= size.height)
      #expect(rect.x % 2 == 0 && rect.y % 2 == 0)
    }
  }

  @Test("a damaged or absent code is rejected, never misread")
  func rejectsDamage() {
    let size = ImageSize(width: 320, height: 240)
    let (_, frame) = blankFrame(size)
    defer { frame.release() }
    #expect(FrameStamp.read(from: frame.image) == nil)

    FrameStamp(sourceID: 0, frameNumber: 7, captureMicroseconds: 1).draw(into: frame.image)
    let rect = FrameStamp.codeRect(in: size)
    let cell = FrameStamp.cellSize(for: size)
    // Invert one data cell in the middle of the grid.
    let x = rect.x + 8 * cell
    let y = rect.y + 3 * cell
    let current = frame.image.plane0.row(y + cell / 2)[x + cell / 2]
    for row in y..<(y + cell) {
      frame.image.plane0.row(row).advanced(by: x).update(
        repeating: current > 128 ? 16 : 235, count: cell)
    }
    #expect(FrameStamp.read(from: frame.image) == nil)
  }

  @Test("noise on every pixel does not change what is read")
  func toleratesNoise() {
    let size = ImageSize(width: 320, height: 240)
    let (_, frame) = blankFrame(size)
    defer { frame.release() }
    let stamp = FrameStamp(sourceID: 2, frameNumber: 42, captureMicroseconds: 5_000_000)
    stamp.draw(into: frame.image)
    var state: UInt32 = 12345
    for row in 0..<size.height {
      let line = frame.image.plane0.row(row)
      for column in 0..<size.width {
        state = state &* 1_664_525 &+ 1_013_904_223
        let noise = Int(state >> 27) - 16  // ±16
        line[column] = UInt8(clamping: Int(line[column]) + noise * 3)
      }
    }
    #expect(FrameStamp.read(from: frame.image) == stamp)
  }
}
