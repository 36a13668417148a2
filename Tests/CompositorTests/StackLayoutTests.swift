import Compositor
import DualCamCore
import Testing

/// The geometry: canvas presets, order, fill/fit, border, zoom, point mapping and validation.
@Suite struct StackLayoutTests {
  let hd = ImageSize(width: 1280, height: 720)
  let fullHD = ImageSize(width: 1920, height: 1080)

  func layout(
    _ configure: (inout LayoutSettings) -> Void = { _ in }, front: ImageSize? = nil,
    back: ImageSize? = nil
  ) throws -> StackLayout {
    var settings = LayoutSettings()
    configure(&settings)
    return try StackLayout(settings: settings, frontSize: front ?? hd, backSize: back ?? hd)
  }

  // MARK: - Full stack

  @Test func fullStackOfTwoHDPicturesStacksThemUnscaled() throws {
    let stack = try layout()
    #expect(stack.canvasSize == ImageSize(width: 1280, height: 1440))
    #expect(stack.topCamera == .front)
    #expect(stack.regionRect(of: .front) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    #expect(stack.contentRect(of: .front) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    #expect(stack.cropRect(of: .front) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    #expect(stack.regionRect(of: .back) == PixelRect(x: 0, y: 720, width: 1280, height: 720))
    #expect(stack.contentRect(of: .back) == PixelRect(x: 0, y: 720, width: 1280, height: 720))
    #expect(stack.placement(of: .back).isUnscaled)
    #expect(stack.borderRect == nil)
  }

  @Test func backOnTopSwapsTheBands() throws {
    let stack = try layout({ $0.order = .backOnTop }, front: fullHD, back: hd)
    #expect(stack.canvasSize == ImageSize(width: 1920, height: 1800))
    #expect(stack.topCamera == .back)
    #expect(stack.regionRect(of: .back) == PixelRect(x: 0, y: 0, width: 1920, height: 720))
    #expect(stack.regionRect(of: .front) == PixelRect(x: 0, y: 720, width: 1920, height: 1080))
  }

  @Test func fullStackCentresANarrowerSourceAtItsOwnSize() throws {
    let stack = try layout(front: fullHD, back: hd)
    #expect(stack.contentRect(of: .back) == PixelRect(x: 320, y: 1080, width: 1280, height: 720))
    #expect(stack.cropRect(of: .back) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    #expect(stack.placement(of: .back).isUnscaled)
  }

  // MARK: - Fill and fit

  @Test func portraitFillCropsTheMiddleOfWideSources() throws {
    let stack = try layout({ $0.canvas = .portrait }, front: fullHD, back: fullHD)
    #expect(stack.canvasSize == ImageSize(width: 1080, height: 1920))
    #expect(stack.regionRect(of: .front) == PixelRect(x: 0, y: 0, width: 1080, height: 960))
    #expect(stack.contentRect(of: .front) == stack.regionRect(of: .front))
    // 1080 × 960 has the aspect of 1215 × 1080; rounded to even and centred in 1920.
    #expect(stack.cropRect(of: .front) == PixelRect(x: 352, y: 0, width: 1216, height: 1080))
    #expect(stack.regionRect(of: .back) == PixelRect(x: 0, y: 960, width: 1080, height: 960))
  }

  @Test func splitGivesTheTopBandItsShare() throws {
    let stack = try layout({
      $0.canvas = .custom(ImageSize(width: 640, height: 1000))
      $0.split = .seventyThirty
    })
    #expect(stack.regionRect(of: .front) == PixelRect(x: 0, y: 0, width: 640, height: 700))
    #expect(stack.regionRect(of: .back) == PixelRect(x: 0, y: 700, width: 640, height: 300))
  }

  @Test func fitLetterboxesInsideTheRegion() throws {
    let stack = try layout(
      {
        $0.canvas = .landscape
        $0.frontScaling = .fit
        $0.backScaling = .fit
      }, front: fullHD, back: fullHD)
    // Each band is 1920 × 540; a 16:9 picture fits at 960 × 540, centred.
    #expect(stack.contentRect(of: .front) == PixelRect(x: 480, y: 0, width: 960, height: 540))
    #expect(stack.contentRect(of: .back) == PixelRect(x: 480, y: 540, width: 960, height: 540))
    #expect(stack.cropRect(of: .front) == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
  }

  @Test func fitIntoATallRegionAddsBarsAboveAndBelow() throws {
    let stack = try layout(
      {
        $0.canvas = .portrait
        $0.frontScaling = .fit
      }, front: fullHD, back: fullHD)
    #expect(stack.contentRect(of: .front) == PixelRect(x: 0, y: 176, width: 1080, height: 608))
  }

  // MARK: - Border and zoom

  @Test func borderIsEvenAndCentredOnTheSeam() throws {
    let stack = try layout({
      $0.border = LayoutSettings.Border(thickness: 5, color: .white)
    })
    #expect(stack.borderRect == PixelRect(x: 0, y: 716, width: 1280, height: 6))
    #expect(stack.borderColor == .white)
    #expect(stack.placement(of: .front).visibleRows == 0..<716)
    #expect(stack.placement(of: .back).visibleRows == 722..<1440)
  }

