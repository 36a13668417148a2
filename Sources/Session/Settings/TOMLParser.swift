/// Reads a TOML 1.0 document (https://toml.io/en/v1.0.0) into a `TOMLTable`, or says on which
/// line and why it cannot.
///
/// Written for the settings file, which a person edits and a fuzzer attacks: it is plain Swift
/// over the document's bytes, with no assertion that can stop the process, no C string that a
/// NUL byte could cut short, nesting limited to `maximumDepth`, and nothing kept after it
/// returns. (The C++ parser it replaces aborted the process on five different malformed
/// inputs found by fuzzing, and leaked every value it parsed.) Dates and times are recognised
/// and kept as text, since no setting is one.
struct TOMLParser {
  /// Why a document is not TOML, and where.
  struct Failure: Error, Equatable {
    /// The line, from 1.
    var line: Int
    /// What is wrong, for a person.
    var message: String
  }

  /// Tables, arrays and inline tables nested deeper than this are refused, so that no document
  /// can exhaust the stack (building and freeing the values recurses once per level). Every
  /// part of a header's or a key's dotted name is a level, as is every array and inline table.
  static let maximumDepth = 64

  /// The table `text` defines.
  static func parse(_ text: String) throws(Failure) -> TOMLTable {
    var parser = TOMLParser(bytes: Array(text.utf8))
    try parser.parseDocument()
    return parser.root.tableValue()
  }

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private let root = Node(kind: .table)
  /// The levels above the value being read.
  private var depth = 0

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte-order mark
  }

  // MARK: - Document

  private mutating func parseDocument() throws(Failure) {
    var current = root
    var currentDepth = 0
    while true {
      skipBlank()
      guard let byte = peek() else { return }
      switch byte {
      case Self.newline:
        advanceLine()
      case Self.carriageReturn:
        try expectLineEnd()
      case Self.hash:
        skipComment()
      case Self.openBracket:
        (current, currentDepth) = try parseHeader()
        try expectLineEnd()
      default:
        depth = currentDepth
        try parseKeyValue(into: current)
        try expectLineEnd()
      }
    }
  }

  /// `[a.b]` or `[[a.b]]`: the table that the following keys go into, and its depth.
  private mutating func parseHeader() throws(Failure) -> (Node, Int) {
    index += 1
    let isArray = peek() == Self.openBracket
    if isArray { index += 1 }
    skipBlank()
    guard let first = peek(),
      Self.isBareKey(first) || first == Self.quote || first == Self.apostrophe
    else { throw fail("a section header must name the section, like [recording]") }
    let path = try parseKey()
    skipBlank()
    guard peek() == Self.closeBracket, !isArray || peek(1) == Self.closeBracket else {
      throw fail(
        isArray ? "a [[table]] header must end with ]]" : "a [table] header must end with ]")
    }
    index += isArray ? 2 : 1
    guard path.count <= Self.maximumDepth else { throw tooDeep() }
    var node = root
    for part in path.dropLast() {
      node = try descend(node, part, path: path)
    }
    let last = path[path.count - 1]
    let name = path.joined(separator: ".")
    if isArray {
      if let existing = node.children[last] {
        guard existing.kind == .arrayOfTables else {
          throw fail("[[\(name)]] names a key that is already a table or value")
        }
        let element = Node(kind: .table, defined: true)
        existing.elements.append(element)
        return (element, path.count)
      }
      let array = Node(kind: .arrayOfTables)
      let element = Node(kind: .table, defined: true)
      array.elements.append(element)
      node.insert(last, array)
      return (element, path.count)
    }
    if let existing = node.children[last] {
      guard existing.kind == .table, !existing.defined, !existing.byDottedKey, !existing.frozen
      else { throw fail("the table [\(name)] is defined twice") }
      existing.defined = true
      return (existing, path.count)
    }
    let table = Node(kind: .table, defined: true)
    node.insert(last, table)
    return (table, path.count)
  }

  /// The table `part` under `node` on a header's path, made if missing; under an array of
  /// tables, its last table.
  private func descend(_ node: Node, _ part: String, path: [String]) throws(Failure) -> Node {
    guard let child = node.children[part] else {
      let table = Node(kind: .table)
      node.insert(part, table)
      return table
    }
    switch child.kind {
    case .table where !child.frozen:
      return child
    case .arrayOfTables:
      return child.elements[child.elements.count - 1]
    default:
      throw fail(
        "[\(path.joined(separator: "."))] goes through \(part), which is a value or an inline table"
      )
    }
  }

  /// `a.b.c = value` into `table`. The key is checked before the value is read, so that a
  /// mistake in it is reported on its own line even when the value spans several.
  private mutating func parseKeyValue(into table: Node) throws(Failure) {
    let path = try parseKey()
    guard depth + path.count <= Self.maximumDepth else { throw tooDeep() }
    skipBlank()
    guard peek() == Self.equals else {
      throw fail("expected = after the key \(path.joined(separator: "."))")
    }
    index += 1
    skipBlank()
    var node = table
    for part in path.dropLast() {
      if let child = node.children[part] {
        guard child.kind == .table, child.byDottedKey, !child.frozen else {
          throw fail("the key \(path.joined(separator: ".")) extends \(part), defined elsewhere")
        }
        node = child
      } else {
        let child = Node(kind: .table, byDottedKey: true)
        node.insert(part, child)
        node = child
      }
    }
    let last = path[path.count - 1]
    guard node.children[last] == nil else {
      throw fail("the key \(path.joined(separator: ".")) is defined twice")
    }
    let levels = path.count
    depth += levels
    defer { depth -= levels }
    node.insert(last, try parseValue())
  }

  // MARK: - Keys

  /// A dotted key: its parts.
  private mutating func parseKey() throws(Failure) -> [String] {
    var parts = [try parseSimpleKey()]
    while true {
      let mark = index
      skipBlank()
      guard peek() == Self.dot else {
        index = mark
        return parts
      }
      index += 1
      skipBlank()
      parts.append(try parseSimpleKey())
    }
  }

  private mutating func parseSimpleKey() throws(Failure) -> String {
    switch peek() {
    case Self.quote:
      guard peek(1) != Self.quote || peek(2) != Self.quote else {
        throw fail("a key cannot be a multi-line string")
      }
      return try parseBasicString()
    case Self.apostrophe:
      guard peek(1) != Self.apostrophe || peek(2) != Self.apostrophe else {
        throw fail("a key cannot be a multi-line string")
      }
      return try parseLiteralString()
    default:
      let start = index
      while let byte = peek(), Self.isBareKey(byte) { index += 1 }
      guard index > start else {
        throw fail("expected a key, found \(describe(at: index))")
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }

  // MARK: - Values

  private mutating func parseValue() throws(Failure) -> Node {
    guard let byte = peek() else { throw fail("expected a value at the end of the file") }
    switch byte {
    case Self.quote:
      if peek(1) == Self.quote && peek(2) == Self.quote {
        return Node(value: .string(try parseMultiLineString(literal: false)))
      }
      return Node(value: .string(try parseBasicString()))
    case Self.apostrophe:
      if peek(1) == Self.apostrophe && peek(2) == Self.apostrophe {
        return Node(value: .string(try parseMultiLineString(literal: true)))
      }
      return Node(value: .string(try parseLiteralString()))
    case Self.openBracket:
      return Node(value: .array(try nested { (parser) throws(Failure) in try parser.parseArray() }))
    case Self.openBrace:
      return try nested { (parser) throws(Failure) in try parser.parseInlineTable() }
    default:
      return Node(value: try parseScalar())
    }
  }

  /// Runs `body` one level deeper, refusing past `maximumDepth`.
  private mutating func nested<T>(_ body: (inout TOMLParser) throws(Failure) -> T)
    throws(Failure) -> T
  {
    guard depth < Self.maximumDepth else { throw tooDeep() }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func parseArray() throws(Failure) -> [TOMLValue] {
    index += 1
    var elements: [TOMLValue] = []
    while true {
      try skipBlankLinesAndComments()
      if peek() == Self.closeBracket {
        index += 1
        return elements
      }
      guard peek() != Self.comma else { throw fail("an array has an empty element") }
      elements.append(try parseValue().value())
      try skipBlankLinesAndComments()
      switch peek() {
      case Self.comma: index += 1
      case Self.closeBracket:
        index += 1
        return elements
      case nil: throw fail("an array is not closed with ]")
      case .some: throw fail("expected , or ] in an array, found \(describe(at: index))")
      }
    }
  }

  private mutating func parseInlineTable() throws(Failure) -> Node {
    index += 1
    let table = Node(kind: .table, defined: true)
    skipBlank()
    if peek() == Self.closeBrace {
      index += 1
      table.freeze()
      return table
    }
    while true {
      skipBlank()
      try parseKeyValue(into: table)
      skipBlank()
      switch peek() {
      case Self.comma: index += 1
      case Self.closeBrace:
        index += 1
        table.freeze()
        return table
      case nil, Self.newline, Self.carriageReturn:
        throw fail("an inline table must be closed with } on the same line")
      case .some: throw fail("expected , or } in an inline table, found \(describe(at: index))")
      }
    }
  }

  /// A number, a boolean, a date or a time.
  private mutating func parseScalar() throws(Failure) -> TOMLValue {
    let start = index
    while let byte = peek(), Self.isScalar(byte) { index += 1 }
    // A date and a time may be separated by a space: `1979-05-27 07:32:00`.
    if index - start == 10, Self.looksLikeDate(bytes[start..<index]), peek() == Self.space,
      let next = peek(1), Self.isDigit(next), peek(3) == Self.colon
    {
      index += 1
      while let byte = peek(), Self.isScalar(byte) { index += 1 }
    }
    let token = String(decoding: bytes[start..<index], as: UTF8.self)
    guard !token.isEmpty else {
      throw fail("expected a value, found \(describe(at: index))")
    }
    switch token {
    case "true": return .boolean(true)
    case "false": return .boolean(false)
    case "inf", "+inf": return .float(.infinity)
    case "-inf": return .float(-.infinity)
    case "nan", "+nan", "-nan": return .float(.nan)
    default: break
    }
    if Self.looksLikeDate(token.utf8.prefix(10)) || Self.looksLikeTime(token.utf8.prefix(8)) {
      guard token.utf8.allSatisfy({ Self.isDigit($0) || Self.dateTimeMarks.contains($0) }) else {
        throw fail("\(token) is not a date or time")
      }
      return .dateTime(token)
    }
    if let value = TOMLNumber.value(of: token) { return value }
    throw fail("\(token) is not a value (text goes in quotes: \"\(token)\")")
  }

  // MARK: - Strings

  private mutating func parseBasicString() throws(Failure) -> String {
    index += 1
    var text: [UInt8] = []
    while true {
      guard let byte = peek() else { throw fail("a string is not closed with \"") }
      switch byte {
      case Self.quote:
        index += 1
        return String(decoding: text, as: UTF8.self)
      case Self.backslash:
        try parseEscape(into: &text)
      case Self.newline, Self.carriageReturn:
        throw fail("a string is not closed with \" on its line")
      default:
        try checkStringByte(byte)
        text.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseLiteralString() throws(Failure) -> String {
    index += 1
    let start = index
    while true {
      guard let byte = peek() else { throw fail("a string is not closed with '") }
      if byte == Self.apostrophe {
        index += 1
        return String(decoding: bytes[start..<index - 1], as: UTF8.self)
      }
      if byte == Self.newline || byte == Self.carriageReturn {
        throw fail("a string is not closed with ' on its line")
      }
      try checkStringByte(byte)
      index += 1
    }
  }

  /// `"""…"""` or `'''…'''`: a newline right after the opening is dropped; in the basic form a
  /// backslash at a line's end joins it to the next non-blank character.
  private mutating func parseMultiLineString(literal: Bool) throws(Failure) -> String {
    let mark = literal ? Self.apostrophe : Self.quote
    index += 3
    if peek() == Self.newline {
      advanceLine()
    } else if peek() == Self.carriageReturn, peek(1) == Self.newline {
      index += 1
      advanceLine()
    }
    var text: [UInt8] = []
    while true {
      guard let byte = peek() else {
        throw fail("a multi-line string is not closed with \(literal ? "'''" : "\"\"\"")")
      }
      if byte == mark, peek(1) == mark, peek(2) == mark {
        var run = 3
        while peek(run) == mark { run += 1 }
        guard run <= 5 else { throw fail("too many quotes close a multi-line string") }
        text.append(contentsOf: repeatElement(mark, count: run - 3))
        index += run
        return String(decoding: text, as: UTF8.self)
      }
      switch byte {
      case Self.newline:
        text.append(byte)
        advanceLine()
      case Self.carriageReturn:
        guard peek(1) == Self.newline else { throw fail("a lone carriage return in a string") }
        text.append(contentsOf: [Self.carriageReturn, Self.newline])
        index += 1
        advanceLine()
      case Self.backslash where !literal:
        if try skipLineEndingBackslash() { continue }
        try parseEscape(into: &text)
      default:
        try checkStringByte(byte)
        text.append(byte)
        index += 1
      }
    }
  }

  /// A backslash followed by blanks and a line end: skips it all up to the next character that
  /// is neither blank nor a line end, and says so; otherwise moves nothing.
  private mutating func skipLineEndingBackslash() throws(Failure) -> Bool {
    var look = 1
    while peek(look) == Self.space || peek(look) == Self.tab { look += 1 }
    guard
      peek(look) == Self.newline
        || (peek(look) == Self.carriageReturn && peek(look + 1) == Self.newline)
    else { return false }
    index += look
    while let byte = peek() {
      switch byte {
      case Self.space, Self.tab: index += 1
      case Self.newline: advanceLine()
      case Self.carriageReturn where peek(1) == Self.newline: index += 1
      default: return true
      }
    }
    return true
  }

  private mutating func parseEscape(into text: inout [UInt8]) throws(Failure) {
    index += 1
    guard let byte = peek() else { throw fail("a string ends inside an escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "r"): text.append(0x0D)
    case Self.quote: text.append(Self.quote)
    case Self.backslash: text.append(Self.backslash)
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = byte == UInt8(ascii: "u") ? 4 : 8
      guard index + count <= bytes.count,
        let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
        bytes[index..<index + count].allSatisfy(Self.isHexDigit),
        let scalar = Unicode.Scalar(code)
      else {
        throw fail(
          "\\\(Character(Unicode.Scalar(byte))) needs \(count) hex digits of a Unicode scalar")
      }
      text.append(contentsOf: Array(String(Character(scalar)).utf8))
      index += count
    default:
      if byte == Self.newline || byte == Self.carriageReturn {
        throw fail("a backslash at a line's end joins lines only in a \"\"\" string")
      }
      throw fail("\\\(describe(at: index - 1)) is not an escape TOML knows (\\\\ is a backslash)")
    }
  }

  private func checkStringByte(_ byte: UInt8) throws(Failure) {
    if (byte < 0x20 && byte != Self.tab) || byte == 0x7F {
      throw fail("a control character must be written as an escape in a string")
    }
  }

  // MARK: - Blanks, comments, line ends

  private mutating func skipBlank() {
    while peek() == Self.space || peek() == Self.tab { index += 1 }
  }

  private mutating func skipComment() {
    while let byte = peek(), byte != Self.newline, byte != Self.carriageReturn { index += 1 }
  }

  /// Blanks, comments and line ends, as arrays allow between their elements.
  private mutating func skipBlankLinesAndComments() throws(Failure) {
    while let byte = peek() {
      switch byte {
      case Self.space, Self.tab: index += 1
      case Self.hash: skipComment()
      case Self.newline: advanceLine()
      case Self.carriageReturn:
        guard peek(1) == Self.newline else { throw fail("a lone carriage return") }
        index += 1
      default: return
      }
    }
  }

  /// Blanks, a comment, then the end of the line or of the file.
  private mutating func expectLineEnd() throws(Failure) {
    skipBlank()
    if peek() == Self.hash { skipComment() }
    switch peek() {
    case nil: return
    case Self.newline: advanceLine()
    case Self.carriageReturn where peek(1) == Self.newline:
      index += 1
      advanceLine()
    case .some:
      throw fail("expected the end of the line, found \(describe(at: index))")
    }
  }

  private mutating func advanceLine() {
    index += 1
    line += 1
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private func fail(_ message: String) -> Failure {
    Failure(line: line, message: message)
  }

  private func tooDeep() -> Failure {
    fail("tables, arrays and inline tables are nested more than \(Self.maximumDepth) deep")
  }

  // MARK: - Characters

  private static let tab = UInt8(0x09)
  private static let newline = UInt8(0x0A)
  private static let carriageReturn = UInt8(0x0D)
  private static let space = UInt8(0x20)
  private static let quote = UInt8(ascii: "\"")
  private static let hash = UInt8(ascii: "#")
  private static let apostrophe = UInt8(ascii: "'")
  private static let comma = UInt8(ascii: ",")
  private static let dot = UInt8(ascii: ".")
  private static let colon = UInt8(ascii: ":")
  private static let equals = UInt8(ascii: "=")
  private static let backslash = UInt8(ascii: "\\")
  private static let openBracket = UInt8(ascii: "[")
  private static let closeBracket = UInt8(ascii: "]")
  private static let openBrace = UInt8(ascii: "{")
  private static let closeBrace = UInt8(ascii: "}")
  /// What a date or time holds besides digits: `1979-05-27T07:32:00.999-07:00`, `…Z`, a space.
  private static let dateTimeMarks = Array("-:.+TtZz ".utf8)

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
  }

  private static func isBareKey(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  /// What a number, boolean, date or time is made of.
  private static func isScalar(_ byte: UInt8) -> Bool {
    isBareKey(byte) || byte == dot || byte == colon || byte == UInt8(ascii: "+")
  }

  private static func looksLikeDate<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    let text = Array(bytes)
    return text.count == 10 && text[4] == UInt8(ascii: "-") && text[7] == UInt8(ascii: "-")
      && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(text[$0]) }
  }

  private static func looksLikeTime<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    let text = Array(bytes)
    return text.count == 8 && text[2] == colon && text[5] == colon
      && [0, 1, 3, 4, 6, 7].allSatisfy { isDigit(text[$0]) }
  }

  /// The character at `position` as a person reads it in a message.
  private func describe(at position: Int) -> String {
    guard position < bytes.count else { return "the end of the file" }
    let byte = bytes[position]
    switch byte {
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    case Self.newline, Self.carriageReturn: return "the line's end"
    case Self.space, Self.tab: return "a blank"
    case 0x80...:
      let next = bytes[position..<min(bytes.count, position + 4)]
      return String(decoding: next, as: UTF8.self).first.map { "'\($0)'" } ?? "byte \(byte)"
    default: return "byte \(byte)"
    }
  }
}

/// A table, an array of tables or a value while the document is read: tables are shared so
/// that a header can add to a table made earlier.
private final class Node {
  enum Kind { case table, arrayOfTables, value }

  let kind: Kind
  private var leaf: TOMLValue?
  private(set) var keys: [String] = []
  private(set) var children: [String: Node] = [:]
  var elements: [Node] = []
  /// Made by a `[header]` or as an inline table, not only on the way to one.
  var defined: Bool
  /// Made by a dotted key (`a.b = 1` makes `a`).
  let byDottedKey: Bool
  /// An inline table or inside one: nothing may add to it.
  var frozen = false

  init(kind: Kind, defined: Bool = false, byDottedKey: Bool = false) {
    self.kind = kind
    self.defined = defined
    self.byDottedKey = byDottedKey
  }

  init(value: TOMLValue) {
    kind = .value
    leaf = value
    defined = true
    byDottedKey = false
  }

  func insert(_ key: String, _ child: Node) {
    keys.append(key)
    children[key] = child
  }

  func freeze() {
    frozen = true
    for key in keys {
      if let child = children[key], child.kind == .table, !child.frozen { child.freeze() }
    }
  }

  func tableValue() -> TOMLTable {
    var table = TOMLTable()
    for key in keys { if let child = children[key] { table.set(key, child.value()) } }
    return table
  }

  func value() -> TOMLValue {
    switch kind {
    case .value: leaf ?? .array([])
    case .table: .table(tableValue())
    case .arrayOfTables: .array(elements.map { .table($0.tableValue()) })
    }
  }
}
