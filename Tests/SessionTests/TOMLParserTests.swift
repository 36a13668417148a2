import Testing

@testable import Session

/// The settings file's own TOML reader: the language as toml.io's 1.0 specification writes it,
/// and every malformed document refused with its line, never a crash.
@Suite struct TOMLParserTests {
  @Test func keysValuesAndTables() throws {
    let table = try TOMLParser.parse(
      """
      # a comment
      title = "DualCam" # after a value
      "quoted key" = 'literal \\ no escapes'
      bare-key_2 = true

      [recording]
      fps = 30
      ratio = 0.5
      big = 9_223_372_036_854_775_807
      hex = 0xDEAD_beef
      octal = 0o755
      binary = 0b1010
      exponent = -2E-3
      nothing = nan
      endless = -inf
      when = 1979-05-27 07:32:00Z
      clock = 07:32:00

      [layout.front]
      zoom = 2
      """)
    #expect(table.keys == ["title", "quoted key", "bare-key_2", "recording", "layout"])
    #expect(table["title"] == .string("DualCam"))
    #expect(table["quoted key"] == .string("literal \\ no escapes"))
    #expect(table["bare-key_2"] == .boolean(true))
    let recording = try #require(table["recording"]?.table)
    #expect(recording["fps"] == .integer(30))
    #expect(recording["ratio"] == .float(0.5))
    #expect(recording["big"] == .integer(.max))
    #expect(recording["hex"] == .integer(0xDEAD_BEEF))
    #expect(recording["octal"] == .integer(0o755))
    #expect(recording["binary"] == .integer(10))
    #expect(recording["exponent"] == .float(-0.002))
    #expect(recording["nothing"]?.float?.isNaN == true)
    #expect(recording["endless"] == .float(-.infinity))
    #expect(recording["when"] == .dateTime("1979-05-27 07:32:00Z"))
    #expect(recording["clock"] == .dateTime("07:32:00"))
    #expect(table["layout"]?.table?["front"]?.table?["zoom"] == .integer(2))
  }

