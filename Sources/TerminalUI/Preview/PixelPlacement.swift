/// Where pixel bytes go on the screen: the cursor saved, moved to the picture's top-left cell,
/// the picture written, the cursor restored, so ncurses' idea of the cursor stays true. For
/// kitty, the previous frame's images are deleted first (they would otherwise pile up; a sixel
/// simply paints over the last one).
public enum PixelPlacement {
  /// The bytes that draw `encoded` (from `ChafaPixelEncoder`) with its top-left corner in
  /// cell (`x`, `y`), zero-based.
  public static func bytes(_ encoded: [UInt8], x: Int, y: Int, pixelProtocol: PixelProtocols)
    -> [UInt8]
  {
    let deleteImages = pixelProtocol == .kitty ? "\u{1B}_Ga=d,d=A,q=2\u{1B}\\" : ""
    let prefix = "\u{1B}7" + deleteImages + "\u{1B}[\(y + 1);\(x + 1)H"
    return Array(prefix.utf8) + encoded + Array("\u{1B}8".utf8)
  }

  /// The bytes that remove every kitty image (leaving the player); sixels go when ncurses
  /// repaints the cells under them.
  public static let clearKittyImages: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
}
