extension String {
  /// The text with control characters written as escapes (`\n`, `\t`, `\u{1B}`), for one line
  /// of output.
  ///
  /// Paths and names come from users and file systems and may hold newlines or terminal escape
  /// sequences; printed as they are, they would split a message across lines or drive the
  /// terminal.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      guard Self.isControl(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result
  }

  /// C0 and C1 controls, DEL, and the marks that reorder text on screen (a right-to-left
  /// override makes `gnp.exe` read as `exe.png`).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
      || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
  }
}
