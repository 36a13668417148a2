import Testing

@testable import TerminalUI

/// Typing into the interface: the line editor's keys, escape sequences read whole, and the
/// gallery's fields that keep what was typed when it is refused.
@Suite struct TextInputTests {
  typealias F = GalleryFixtures

  static func edited(_ start: String, _ keys: [Key]) -> LineEditor {
    var line = LineEditor(start)
    for key in keys {
      let handled = line.handle(key)
      #expect(handled, "\(key) is an editing key")
    }
    return line
  }

  @Test func theCursorMovesAndTextGoesInWhereItStands() {
    var line = Self.edited("take", [.left, .left, .character("X")])
    #expect(line.text == "taXke" && line.cursor == 3)
    line = Self.edited("take", [.home, .character(">"), .end, .character("!")])
    #expect(line.text == ">take!")
    line = Self.edited("take", [.control("a"), .right, .delete, .control("e"), .backspace])
    #expect(line.text == "tk" && line.cursor == 2)
    line = Self.edited("ab", [.left, .left, .left, .backspace, .right, .right, .right])
    #expect(line.text == "ab" && line.cursor == 2, "the cursor stays inside the text")
  }

  @Test func controlKeysDeleteAsInAShell() {
    #expect(Self.edited("concert in hall", [.control("w")]).text == "concert in ")
    #expect(Self.edited("concert in  ", [.control("w")]).text == "concert ")
    #expect(Self.edited("concert in hall", [.left, .left, .control("u")]).text == "ll")
    #expect(Self.edited("concert in hall", [.home, .right, .control("k")]).text == "c")
    var line = LineEditor("x")
    for key in [Key.enter, .escape, .tab, .up] {
      let handled = line.handle(key)
      #expect(!handled, "\(key) is the field owner's")
    }
  }

  @Test func theVisiblePartKeepsTheCursorInView() {
    let long = LineEditor(String(repeating: "a", count: 30) + "END")
    let end = long.visible(width: 10)
    #expect(end.text == "aaaaaaEND" && end.cursorColumn == 9)
    let start = Self.edited(long.text, [.home])
    #expect(start.visible(width: 10).text == "aaaaaaaaa")
    #expect(start.visible(width: 10).cursorColumn == 0)
    let middle = Self.edited("0123456789abcdefghij", [.home] + Array(repeating: .right, count: 8))
    let shown = middle.visible(width: 10)
    #expect(shown.text.count == 9 && Array(shown.text)[shown.cursorColumn] == "8")
    let short = LineEditor("short").visible(width: 10)
    #expect(short.text == "short" && short.cursorColumn == 5)
  }

  static func decode(_ text: String) -> [EscapeSequenceDecoder.Step] {
    var decoder = EscapeSequenceDecoder()
    return text.unicodeScalars.map { decoder.feed($0.value) }
  }

  static func key(_ text: String) -> Key?? {
    guard case .finished(let key) = decode(text).last else { return .none }
    return .some(key)
  }

  @Test func escapeSequencesAreReadWhole() {
    #expect(Self.key("[1~") == .some(.home) && Self.key("[4~") == .some(.end))
    #expect(Self.key("[7~") == .some(.home) && Self.key("[8~") == .some(.end))
    #expect(Self.key("OH") == .some(.home) && Self.key("[F") == .some(.end))
    #expect(Self.key("[3~") == .some(.delete) && Self.key("[5~") == .some(.pageUp))
    #expect(Self.key("[1;5C") == .some(.right), "a modifier is ignored")
    #expect(Self.key("[15~") == .some(.function(5)) && Self.key("OP") == .some(.function(1)))
    #expect(Self.key("[24~") == .some(.function(12)))
    // Unknown or private sequences are read to their end and ignored.
    #expect(Self.key("[200~") == .some(nil))
    #expect(Self.key("[<0;10;5M") == .some(nil))
    #expect(Self.key("[2;3u") == .some(nil))
    // Every character before the final one asks for more: none leaks out as a key.
    #expect(Self.decode("[1;5C").dropLast().allSatisfy { $0 == .more })
    // Esc and another key at once (Alt, a double Esc) are two keys: Esc, then that one.
    #expect(Self.decode("n") == [.finishedBefore(.escape)])
    #expect(Self.decode("\u{1B}") == [.finishedBefore(.escape)])
    #expect(EscapeSequenceDecoder().keyWhenCutShort == .escape)
    var cut = EscapeSequenceDecoder()
    _ = cut.feed(0x5B)
    #expect(cut.keyWhenCutShort == nil, "half a sequence is no key")
    let endless = Self.decode("[" + String(repeating: "1", count: 40))
    #expect(endless.contains(.finished(nil)), "a sequence that never ends is dropped")
  }

  @Test func aRefusedRenameKeepsTheTextAndSaysWhy() {
    var state = F.gallery()
    F.press([.character("r"), .control("u")], &state)
    _ = F.type("a/b", &state)
    #expect(F.press([.enter], &state).isEmpty)
    guard case .input(let input) = F.galleryScreen(state).dialog else {
      Issue.record("the dialog stays open")
      return
    }
    #expect(input.text == "a/b")
    #expect(input.refusal == "a take name cannot contain /")
    #expect(AppRenderer.render(state).text.contains("a take name cannot contain /"))
    F.press([.left, .backspace], &state)
    #expect(
      F.press([.enter], &state) == [.gallery(.rename(F.entries[1].folder, to: "ab"))])
  }

  @Test func theSearchFieldEditsInPlace() {
    var state = F.gallery()
    F.press([.character("/")], &state)
    _ = F.type("kitchn", &state)
    F.press([.left, .character("e")], &state)
    #expect(F.galleryScreen(state).searchInput?.text == "kitchen")
    #expect(F.galleryScreen(state).query.search == "kitchen")
    F.press([.end, .control("w")], &state)
    #expect(F.galleryScreen(state).query.search == "")
  }

  @Test func lettersTypedRightAfterAFieldIsCancelledRunNoCommand() {
    var state = F.gallery()
    state.uptime = 10
    F.press([.character("n")], &state)
    #expect(F.galleryScreen(state).dialog != nil, "n opens the note editor")
    _ = F.type("half a no", &state)
    #expect(F.press([.escape, .character("t"), .character("d")], &state).isEmpty)
    #expect(F.galleryScreen(state).dialog == nil, "neither the tags editor nor a delete")
    state.uptime = 10.6
    F.press([.character("d")], &state)
    #expect(F.galleryScreen(state).dialog != nil, "a moment later, d is the delete key again")
  }
}
