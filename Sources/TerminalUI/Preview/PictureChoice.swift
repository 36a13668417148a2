/// The user's choice of picture renderer (`[interface] pictures`, also in the Advanced menu).
public enum PictureChoice: String, Sendable, Equatable, CaseIterable {
  /// Real pixels where the terminal answered the pixel-protocol query (kitty graphics or
  /// sixel) and the link carries them; half blocks otherwise.
  case auto
  /// Real pixels wherever the terminal speaks a pixel protocol, even over a link too slow for
  /// two pictures a second (they come seldom and small); half blocks where it speaks none.
  case pixels
  /// libchafa's symbols in the player (`ChafaCellRenderer`), half blocks elsewhere; no pixels.
  case chafa
  /// Our half blocks (`PreviewRenderer`) everywhere.
  case blocks

  /// Whether pictures are drawn in real pixels on a terminal with `capabilities` (whose pixel
  /// protocols come from its answer to `GraphicsQuery`, never from `$TERM`), when the measured
  /// link keeps up or not.
  public func drawsPixels(for capabilities: TerminalCapabilities, linkKeepsUp: Bool) -> Bool {
    guard !capabilities.pixelProtocols.isEmpty else { return false }
    switch self {
    case .auto: return linkKeepsUp
    case .pixels: return true
    case .chafa, .blocks: return false
    }
  }

  /// The protocol pictures are drawn with: kitty's when the terminal speaks both (new ids per
  /// frame, no blanking, images that can lie under text), else sixel; nil for none.
  public static func pixelProtocol(for capabilities: TerminalCapabilities) -> PixelProtocols? {
    if capabilities.pixelProtocols.contains(.kitty) { return .kitty }
    if capabilities.pixelProtocols.contains(.sixel) { return .sixel }
    return nil
  }

  /// Whether the player draws with chafa for `capabilities`: only when chosen, and never in
  /// 16 colours, where chafa's palette is not the one the backend assumes and its pictures
  /// measured worse than the half blocks.
  public func playerUsesChafa(for capabilities: TerminalCapabilities) -> Bool {
    self == .chafa && capabilities.colorDepth != .ansi16
  }

  /// Whether chafa may use sextants: the terminal answered a pixel-protocol query, and the
  /// terminals that do (kitty, WezTerm, foot, Ghostty) draw the Legacy Computing blocks
  /// themselves rather than relying on the font.
  public static func sextants(for capabilities: TerminalCapabilities) -> Bool {
    !capabilities.pixelProtocols.isEmpty
  }
}
