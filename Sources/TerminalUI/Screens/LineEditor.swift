/// A line of text being typed, with a cursor and the editing keys of a shell's line: ← → Home
/// End (Ctrl-A, Ctrl-E) move, Backspace and Delete delete, Ctrl-U deletes to the start, Ctrl-K
/// to the end, and Ctrl-W the word before the cursor.
///
/// Pure and independent of where the line is drawn; `visible(width:)` gives the part to show
/// with the cursor in view.
public struct LineEditor: Sendable, Equatable {
  /// The text so far.
  public private(set) var text: String
  /// Where the cursor stands, in characters from the start (0…count).
  public private(set) var cursor: Int

  /// A line holding `text`, the cursor at its end.
  public init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// Carries out `key` when it edits a line; false for any other key (Enter, Esc, Tab and the
  /// rest are for whoever owns the line).
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(character)
    case .backspace: if cursor > 0 { delete(cursor - 1..<cursor) }
    case .delete: if cursor < text.count { delete(cursor..<cursor + 1) }
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, text.count)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"): delete(0..<cursor)
    case .control("k"): delete(cursor..<text.count)
    case .control("w"): delete(wordStart()..<cursor)
    default: return false
    }
    return true
  }

  /// Replaces the whole line, the cursor at its end.
  public mutating func replace(with text: String) {
    self = LineEditor(text)
  }

  /// The part of the line that fits `width` columns with the cursor in view (the end of a
  /// long line, as a shell shows it, while the cursor is there), and the cursor's column in it.
  /// One column a character, as the cell buffer writes them.
  public func visible(width: Int) -> (text: String, cursorColumn: Int) {
    let room = max(width - 1, 1)  // a column for the cursor after the last character
    let characters = Array(text)
    let start =
      cursor >= characters.count - room
      ? max(0, characters.count - room) : max(0, cursor - room / 2)
    let shown = String(characters[start..<min(start + room, characters.count)])
    return (shown, cursor - start)
  }

  private mutating func insert(_ character: Character) {
    let index = text.index(text.startIndex, offsetBy: cursor)
    text.insert(character, at: index)
    cursor += 1
  }

  private mutating func delete(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    text.removeSubrange(lower..<upper)
    cursor = range.lowerBound
  }

  /// Where the word before the cursor starts: spaces before the cursor, then the word.
  private func wordStart() -> Int {
    let characters = Array(text)
    var index = cursor
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }
}
