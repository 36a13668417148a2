import DualCamCore

/// The picture recorded in place of a camera that has no signal: dark grey with "NO SIGNAL"
/// and the camera's name, so a gap is obvious to anyone watching the take.
enum PlaceholderFrame {
  /// Leases a buffer from a one-frame pool and paints the placeholder for `position`; the
  /// caller holds its one reference.
  static func make(size: ImageSize, position: CameraPosition) -> FrameBuffer {
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    frame.isPlaceholder = true
    let image = frame.image
    image.fill(plane: 0, with: 40)
    image.fill(plane: 1, with: 128)
    image.fill(plane: 2, with: 128)
    let scale = max(1, min(size.width, size.height) / 60)
    let lines = [BitmapFont.glyphs(of: "NO SIGNAL"), BitmapFont.glyphs(of: "\(position) CAMERA")]
    let lineHeight = (BitmapFont.glyphHeight + 3) * scale
    var y = (size.height - lines.count * lineHeight) / 2
    for glyphs in lines {
      let width = glyphs.count * (BitmapFont.glyphWidth + 1) * scale
      BitmapFont.draw(
        glyphs: glyphs, x: (size.width - width) / 2, y: y, scale: scale, luma: 200, into: image)
      y += lineHeight
    }
    return frame
  }
}
