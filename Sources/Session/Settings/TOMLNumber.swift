/// TOML's integers and floats from their text: `42`, `+1_000`, `0xDEAD_beef`, `0o755`, `0b1010`,
/// `3.14`, `-2e-3`, `6.626e-34`; nil for anything else, including integers beyond 64 bits
/// (which TOML says must be refused, not rounded).
enum TOMLNumber {
  /// The value `token` spells, or nil.
  static func value(of token: String) -> TOMLValue? {
    let text = Array(token.utf8)
    if text.count > 2, text[0] == UInt8(ascii: "0"), let radix = radix(text[1]) {
      let digits = text[2...]
      guard validUnderscores(digits),
        digits.allSatisfy({ digit($0, radix: radix) || $0 == underscore })
      else { return nil }
      return Int64(
        String(decoding: digits.filter { $0 != underscore }, as: UTF8.self), radix: radix
      )
      .map(TOMLValue.integer)
    }
    var body = text[...]
    if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      body = body.dropFirst()
    }
    let exponentAt = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    let mantissa = body[..<(exponentAt ?? body.endIndex)]
    let dotAt = mantissa.firstIndex(of: UInt8(ascii: "."))
    let whole = mantissa[..<(dotAt ?? mantissa.endIndex)]
    guard decimalDigits(whole), whole.first != UInt8(ascii: "0") || whole.count == 1 else {
      return nil
    }
    if let dotAt, !decimalDigits(mantissa[mantissa.index(after: dotAt)...]) { return nil }
    if let exponentAt {
      var exponent = body[body.index(after: exponentAt)...]
      if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        exponent = exponent.dropFirst()
      }
      guard decimalDigits(exponent) else { return nil }
    }
    let plain = String(decoding: text.filter { $0 != underscore }, as: UTF8.self)
    if dotAt == nil && exponentAt == nil {
      return Int64(plain).map(TOMLValue.integer)
    }
    return Double(plain).map(TOMLValue.float)
  }

  private static let underscore = UInt8(ascii: "_")

  private static func radix(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "x"): 16
    case UInt8(ascii: "o"): 8
    case UInt8(ascii: "b"): 2
    default: nil
    }
  }

  private static func digit(_ byte: UInt8, radix: Int) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) < radix
    case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): radix == 16
    default: false
    }
  }

  /// One or more decimal digits, an underscore only between two of them.
  private static func decimalDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
    !bytes.isEmpty && validUnderscores(bytes)
      && bytes.allSatisfy { digit($0, radix: 10) || $0 == underscore }
  }

  /// No underscore first, last, or next to another.
  private static func validUnderscores(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.first != underscore, bytes.last != underscore else { return false }
    return !zip(bytes, bytes.dropFirst()).contains { $0 == underscore && $1 == underscore }
  }
}
