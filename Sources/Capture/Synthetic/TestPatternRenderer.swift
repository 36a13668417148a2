public import DualCamCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paints the synthetic camera's moving test pattern into I420 frames.
///
/// The picture has real detail and motion so that an encoder works at it as at a camera:
/// a textured background (zone-plate rings, fine diagonal lines, colour ramps) scrolls
/// sideways, a bright box bounces across it, and the frame's stamp code, its number and capture
/// time, and a "SYNTHETIC" label are burnt in. The texture is computed once; a frame is a
/// shifted copy of it plus a few small fills, so rendering costs about one memcpy and
/// allocates nothing.
///
/// Not `Sendable`: it keeps scratch state, so each capture thread gets its own, handed over
/// when the thread starts.
public final class TestPatternRenderer {
  /// Size of the frames rendered.
  public let size: ImageSize
  /// Which source this is (drawn into the stamp).
  public let sourceID: UInt8
  private let texture: FramePool
  private let textureImage: FrameBuffer
  private let scrollPeriod: Int
  private let labelGlyphs: [Int]
  private let frameGlyphs = BitmapFont.glyphs(of: "F")
  private let timeGlyphs = BitmapFont.glyphs(of: "T")
  private let textScale: Int

  /// Prepares the texture for frames of `size`; `label` is burnt into every frame.
  public init(size: ImageSize, sourceID: UInt8, label: String) {
    self.size = size
    self.sourceID = sourceID
    // The texture repeats every `scrollPeriod` pixels, so it is that much wider than a frame.
    scrollPeriod = max(64, (size.width / 4) & ~1)
    texture = FramePool(
      format: .i420, size: ImageSize(width: size.width + scrollPeriod, height: size.height),
      capacity: 1)
    textureImage = texture.lease()!
    labelGlyphs = BitmapFont.glyphs(of: label)
    textScale = max(1, min(size.width, size.height) / 120)
    paintTexture(phaseOffset: Double(sourceID) * 1.7)
  }

  deinit { textureImage.release() }

  /// Renders frame `number` captured at `time` into `image` (I420 of `size`).
  public func render(
    frameNumber number: UInt64, captureTime time: MonotonicTime, into image: ImageView
  ) {
    precondition(image.format == .i420 && image.size == size, "render target of the wrong kind")
    let source = textureImage.image
    let shift = Int((number &* 6) % UInt64(scrollPeriod)) & ~1
    for plane in 0..<3 {
      let subsample = plane == 0 ? 1 : 2
      let width = image.planeWidth(plane)
      let from = source.plane(plane)
      let to = image.plane(plane)
      for row in 0..<image.planeHeight(plane) {
        to.row(row).update(from: from.row(row) + shift / subsample, count: width)
      }
    }
    drawBouncingBox(frameNumber: number, into: image)
    FrameStamp(
      sourceID: sourceID, frameNumber: UInt32(truncatingIfNeeded: number),
      captureMicroseconds: UInt64(max(0, time.nanoseconds / 1000))
    ).draw(into: image)
    drawText(frameNumber: number, time: time, into: image)
  }

  // MARK: - Pieces

  private func paintTexture(phaseOffset: Double) {
    let image = textureImage.image
    let width = image.size.width
    let height = image.size.height
    let centerX = Double(size.width) / 2
    let centerY = Double(height) / 2
    // Rings up to about a quarter of the Nyquist rate at the frame edge: real detail, like a
    // camera's, without the full-frame pixel-level texture no lens delivers.
    let ringScale = 6.0 / Double(max(width, height) * max(width, height))
    let finePatchTop = height * 3 / 4
    for y in 0..<height {
      let line = image.plane0.row(y)
      for x in 0..<width {
        let dx = Double(x) - centerX
        let dy = Double(y) - centerY
        let rings = (1 + cos((dx * dx + dy * dy) * ringScale * Double.pi + phaseOffset)) * 40
        let ramp = Double((x + y) % 512) * 0.15
        // One band of fine diagonal lines, the kind of edge detail that tests an encoder.
        let lines = y >= finePatchTop && ((x + 2 * y) / 3) % 6 < 2 ? 30.0 : 0.0
        line[x] = UInt8(max(16, min(235, 50 + rings + ramp + lines)))
      }
    }
    for y in 0..<image.planeHeight(1) {
      let u = image.plane1.row(y)
      let v = image.plane2.row(y)
      for x in 0..<image.planeWidth(1) {
        // Colour bands that change across the width, so chroma moves with the scroll too.
        let band = (x * 8 / max(1, scrollPeriod / 2)) % 8
        u[x] = UInt8(truncatingIfNeeded: 64 + band * 18 + (y * 64 / max(1, image.planeHeight(1))))
        v[x] = UInt8(truncatingIfNeeded: 192 - band * 14 + Int(sourceID) * 20)
      }
    }
  }

  private func drawBouncingBox(frameNumber number: UInt64, into image: ImageView) {
    let side = max(4, (min(size.width, size.height) / 8) & ~1)
    let rangeX = max(1, size.width - side)
    let rangeY = max(1, size.height - side)
    let stepX = Int(number &* 7 % UInt64(2 * rangeX))
    let stepY = Int(number &* 5 % UInt64(2 * rangeY))
    let x = (stepX < rangeX ? stepX : 2 * rangeX - stepX) & ~1
    let y = (stepY < rangeY ? stepY : 2 * rangeY - stepY) & ~1
    for row in y..<min(y + side, size.height) {
      image.plane0.row(row).advanced(by: x).update(repeating: 220, count: min(side, size.width - x))
    }
    for row in (y / 2)..<min((y + side) / 2, size.height / 2) {
      let count = min(side, size.width - x) / 2
      image.plane1.row(row).advanced(by: x / 2).update(repeating: 60, count: count)
      image.plane2.row(row).advanced(by: x / 2).update(repeating: 200, count: count)
    }
  }

  private func drawText(frameNumber number: UInt64, time: MonotonicTime, into image: ImageView) {
    let scale = textScale
    let lineHeight = (BitmapFont.glyphHeight + 2) * scale
    let margin = 2 * scale
    BitmapFont.draw(glyphs: labelGlyphs, x: margin, y: margin, scale: scale, luma: 235, into: image)
    let code = FrameStamp.codeRect(in: size)
    var y = code.y + code.height + scale * 2
    if y + 2 * lineHeight > size.height { y = max(0, size.height - 2 * lineHeight) }
    var x = BitmapFont.draw(
      glyphs: frameGlyphs, x: code.x, y: y, scale: scale, luma: 235, into: image)
    BitmapFont.draw(
      number: number, minimumDigits: 6, x: x + scale * 6, y: y, scale: scale, luma: 235, into: image
    )
    x = BitmapFont.draw(
      glyphs: timeGlyphs, x: code.x, y: y + lineHeight, scale: scale, luma: 235, into: image)
    let micros = UInt64(max(0, time.nanoseconds / 1000))
    BitmapFont.draw(
      number: micros, minimumDigits: 10, x: x + scale * 6, y: y + lineHeight, scale: scale,
      luma: 235, into: image)
  }
}
