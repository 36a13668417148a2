import Compositor
import DualCamCore
import Testing

/// Conversion to I420 and fills, on known values and against the scalar reference.
@Suite struct PixelConversionTests {
  @Test func yuyvBecomesI420WithChromaRowsAveragedRoundingUp() {
    let size = ImageSize(width: 4, height: 2)
    let source = TestImage(format: .yuyv, size: size)
    let rows: [[UInt8]] = [
      [10, 100, 20, 200, 30, 50, 40, 60],
      [11, 101, 21, 202, 31, 52, 41, 61],
    ]
    for (y, bytes) in rows.enumerated() {
      for (x, byte) in bytes.enumerated() { source.view.plane0.row(y)[x] = byte }
    }
    let target = TestImage(format: .i420, size: size)
    PixelConversion.convertToI420(source.view, into: target.view)
    #expect(target.samples(plane: 0) == [10, 20, 30, 40, 11, 21, 31, 41])
    // (100 + 101 + 1) / 2 = 101, (50 + 52 + 1) / 2 = 51; V: 201 (rounded up), 61.
    #expect(target.samples(plane: 1) == [101, 51])
    #expect(target.samples(plane: 2) == [201, 61])
  }

  @Test func nv12ChromaIsDeinterleaved() {
    let size = ImageSize(width: 4, height: 2)
    let source = TestImage(format: .nv12, size: size)
    for x in 0..<4 {
      source.view.plane0.row(0)[x] = UInt8(x)
      source.view.plane0.row(1)[x] = UInt8(10 + x)
    }
    for (x, byte) in [UInt8]([1, 2, 3, 4]).enumerated() { source.view.plane1.row(0)[x] = byte }
    let target = TestImage(format: .i420, size: size)
    PixelConversion.convertToI420(source.view, into: target.view)
    #expect(target.samples(plane: 0) == [0, 1, 2, 3, 10, 11, 12, 13])
    #expect(target.samples(plane: 1) == [1, 3])
    #expect(target.samples(plane: 2) == [2, 4])
  }

  /// Widths around the 16- and 32-lane vector sizes exercise the scalar and overlapping tails.
  @Test(arguments: PixelFormat.allCases)
  func conversionMatchesTheReference(format: PixelFormat) {
    for (index, width) in [2, 6, 14, 16, 30, 32, 34, 62, 66, 98].enumerated() {
      let size = ImageSize(width: width, height: 6)
      let source = TestImage.random(format, size, seed: UInt64(index), padding: index % 3)
      let fast = TestImage(format: .i420, size: size, padding: 1)
      let slow = TestImage(format: .i420, size: size)
      PixelConversion.convertToI420(source.view, into: fast.view)
      ReferenceCompositor.convertToI420(source.view, into: slow.view)
      #expect(firstDifference(fast.allSamples, slow.allSamples) == nil, "\(format) width \(width)")
    }
  }

  /// Streaming stores go around the cache only where a destination row is 16-byte aligned and
  /// fall back to ordinary stores elsewhere; the picture must be the same either way.
  @Test(arguments: [0, 1, 16])
  func streamingStoresWriteWhatCachedStoresWrite(padding: Int) {
    for (index, width) in [2, 30, 32, 34, 64, 66, 96, 130].enumerated() {
      let size = ImageSize(width: width, height: 8)
      let source = TestImage.random(.yuyv, size, seed: UInt64(40 + index), padding: index % 2)
      let streamed = TestImage.random(.i420, size, seed: 1, padding: padding)
      let reference = TestImage(format: .i420, size: size)
      if padding == 0 && width % 32 == 0 {
        // The aligned case, where the streaming path is taken (malloc aligns to 16).
        #expect(UInt(bitPattern: streamed.view.plane2.row(1)) % 16 == 0)
      }
      PixelConversion.convertToI420(source.view, into: streamed.view, stores: .streaming)
      ReferenceCompositor.convertToI420(source.view, into: reference.view)
      #expect(
        firstDifference(streamed.allSamples, reference.allSamples) == nil,
        "width \(width) padding \(padding)")
    }
  }

  @Test(arguments: PixelFormat.allCases)
  func fillPaintsOnlyTheRectangle(format: PixelFormat) {
    let size = ImageSize(width: 8, height: 4)
    let image = TestImage(format: format, size: size)
    PixelConversion.fill(image.view, color: .black)
    let red = YUVColor(red: 255, green: 0, blue: 0)
    PixelConversion.fill(image.view, rect: PixelRect(x: 2, y: 2, width: 4, height: 2), color: red)
    let converted = TestImage(format: .i420, size: size)
    PixelConversion.convertToI420(image.view, into: converted.view)
    let luma = converted.samples(plane: 0)
    let u = converted.samples(plane: 1)
    let v = converted.samples(plane: 2)
    for y in 0..<4 {
      for x in 0..<8 {
        let inside = x >= 2 && x < 6 && y >= 2
        #expect(luma[y * 8 + x] == (inside ? red.y : 16))
        if x % 2 == 0 && y % 2 == 0 {
          #expect(u[y / 2 * 4 + x / 2] == (inside ? red.u : 128))
          #expect(v[y / 2 * 4 + x / 2] == (inside ? red.v : 128))
        }
      }
    }
  }
}
