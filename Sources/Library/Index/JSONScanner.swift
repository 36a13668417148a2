import Foundation

/// Finds values in JSON text by byte range, without building a tree: the card facts of a take
/// are a few dozen values out of a `metadata.json` of several hundred, and decoding the whole
/// file through `Decodable` cost most of a first listing's time.
///
/// Structure is checked as far as it is walked (brackets, strings, separators), so a truncated
/// or corrupt file is refused; values it is not asked for are skipped, not validated.
struct JSONScanner {
  let bytes: [UInt8]

  /// The members of the object at `range` (which starts at its `{`), by key; nil when it is not
  /// a well-formed object. `range` itself must end just past the object.
  func members(of range: Range<Int>) -> [String: Range<Int>]? {
    var position = Self.skipSpace(bytes, from: range.lowerBound)
    guard position < range.upperBound, bytes[position] == UInt8(ascii: "{") else { return nil }
    var members: [String: Range<Int>] = [:]
    position = Self.skipSpace(bytes, from: position + 1)
    if position < range.upperBound, bytes[position] == UInt8(ascii: "}") { return members }
    while position < range.upperBound {
      guard bytes[position] == UInt8(ascii: "\""),
        let keyEnd = Self.endOfString(bytes, from: position),
        let key = string(position..<keyEnd)
      else { return nil }
      var cursor = Self.skipSpace(bytes, from: keyEnd)
      guard cursor < range.upperBound, bytes[cursor] == UInt8(ascii: ":") else { return nil }
      cursor = Self.skipSpace(bytes, from: cursor + 1)
      guard let valueEnd = Self.endOfValue(bytes, from: cursor) else { return nil }
      members[key] = cursor..<valueEnd
      cursor = Self.skipSpace(bytes, from: valueEnd)
      guard cursor < range.upperBound else { return nil }
      if bytes[cursor] == UInt8(ascii: "}") { return members }
      guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
      position = Self.skipSpace(bytes, from: cursor + 1)
    }
    return nil
  }

  /// The members of the object that is the whole text; nil when the text is not one object.
  func rootMembers() -> [String: Range<Int>]? {
    let start = Self.skipSpace(bytes, from: 0)
    guard let end = Self.endOfValue(bytes, from: start),
      Self.skipSpace(bytes, from: end) == bytes.count
    else { return nil }
    return members(of: start..<end)
  }

  /// The elements of the array at `range`.
  func elements(of range: Range<Int>) -> [Range<Int>]? {
    var position = Self.skipSpace(bytes, from: range.lowerBound)
    guard position < range.upperBound, bytes[position] == UInt8(ascii: "[") else { return nil }
    var elements: [Range<Int>] = []
    position = Self.skipSpace(bytes, from: position + 1)
    if position < range.upperBound, bytes[position] == UInt8(ascii: "]") { return elements }
    while position < range.upperBound {
      guard let end = Self.endOfValue(bytes, from: position) else { return nil }
      elements.append(position..<end)
      let cursor = Self.skipSpace(bytes, from: end)
      guard cursor < range.upperBound else { return nil }
      if bytes[cursor] == UInt8(ascii: "]") { return elements }
      guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
      position = Self.skipSpace(bytes, from: cursor + 1)
    }
    return nil
  }

  /// The string at `range` (quotes included); escapes are decoded by `JSONDecoder`, the rare
  /// case.
  func string(_ range: Range<Int>) -> String? {
    guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""),
      bytes[range.upperBound - 1] == UInt8(ascii: "\"")
    else { return nil }
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    if !bytes[inner].contains(UInt8(ascii: "\\")) {
      return String(validating: bytes[inner], as: UTF8.self)
    }
    return try? JSONDecoder().decode(String.self, from: Data(bytes[range]))
  }

  /// The number at `range`.
  func number(_ range: Range<Int>) -> Double? {
    guard let first = range.first.map({ bytes[$0] }),
      first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
    else { return nil }
    return Double(String(decoding: bytes[range], as: UTF8.self))
  }

  // MARK: - Walking

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var position = start
    while position < bytes.count, isSpace(bytes[position]) { position += 1 }
    return position
  }

  /// Just past the closing quote of the string opening at `start`.
  static func endOfString(_ bytes: [UInt8], from start: Int) -> Int? {
    var position = start + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""): return position + 1
      default: position += 1
      }
    }
    return nil
  }

  /// Just past the value starting at `start` (nested values skipped by bracket depth).
  static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return endOfString(bytes, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var closers: [UInt8] = []
      var position = start
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\""):
          guard let end = endOfString(bytes, from: position) else { return nil }
          position = end
          continue
        case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard closers.popLast() == bytes[position] else { return nil }
          if closers.isEmpty { return position + 1 }
        default: break
        }
        position += 1
      }
      return nil
    default:
      var position = start
      while position < bytes.count, !isSpace(bytes[position]),
        ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[position])
      {
        position += 1
      }
      return position > start ? position : nil
    }
  }
}
