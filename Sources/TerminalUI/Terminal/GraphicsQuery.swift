import Foundation

/// The pixel protocols a terminal speaks besides text.
public struct PixelProtocols: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  public static let kitty = PixelProtocols(rawValue: 1)
  /// DEC sixel graphics (foot, WezTerm, xterm -ti vt340, mlterm, Windows Terminal).
  public static let sixel = PixelProtocols(rawValue: 2)
}

/// Asks the terminal which pixel protocols it speaks, and whether it draws a frame at once
/// (synchronized output), instead of guessing from `$TERM` (which a terminal multiplexer, an
/// SSH hop or a user's shell profile changes at will).
///
/// Three questions go out together: a kitty graphics query (a one-pixel image with `a=q`,
/// which a kitty-capable terminal answers with `OK` and stores nothing), DECRQM for private
/// mode 2026 (synchronized output: `ESC [ ? 2026 ; Ps $ y`, Ps 1 or 2 when the terminal knows
/// the mode) and Primary Device Attributes (DA1, `ESC [ c`), whose reply lists attribute 4
/// when the terminal has sixel. Every terminal answers DA1, and terminals answer in order, so
/// the DA1 reply marks the end: no waiting for a timeout except with a terminal that answers
/// nothing at all.
public enum GraphicsQuery {
  /// The id the kitty query uses, so its answer can be told from any other.
  static let kittyImageID = "31"

  /// The bytes to write to the terminal.
  public static let request: [UInt8] = Array(
    ("\u{1B}_Gi=\(kittyImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[?2026$p"
      + "\u{1B}[c").utf8)

  /// What the replies read so far say.
  public struct Reply: Sendable, Equatable {
    /// The protocols the terminal said it speaks.
    public var protocols: PixelProtocols
    /// The terminal knows synchronized output (mode 2026): a frame written between its begin
    /// and end is shown whole, never half drawn.
    public var synchronizedOutput = false
    /// True once the DA1 reply has arrived: nothing more is coming.
    public var complete: Bool
  }

  /// Reads the terminal's replies in `bytes` (everything received so far, possibly cut in the
  /// middle of a reply); anything else in them (keys typed meanwhile) is skipped.
  public static func parse(_ bytes: [UInt8]) -> Reply {
    var reply = Reply(protocols: [], complete: false)
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == 0x1B else {
        index += 1
        continue
      }
      switch bytes[index + 1] {
      case UInt8(ascii: "_"):
        // APC … ST: kitty's answer is `ESC _ G i=31;OK ESC \`.
        guard let end = terminator(in: bytes, from: index + 2) else { return reply }
        let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        if body.hasPrefix("G"), kittyAnswerIsOK(String(body.dropFirst())) {
          reply.protocols.insert(.kitty)
        }
        index = end + 2
      case UInt8(ascii: "["):
        // CSI ? Ps ; … c is the DA1 reply; other CSI sequences are skipped whole.
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return reply }
        let parameters = bytes[(index + 2)..<end]
        if bytes[end] == UInt8(ascii: "y"), parameters.first == UInt8(ascii: "?") {
          // DECRPM: `? 2026 ; Ps $`; Ps 1 (set) or 2 (reset) means the mode is known.
          let fields = String(decoding: parameters.dropFirst(), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "$")).split(separator: ";")
          if fields.count == 2, fields[0] == "2026", fields[1] == "1" || fields[1] == "2" {
            reply.synchronizedOutput = true
          }
        }
        if bytes[end] == UInt8(ascii: "c"), parameters.first == UInt8(ascii: "?") {
          let attributes = String(decoding: parameters.dropFirst(), as: UTF8.self)
            .split(separator: ";")
          // The first parameter is the terminal class (62, 63, …); attributes follow.
          if attributes.dropFirst().contains("4") { reply.protocols.insert(.sixel) }
          reply.complete = true
        }
        index = end + 1
      default:
        index += 1
      }
    }
    return reply
  }

  /// kitty's reply body after `G`: keys, `;`, then `OK` or an error message.
  private static func kittyAnswerIsOK(_ body: String) -> Bool {
    let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    let keys = parts[0].split(separator: ",")
    return keys.contains("i=\(kittyImageID)") && parts[1] == "OK"
  }

  /// The index of the `ESC \` (string terminator) at or after `start`.
  private static func terminator(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") { return index }
      index += 1
    }
    return nil
  }
}
