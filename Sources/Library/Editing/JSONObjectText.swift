import Foundation

/// The text of a JSON object with the byte ranges of its top-level members, so one member can
/// be replaced, added or removed while every other byte of the file stays as it was.
///
/// Only the top level is parsed into ranges; nested values are skipped by `JSONScanner`.
struct JSONObjectText {
  /// One `"key" : value` at the top level.
  struct Member {
    var key: String
    /// From the key's opening quote.
    var keyStart: Int
    /// Just past the key's closing quote.
    var keyEnd: Int
    /// The value's first byte ..< just past its last.
    var value: Range<Int>
  }

  private(set) var bytes: [UInt8]
  private(set) var members: [Member] = []
  private var openBrace = 0

  /// Parses `data`; nil when it is not a JSON object.
  init?(_ data: Data) {
    bytes = Array(data)
    guard parse() else { return nil }
  }

  /// Sets member `key` to `valueText` (JSON text), or removes it when `valueText` is nil. A
  /// new member goes where sorted keys put it, in the spacing the file already uses.
  mutating func set(_ key: String, to valueText: String?) {
    let new = Array((valueText ?? "").utf8)
    if let index = members.firstIndex(where: { $0.key == key }) {
      let member = members[index]
      if valueText != nil {
        bytes.replaceSubrange(member.value, with: new)
      } else if index > 0 {
        bytes.removeSubrange(members[index - 1].value.upperBound..<member.value.upperBound)
      } else if members.count > 1 {
        bytes.removeSubrange(member.keyStart..<members[1].keyStart)
      } else {
        bytes.removeSubrange(member.keyStart..<member.value.upperBound)
      }
    } else if valueText != nil {
      let keyText = Array(Self.quoted(key).utf8)
      let separator = members.first.map { Array(bytes[$0.keyEnd..<$0.value.lowerBound]) }
      let pair = keyText + (separator ?? Array(" : ".utf8)) + new
      if let next = members.firstIndex(where: { $0.key > key }) {
        let spacing = leadingSpacing(of: next)
        bytes.insert(contentsOf: pair + [UInt8(ascii: ",")] + spacing, at: members[next].keyStart)
      } else if let last = members.indices.last {
        let spacing = leadingSpacing(of: last)
        bytes.insert(
          contentsOf: [UInt8(ascii: ",")] + spacing + pair, at: members[last].value.upperBound)
      } else {
        bytes.insert(contentsOf: pair, at: openBrace + 1)
      }
    }
    _ = parse()
  }

  /// The indentation one level in (what precedes each top-level key after its line break).
  var indentation: String {
    guard !members.isEmpty else { return "  " }
    let spacing = leadingSpacing(of: 0)
    let afterBreak = spacing.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return String(decoding: afterBreak.last ?? [], as: UTF8.self)
  }

  /// `text` as a JSON string literal, slashes unescaped (as DualCam writes them).
  static func quoted(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Parsing

  /// The whitespace between the previous member's comma (or the brace) and member `index`.
  private func leadingSpacing(of index: Int) -> [UInt8] {
    var start = members[index].keyStart
    while start > 0, JSONScanner.isSpace(bytes[start - 1]) { start -= 1 }
    return Array(bytes[start..<members[index].keyStart])
  }

  private mutating func parse() -> Bool {
    members = []
    var position = JSONScanner.skipSpace(bytes, from: 0)
    guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return false }
    openBrace = position
    position = JSONScanner.skipSpace(bytes, from: position + 1)
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      return JSONScanner.skipSpace(bytes, from: position + 1) == bytes.count
    }
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: "\""),
        let keyEnd = JSONScanner.endOfString(bytes, from: position),
        let key = try? JSONDecoder().decode(String.self, from: Data(bytes[position..<keyEnd]))
      else { return false }
      var cursor = JSONScanner.skipSpace(bytes, from: keyEnd)
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { return false }
      cursor = JSONScanner.skipSpace(bytes, from: cursor + 1)
      guard let valueEnd = JSONScanner.endOfValue(bytes, from: cursor) else { return false }
      members.append(Member(key: key, keyStart: position, keyEnd: keyEnd, value: cursor..<valueEnd))
      cursor = JSONScanner.skipSpace(bytes, from: valueEnd)
      guard cursor < bytes.count else { return false }
      if bytes[cursor] == UInt8(ascii: "}") {
        return JSONScanner.skipSpace(bytes, from: cursor + 1) == bytes.count
      }
      guard bytes[cursor] == UInt8(ascii: ",") else { return false }
      position = JSONScanner.skipSpace(bytes, from: cursor + 1)
    }
    return false
  }
}
