/// Reads an escape sequence whole, after the Esc that starts it, so that a key terminfo does
/// not describe (Home as `ESC [ 1 ~` where the entry says `ESC O H`, a key with a modifier, a
/// mouse report) never arrives as Esc followed by letters that close a screen or run commands.
///
/// Control sequences (`ESC [` parameters, intermediates, a final byte) and SS3 sequences
/// (`ESC O` and one byte) follow ECMA-48. The keys a terminal sends this way are recognised
/// with their modifiers ignored; anything else is read to its end and ignored. Esc followed
/// by any other character (Alt with a key, Esc and a key typed at once, a quick double Esc)
/// is Esc, and the character is read again as the next key.
struct EscapeSequenceDecoder {
  /// What the decoder needs next.
  enum Step: Equatable {
    /// Another character of the sequence.
    case more
    /// The sequence is complete: the key it stands for, or nil to ignore it.
    case finished(Key?)
    /// The sequence ended before this character, which starts the next key: read it again.
    case finishedBefore(Key?)
  }

  /// The longest sequence read; a longer one is no key and is dropped.
  static let maximumLength = 32

  private enum Stage {
    case introducer
    case control
    case singleShift
  }

  private var stage = Stage.introducer
  private var parameters: [UInt32] = []
  private var length = 0

  /// Feeds the character read after the Esc (or after the sequence's earlier characters).
  mutating func feed(_ scalar: UInt32) -> Step {
    length += 1
    guard length <= Self.maximumLength else { return .finished(nil) }
    switch stage {
    case .introducer:
      switch scalar {
      case 0x5B:  // [
        stage = .control
        return .more
      case 0x4F:  // O
        stage = .singleShift
        return .more
      default:
        return .finishedBefore(.escape)
      }
    case .singleShift:
      return .finished(Self.singleShiftKey(scalar))
    case .control:
      switch scalar {
      case 0x20...0x3F:  // parameters and intermediates
        parameters.append(scalar)
        return .more
      case 0x40...0x7E:
        return .finished(Self.controlKey(final: scalar, parameters: parameters))
      default:  // a control character inside a sequence: it was no sequence
        return .finished(nil)
      }
    }
  }

  /// The key of a sequence cut short (no more characters came): Esc alone when nothing
  /// followed it, else nothing.
  var keyWhenCutShort: Key? { length == 0 ? .escape : nil }

  private static func singleShiftKey(_ scalar: UInt32) -> Key? {
    switch scalar {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x48: .home
    case 0x46: .end
    case 0x4D: .enter
    case 0x50...0x53: .function(Int(scalar - 0x50) + 1)  // P Q R S: F1–F4
    default: nil
    }
  }

  private static func controlKey(final: UInt32, parameters: [UInt32]) -> Key? {
    // Private sequences (`<`, `=`, `>`, `?` first: mouse reports, replies) are no keys.
    if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
    let text = String(String.UnicodeScalarView(parameters.compactMap(Unicode.Scalar.init)))
    let number = Int(text.split(separator: ";").first ?? "") ?? 0
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x5A: return .backTab
    case 0x7E:  // ~
      switch number {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      case 11...15: return .function(number - 10)
      case 17...21: return .function(number - 11)
      case 23, 24: return .function(number - 12)
      default: return nil
      }
    default:
      return nil
    }
  }
}
