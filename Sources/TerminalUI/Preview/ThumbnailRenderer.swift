public import DualCamCore
public import Library

/// Draws a take's thumbnail (a small RGB picture from the library's cache) into cells, with the
/// live preview's cell renderer, so a card looks like the preview it was recorded from.
public enum ThumbnailRenderer {
  /// The cells a picture of `size` takes when fitted into `columns` × `rows` cells, keeping its
  /// proportions (a cell is two pixels tall).
  public static func fittedCells(of size: ImageSize, columns: Int, rows: Int) -> (
    columns: Int, rows: Int
  ) {
    guard size.width > 0, size.height > 0, columns > 0, rows > 0 else { return (0, 0) }
    let scale = min(Double(columns) / Double(size.width), Double(rows * 2) / Double(size.height))
    return (
      max(min(Int((Double(size.width) * scale).rounded()), columns), 1),
      max(min(Int((Double(size.height) * scale / 2).rounded()), rows), 1)
    )
  }

  /// Draws `thumbnail` centred in `rect` (nearest-pixel sampling) with `method`; with a
  /// `pixelKey` (the take's id), also marks it for a terminal that shows real pixels, as the
  /// same drawing every time it is drawn from the same take and bytes.
  public static func draw(
    _ thumbnail: Thumbnail, in rect: ScreenRect, into buffer: inout CellBuffer,
    method: PreviewRenderer.Method, glyphs: Glyphs, pixelKey: String? = nil
  ) {
    let fitted = fittedCells(of: thumbnail.size, columns: rect.width, rows: rect.height)
    guard fitted.columns > 0 else { return }
    let left = rect.x + (rect.width - fitted.columns) / 2
    let top = rect.y + (rect.height - fitted.rows) / 2
    let width = thumbnail.size.width
    let height = thumbnail.size.height
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
      let offset = (y * width + x) * 3
      return (thumbnail.rgb[offset], thumbnail.rgb[offset + 1], thumbnail.rgb[offset + 2])
    }
    for row in 0..<fitted.rows {
      let upperRow = min(row * 2 * height / (fitted.rows * 2), height - 1)
      let lowerRow = min((row * 2 + 1) * height / (fitted.rows * 2), height - 1)
      for column in 0..<fitted.columns {
        let x = min(column * width / fitted.columns, width - 1)
        buffer[left + column, top + row] = PreviewRenderer.cell(
          upper: pixel(x, upperRow), lower: pixel(x, lowerRow), method: method, glyphs: glyphs)
      }
    }
    guard let pixelKey else { return }
    var hasher = Hasher()
    hasher.combine(pixelKey)
    hasher.combine(width)
    hasher.combine(height)
    // A few bytes stand for the rest: a remade thumbnail of the same take differs in them.
    for index in stride(from: 0, to: thumbnail.rgb.count, by: max(thumbnail.rgb.count / 64, 1)) {
      hasher.combine(thumbnail.rgb[index])
    }
    let identity = UInt64(bitPattern: Int64(hasher.finalize()))
    if let image = PixelImage(size: thumbnail.size, rgb: thumbnail.rgb, identity: identity) {
      buffer.markPicture(
        image, in: ScreenRect(x: left, y: top, width: fitted.columns, height: fitted.rows))
    }
  }
}
