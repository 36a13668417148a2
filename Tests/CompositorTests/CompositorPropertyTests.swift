import Compositor
import DualCamCore
import PropertyBased
import Testing

/// Random layouts, sizes, formats and pixels: the SIMD compositor must equal the scalar
/// reference bit for bit, and every layout must keep its geometric promises.
@Suite struct CompositorPropertyTests {
  // MARK: - Generators

  /// Even lengths 2...2·limit; small, so that the scalar reference stays fast in debug builds,
  /// but spread over widths that are not multiples of the 16- and 32-lane vectors.
  static func evenLength(upTo limit: Int) -> Generator<Int, some Sequence<Int> & SendableMetatype> {
    Gen.int(in: 1...limit).map { $0 * 2 }
  }

  static func size(width: Int, height: Int) -> Generator<
    ImageSize, some Sequence<(Int, Int)> & SendableMetatype
  > {
    zip(evenLength(upTo: width), evenLength(upTo: height)).map {
      ImageSize(width: $0, height: $1)
    }
  }

  static let zoom = zip(
    Gen.int(in: 0...2), Gen.int(in: 100...1000), Gen.int(in: 0...100), Gen.int(in: 0...100)
  )
  .map { kind, factor, x, y in
    kind == 0
      ? LayoutSettings.Zoom.none
      : LayoutSettings.Zoom(
        factor: Double(factor) / 100, centerX: Double(x) / 100, centerY: Double(y) / 100)
  }

  static let border = zip(
    Gen.int(in: 0...2), Gen.int(in: 0...9), Gen.uint8(), Gen.uint8(), Gen.uint8()
  )
  .map { kind, thickness, y, u, v in
    kind == 0
      ? nil : LayoutSettings.Border(thickness: thickness, color: YUVColor(y: y, u: u, v: v))
  }

  /// Mostly full stacks and small custom canvases; the two big presets have their own test.
  static let smallCanvas = zip(Gen.int(in: 0...9), evenLength(upTo: 40), evenLength(upTo: 40))
    .map { kind, width, height -> LayoutSettings.CanvasPreset in
      kind < 4 ? .fullStack : .custom(ImageSize(width: width, height: height))
    }

  static func settings<Canvas: Sequence & SendableMetatype>(
    canvas: Generator<LayoutSettings.CanvasPreset, Canvas>
  ) -> Generator<LayoutSettings, some Sequence & SendableMetatype> {
    zip(
      Gen<LayoutSettings.StackOrder>.case, Gen<LayoutSettings.SplitRatio>.case, canvas,
      Gen<LayoutSettings.ScaleMode>.case, Gen<LayoutSettings.ScaleMode>.case, border, zoom, zoom
    ).map { order, split, canvas, frontScaling, backScaling, border, frontZoom, backZoom in
      var settings = LayoutSettings()
      settings.order = order
      settings.split = split
      settings.canvas = canvas
      settings.frontScaling = frontScaling
      settings.backScaling = backScaling
      settings.border = border
      settings.frontZoom = frontZoom
      settings.backZoom = backZoom
      return settings
    }
  }

  // MARK: - Bit-exactness

  @Test func compositorMatchesReferenceOnSmallCanvases() async {
    await propertyCheck(
      count: 300, input: Self.settings(canvas: Self.smallCanvas), Self.size(width: 40, height: 24),
      Self.size(width: 40, height: 24), Gen<PixelFormat>.case, Gen<PixelFormat>.case, Gen.uint64(),
      Gen<StorePolicy>.case
    ) { settings, frontSize, backSize, frontFormat, backFormat, seed, stores in
      Self.expectSameAsReference(
        settings, front: (frontFormat, frontSize), back: (backFormat, backSize), seed: seed,
        stores: stores)
    }
  }

  @Test(arguments: [LayoutSettings.CanvasPreset.portrait, .landscape])
  func compositorMatchesReferenceOnPresetCanvases(canvas: LayoutSettings.CanvasPreset) async {
    await propertyCheck(
      count: 2, input: Self.settings(canvas: Gen.always(canvas)), Self.size(width: 60, height: 40),
      Self.size(width: 60, height: 40), Gen<PixelFormat>.case, Gen<PixelFormat>.case, Gen.uint64()
    ) { settings, frontSize, backSize, frontFormat, backFormat, seed in
      Self.expectSameAsReference(
        settings, front: (frontFormat, frontSize), back: (backFormat, backSize), seed: seed)
    }
  }