  @Test func stringsAndEscapes() throws {
    let table = try TOMLParser.parse(
      #"""
      tab = "a\tb \"q\" \\ \u00E9 \U0001F600"
      block = """
      one
      two"""
      joined = """\
             joined \
             here"""
      quotes = """ends with two quotes"" """
      raw = '''
      C:\path\'''
      """#)
    #expect(table["tab"] == .string("a\tb \"q\" \\ é 😀"))
    #expect(table["block"] == .string("one\ntwo"))
    #expect(table["joined"] == .string("joined here"))
    #expect(table["quotes"] == .string("ends with two quotes\"\" "))
    #expect(table["raw"] == .string("C:\\path\\"))
  }

  @Test func arraysInlineTablesAndArraysOfTables() throws {
    let table = try TOMLParser.parse(
      """
      sizes = [ 1, [2, "x"], # a comment inside
        3, ]
      point = { x = 1, y.z = 2 }
      [[take]]
      name = "a"
      [[take]]
      name = "b"
      [take.note]
      text = "on b"
      """)
    #expect(
      table["sizes"] == .array([.integer(1), .array([.integer(2), .string("x")]), .integer(3)]))
    let point = try #require(table["point"]?.table)
    #expect(point["x"] == .integer(1))
    #expect(point["y"]?.table?["z"] == .integer(2))
    guard case .array(let takes) = table["take"] else {
      Issue.record("take is not an array of tables")
      return
    }
    #expect(takes.map { $0.table?["name"] } == [.string("a"), .string("b")])
    #expect(takes[1].table?["note"]?.table?["text"] == .string("on b"))
  }

  @Test(arguments: [
    // Found by fuzzing: toml++ aborted the process on it (an assertion in parse_array).
    ("F=[}[", 1, "expected a value, found '}'"),
    ("[recording]\nfps = 30\nfps = 25\n", 3, "the key fps is defined twice"),
    ("[a]\nx = 1\n[a]\n", 3, "the table [a] is defined twice"),
    ("a.b = 1\n[a]\n", 2, "the table [a] is defined twice"),
    ("p = { x = 1 }\n[p]\n", 2, "the table [p] is defined twice"),
    ("p = { x = 1 }\np.y = 2\n", 2, "extends p, defined elsewhere"),
    ("x = 1\n[x.y]\n", 2, "goes through x, which is a value"),
    ("[[a]]\n[a]\n", 2, "the table [a] is defined twice"),
    ("a = 1\n[[a]]\n", 2, "[[a]] names a key that is already"),
    ("big = 9223372036854775808\n", 1, "is not a value"),
    ("n = 01\n", 1, "is not a value"),
    ("n = 1__0\n", 1, "is not a value"),
    ("n = 1.\n", 1, "is not a value"),
    ("n = .5\n", 1, ".5 is not a value"),
    ("n = 0x\n", 1, "is not a value"),
    ("word = fast\n", 1, "text goes in quotes"),
    ("s = \"open\nt = 1\n", 1, "not closed with \" on its line"),
    ("s = 'open\n", 1, "not closed with ' on its line"),
    ("s = \"\"\"never\nclosed\n", 3, "not closed with \"\"\""),
    ("s = \"\\q\"\n", 1, "is not an escape"),
    ("s = \"\\uD800\"\n", 1, "hex digits of a Unicode scalar"),
    ("s = \"\\u12\"\n", 1, "hex digits of a Unicode scalar"),
    ("a = [1 2]\n", 1, "expected , or ] in an array"),
    ("a = [1,,2]\n", 1, "an array has an empty element"),
    ("a = [1,\n", 2, "expected a value at the end of the file"),
    ("t = { x = 1\n", 1, "closed with } on the same line"),
    ("t = { x = 1, }\n", 1, "expected a key, found '}'"),
    ("x = 1 y = 2\n", 1, "expected the end of the line, found 'y'"),
    ("= 1\n", 1, "expected a key, found '='"),
    ("x\n", 1, "expected = after the key x"),
    ("[a\n", 1, "a [table] header must end with ]"),
    ("[[a]\n", 1, "a [[table]] header must end with ]]"),
    ("[]\n", 1, "a section header must name the section"),
    ("\"\"\"k\"\"\" = 1\n", 1, "a key cannot be a multi-line string"),
    ("x = 1\r2\n", 1, "expected the end of the line"),
    ("d = 1979-05-27junk\n", 1, "1979-05-27junk is not a date or time"),
    // A mistake in a key is on the key's line, however many lines its value takes.
    ("a = 1\na = \"\"\"\nx\n\"\"\"\n", 2, "the key a is defined twice"),
    ("a = 1\na = [\n1,\n2\n]\n", 2, "the key a is defined twice"),
    ("[[a.b]]\n[a]\nb.y = 2\n", 3, "extends b, defined elsewhere"),
    ("[t1]\nt2.t3.v = 0\n[t1.t2.t3]\n", 3, "the table [t1.t2.t3] is defined twice"),
    ("s = \"a\\\nb\"\n", 1, "joins lines only in a \"\"\" string"),
    ("ключ = 1\n", 1, "expected a key, found 'к'"),
    ("p = {x = 1}\n[p.q]\n", 2, "goes through p, which is a value or an inline table"),
  ])
  func malformedDocumentsAreRefusedWithTheirLine(text: String, line: Int, message: String) {
    do {
      let table = try TOMLParser.parse(text)
      Issue.record("accepted: \(table)")
    } catch {
      #expect(error.line == line, "\(error)")
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func nestingIsLimitedSoNoDocumentExhaustsTheStack() throws {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("a = \(deep)") }
    let deepTables = String(repeating: "{ a = ", count: 100_000)
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("a = \(deepTables)") }
    // Each part of a dotted name is a level too: building and freeing the tables recurses.
    let longKey = String(repeating: "a.", count: 300_000) + "a"
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("\(longKey) = 1") }
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("[\(longKey)]") }
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("t = { \(longKey) = 1 }") }
    let name = Array(repeating: "a", count: 40).joined(separator: ".")
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("[\(name)]\n\(name) = 1") }
    // The key `a` is one level, so 63 arrays fit under it.
    let levels = TOMLParser.maximumDepth - 1
    let allowed =
      String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    #expect(try TOMLParser.parse("a = \(allowed)")["a"] != nil)
    #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse("a = [\(allowed)]") }
  }

  @Test func aByteOrderMarkAndWindowsLineEndsAreAccepted() throws {
    let table = try TOMLParser.parse("\u{FEFF}[layout]\r\nborder = 4\r\n")
    #expect(table["layout"]?.table?["border"] == .integer(4))
  }

  @Test func whatTheSettingsFileWritesReadsBack() throws {
    let text = SettingsFile().text
    let table = try TOMLParser.parse(text)
    #expect(table.keys.contains("recording"))
    #expect(try SettingsFile.parse(text) == SettingsFile())
  }
}
