/// The user's choice of picture renderer (`[interface] pictures`). The live preview and the
/// thumbnails always use the half blocks (see PERFORMANCE.md, "Terminal pictures"); the choice
/// applies to the player.
public enum PictureChoice: String, Sendable, Equatable, CaseIterable {
  /// The measured default: half blocks, until chafa draws off the interface's loop.
  case auto
  /// libchafa's symbols in the player (`ChafaCellRenderer`).
  case chafa
  /// Our half blocks (`PreviewRenderer`) everywhere.
  case blocks

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