  static func expectSameAsReference(
    _ settings: LayoutSettings, front: (PixelFormat, ImageSize), back: (PixelFormat, ImageSize),
    seed: UInt64, stores: StorePolicy = .cached
  ) {
    let layout: StackLayout
    do {
      layout = try StackLayout(settings: settings, frontSize: front.1, backSize: back.1)
    } catch {
      // Tiny canvases with thick borders are rightly refused; that is tested elsewhere.
      return
    }
    let compositor = StackCompositor(layout: layout, stores: stores)
    let padding = Int(seed % 5)
    let frontImage = TestImage.random(front.0, front.1, seed: seed, padding: padding)
    let backImage = TestImage.random(back.0, back.1, seed: seed &+ 1, padding: 4 - padding)
    // Different garbage in the two canvases: every pixel must be written by both.
    let fast = TestImage.random(.i420, layout.canvasSize, seed: seed &+ 2, padding: padding)
    let slow = TestImage.random(.i420, layout.canvasSize, seed: seed &+ 3)
    compositor.compose(front: frontImage.view, back: backImage.view, into: fast.view)
    ReferenceCompositor.compose(
      layout: layout, front: frontImage.view, back: backImage.view, into: slow.view)
    let difference = firstDifference(fast.allSamples, slow.allSamples)
    #expect(
      difference == nil, "\(settings) front \(front) back \(back) seed \(seed) \(stores)")
  }

  // MARK: - Geometry invariants

  @Test func layoutsKeepTheirPromises() async {
    let canvas = zip(Gen.int(in: 0...3), Self.evenLength(upTo: 1000), Self.evenLength(upTo: 1000))
      .map { kind, width, height -> LayoutSettings.CanvasPreset in
        [.fullStack, .portrait, .landscape, .custom(ImageSize(width: width, height: height))][kind]
      }
    await propertyCheck(
      count: 500, input: Self.settings(canvas: canvas), Self.size(width: 2000, height: 1200),
      Self.size(width: 2000, height: 1200)
    ) { settings, frontSize, backSize in
      guard
        let layout = try? StackLayout(
          settings: settings, frontSize: frontSize, backSize: backSize)
      else { return }
      Self.expectConsistent(layout)
    }
  }

  static func expectConsistent(_ layout: StackLayout) {
    let canvas = PixelRect(size: layout.canvasSize)
    let top = layout.placement(of: layout.topCamera)
    let bottom = layout.placement(of: layout.topCamera == .front ? .back : .front)
    #expect(top.region.y == 0 && top.region.maxY == bottom.region.y)
    #expect(bottom.region.maxY == canvas.maxY)
    if let border = layout.borderRect {
      #expect(border.isEvenAligned && canvas.contains(border))
      #expect(border.y <= bottom.region.y && border.maxY >= bottom.region.y)
    }
    for camera in CameraPosition.allCases {
      let placed = layout.placement(of: camera)
      let rects = [placed.region, placed.content, placed.crop]
      #expect(rects.allSatisfy { $0.isEvenAligned && $0.width >= 2 && $0.height >= 2 }, "\(rects)")
      #expect(placed.region.contains(placed.content))
      #expect(PixelRect(size: placed.sourceSize).contains(placed.crop))
      #expect(placed.visibleRows.count % 2 == 0 && placed.visibleRows.lowerBound % 2 == 0)
      // Corners of the crop land on corners of the content.
      let crop = placed.crop
      let corner = layout.canvasPoint(
        forSourcePoint: (Double(crop.x), Double(crop.y)), of: camera)
      #expect(corner?.x == Double(placed.content.x) && corner?.y == Double(placed.content.y))
      #expect(
        layout.canvasPoint(forSourcePoint: (Double(crop.maxX), Double(crop.y)), of: camera) == nil)
    }
  }
}