  @Test func zeroThicknessBorderIsNoBorder() throws {
    let stack = try layout({ $0.border = LayoutSettings.Border(thickness: 0, color: .white) })
    #expect(stack.borderRect == nil)
    #expect(stack.borderColor == nil)
  }

  @Test func zoomTwiceAroundTheCentreHalvesTheCrop() throws {
    let stack = try layout({ $0.frontZoom = LayoutSettings.Zoom(factor: 2) })
    #expect(stack.cropRect(of: .front) == PixelRect(x: 320, y: 180, width: 640, height: 360))
    #expect(stack.contentRect(of: .front) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    #expect(stack.cropRect(of: .back) == PixelRect(x: 0, y: 0, width: 1280, height: 720))
  }

  @Test func zoomWindowStaysInsideTheSource() throws {
    let corner = try layout({
      $0.frontZoom = LayoutSettings.Zoom(factor: 4, centerX: 0, centerY: 0)
      $0.backZoom = LayoutSettings.Zoom(factor: 4, centerX: 1, centerY: 0.9)
    })
    #expect(corner.cropRect(of: .front) == PixelRect(x: 0, y: 0, width: 320, height: 180))
    #expect(corner.cropRect(of: .back) == PixelRect(x: 960, y: 540, width: 320, height: 180))
  }

  @Test func zoomAppliesAfterTheFillCrop() throws {
    let stack = try layout(
      {
        $0.canvas = .portrait
        $0.frontZoom = LayoutSettings.Zoom(factor: 2)
      },
      front: fullHD, back: fullHD)
    #expect(stack.cropRect(of: .front) == PixelRect(x: 656, y: 270, width: 608, height: 540))
  }

  // MARK: - Point mapping

  @Test func canvasPointFollowsStackingAndZoom() throws {
    let stack = try layout({ $0.frontZoom = LayoutSettings.Zoom(factor: 2) })
    let back = try #require(stack.canvasPoint(forSourcePoint: (10.5, 20.5), of: .back))
    #expect(back.x == 10.5 && back.y == 740.5)
    let corner = try #require(stack.canvasPoint(forSourcePoint: (320, 180), of: .front))
    #expect(corner.x == 0 && corner.y == 0)
    let middle = try #require(stack.canvasPoint(forSourcePoint: (640, 360), of: .front))
    #expect(middle.x == 640 && middle.y == 360)
    #expect(stack.canvasPoint(forSourcePoint: (319.9, 200), of: .front) == nil)
    #expect(stack.canvasPoint(forSourcePoint: (960, 200), of: .front) == nil)
  }

  @Test func canvasPointMapsAPortraitFillCrop() throws {
    let stack = try layout({ $0.canvas = .portrait }, front: fullHD, back: fullHD)
    let centre = try #require(stack.canvasPoint(forSourcePoint: (960, 540), of: .back))
    #expect(abs(centre.x - 540) < 1e-9 && abs(centre.y - 1440) < 1e-9)
    #expect(stack.canvasPoint(forSourcePoint: (100, 540), of: .back) == nil)
  }

  // MARK: - Invalid settings

  @Test(arguments: [
    (ImageSize(width: 1081, height: 1920), "odd"),
    (ImageSize(width: 0, height: 1920), "empty"),
    (ImageSize(width: 100, height: 2), "band"),
  ])
  func invalidCustomCanvasThrows(size: ImageSize, word: String) {
    expectInvalid(containing: word) { try layout({ $0.canvas = .custom(size) }) }
  }

  @Test func invalidSourceSizesNameTheCamera() {
    expectInvalid(containing: "back camera") {
      try layout(back: ImageSize(width: 0, height: 720))
    }
    expectInvalid(containing: "front camera") {
      try layout(front: ImageSize(width: 641, height: 480))
    }
  }

  @Test func borderThickerThanTheCanvasThrows() {
    expectInvalid(containing: "border") {
      try layout({ $0.border = LayoutSettings.Border(thickness: 1440, color: .white) })
    }
    expectInvalid(containing: "negative") {
      try layout({ $0.border = LayoutSettings.Border(thickness: -2, color: .white) })
    }
  }

  @Test func fullStackTooTallThrows() {
    let tall = ImageSize(width: 640, height: 6000)
    expectInvalid(containing: "full stack") { try layout(front: tall, back: tall) }
  }

  func expectInvalid(
    containing word: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> StackLayout
  ) {
    do {
      _ = try body()
      Issue.record("expected an invalid-argument error", sourceLocation: sourceLocation)
    } catch let error as DualCamError {
      guard case .invalidArgument(let problem, let fix) = error else {
        Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(problem.contains(word), "\(problem)", sourceLocation: sourceLocation)
      #expect(!fix.isEmpty, sourceLocation: sourceLocation)
    } catch {
      Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
  }
}
