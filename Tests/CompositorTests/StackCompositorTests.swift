import Compositor
import DualCamCore
import Testing

/// Pixel-level checks of the compositor: exact copies, bars, border, conversion while stacking.
@Suite struct StackCompositorTests {
  func compose(
    _ settings: LayoutSettings, front: TestImage, back: TestImage
  ) throws -> (StackCompositor, TestImage) {
    let compositor = try StackCompositor(
      settings: settings, frontSize: front.view.size, backSize: back.view.size)
    let canvas = TestImage.random(.i420, compositor.canvasSize, seed: 99, padding: 3)
    compositor.compose(front: front.view, back: back.view, into: canvas.view)
    return (compositor, canvas)
  }

  @Test func fullStackCopiesBothPicturesByteForByte() throws {
    let size = ImageSize(width: 70, height: 18)
    let front = TestImage.random(.i420, size, seed: 1, padding: 5)
    let back = TestImage.random(.i420, size, seed: 2)
    let (_, canvas) = try compose(LayoutSettings(), front: front, back: back)
    #expect(canvas.view.size == ImageSize(width: 70, height: 36))
    let expected = (0..<3).map { front.samples(plane: $0) + back.samples(plane: $0) }
    #expect(firstDifference(canvas.allSamples, expected) == nil)
  }

  @Test func yuyvSourcesAreConvertedWhileStacking() throws {
    let size = ImageSize(width: 36, height: 10)
    let front = TestImage.random(.yuyv, size, seed: 3)
    let back = TestImage.random(.nv12, size, seed: 4)
    var settings = LayoutSettings()
    settings.order = .backOnTop
    let (_, canvas) = try compose(settings, front: front, back: back)
    let frontI420 = TestImage(format: .i420, size: size)
    let backI420 = TestImage(format: .i420, size: size)
    ReferenceCompositor.convertToI420(front.view, into: frontI420.view)
    ReferenceCompositor.convertToI420(back.view, into: backI420.view)
    let expected = (0..<3).map { backI420.samples(plane: $0) + frontI420.samples(plane: $0) }
    #expect(firstDifference(canvas.allSamples, expected) == nil)
  }

  @Test func letterboxBarsAreBlack() throws {
    var settings = LayoutSettings()
    settings.canvas = .custom(ImageSize(width: 64, height: 32))
    settings.frontScaling = .fit
    settings.backScaling = .fit
    let source = ImageSize(width: 32, height: 32)
    let front = TestImage.random(.i420, source, seed: 5)
    let back = TestImage.random(.yuyv, source, seed: 6)
    let (compositor, canvas) = try compose(settings, front: front, back: back)
    // Square pictures in 64 × 16 bands: 16 × 16 in the middle, 24 columns of bars each side.
    #expect(
      compositor.layout.contentRect(of: .front) == PixelRect(x: 24, y: 0, width: 16, height: 16))
    for y in 0..<32 {
      for x in 0..<64 where x < 24 || x >= 40 {
        #expect(canvas.sample(plane: 0, x: x, y: y) == 16)
        #expect(canvas.sample(plane: 1, x: x / 2, y: y / 2) == 128)
        #expect(canvas.sample(plane: 2, x: x / 2, y: y / 2) == 128)
      }
    }
  }

  @Test func borderIsDrawnInItsColourOverTheSeam() throws {
    var settings = LayoutSettings()
    let red = YUVColor(red: 255, green: 0, blue: 0)
    settings.border = LayoutSettings.Border(thickness: 4, color: red)
    let size = ImageSize(width: 20, height: 12)
    let (compositor, canvas) = try compose(
      settings, front: .random(.i420, size, seed: 7), back: .random(.i420, size, seed: 8))
    let border = try #require(compositor.layout.borderRect)
    #expect(border == PixelRect(x: 0, y: 10, width: 20, height: 4))
    for y in 10..<14 {
      for x in 0..<20 {
        #expect(canvas.sample(plane: 0, x: x, y: y) == red.y)
        #expect(canvas.sample(plane: 1, x: x / 2, y: y / 2) == red.u)
        #expect(canvas.sample(plane: 2, x: x / 2, y: y / 2) == red.v)
      }
    }
  }

  @Test func scaledPortraitMatchesTheReference() throws {
    var settings = LayoutSettings()
    settings.canvas = .custom(ImageSize(width: 54, height: 96))
    settings.backZoom = LayoutSettings.Zoom(factor: 1.5, centerX: 0.3, centerY: 0.7)
    let size = ImageSize(width: 96, height: 54)
    let front = TestImage.random(.i420, size, seed: 9)
    let back = TestImage.random(.yuyv, size, seed: 10)
    let (compositor, canvas) = try compose(settings, front: front, back: back)
    let expected = TestImage(format: .i420, size: compositor.canvasSize)
    ReferenceCompositor.compose(
      layout: compositor.layout, front: front.view, back: back.view, into: expected.view)
    #expect(firstDifference(canvas.allSamples, expected.allSamples) == nil)
  }

  /// Scale factors near 1 take the 20-byte window path of the horizontal resampler, others the
  /// gather path; rows wider than the property tests' make sure both run over many blocks.
  @Test(arguments: [
    (ImageSize(width: 192, height: 108), ImageSize(width: 108, height: 192)),  // 1.13: windows
    (ImageSize(width: 128, height: 72), ImageSize(width: 108, height: 192)),  // 0.76: gather
    (ImageSize(width: 160, height: 90), ImageSize(width: 150, height: 160)),  // 0.9: windows
    (ImageSize(width: 320, height: 180), ImageSize(width: 96, height: 96)),  // 3.3: gather
  ])
  func horizontalResamplingPathsMatchTheReference(source: ImageSize, canvas: ImageSize) throws {
    var settings = LayoutSettings()
    settings.canvas = .custom(canvas)
    let front = TestImage.random(.i420, source, seed: 21, padding: 3)
    let back = TestImage.random(.nv12, source, seed: 22)
    let (compositor, composed) = try compose(settings, front: front, back: back)
    let expected = TestImage(format: .i420, size: compositor.canvasSize)
    ReferenceCompositor.compose(
      layout: compositor.layout, front: front.view, back: back.view, into: expected.view)
    #expect(firstDifference(composed.allSamples, expected.allSamples) == nil)
  }
}
