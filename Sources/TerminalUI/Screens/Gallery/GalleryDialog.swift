public import Foundation
import Library

/// A box over the gallery that takes every key until it closes: a question before something
/// is destroyed or rewritten, a line of text to type, or an export's progress.
public enum GalleryDialog: Sendable, Equatable {
  /// A yes/no question; yes sends `request`.
  case confirm(title: String, message: String, confirmLabel: String, request: GalleryRequest)
  /// A line of text; Enter sends what `purpose` makes of it.
  case input(GalleryInput)
  /// An export runs: its progress, Esc cancels.
  case exporting(ExportProgress?)
}

/// A line of text the user types in a gallery dialog, and what it is for.
public struct GalleryInput: Sendable, Equatable {
  /// What the text becomes.
  public enum Purpose: Sendable, Equatable {
    /// A take's new folder name.
    case rename(URL)
    /// A take's note.
    case note(URL)
    /// A take's tags, separated by commas.
    case tags(URL)
    /// The folder to export these takes into.
    case export([URL])
  }

  /// What the text becomes.
  public var purpose: Purpose
  /// The line being typed.
  public private(set) var line: LineEditor
  /// For an export: the container to remux into (nil: as recorded). Tab cycles it.
  public var container: String?
  /// The suggested text is still untouched: for an export folder, typing replaces it and
  /// Backspace clears it, while a key that moves the cursor starts editing it.
  public private(set) var isSuggestion: Bool
  /// Why the text was refused when Enter was pressed (shown under it until the next key).
  public var refusal: String?

  /// Creates an input line.
  public init(purpose: Purpose, text: String, container: String? = nil) {
    self.purpose = purpose
    line = LineEditor(text)
    self.container = container
    if case .export = purpose { isSuggestion = true } else { isSuggestion = false }
  }

  /// The text so far.
  public var text: String { line.text }

  /// Carries out an editing key (see `LineEditor`); false for any other key.
  mutating func edit(_ key: Key) -> Bool {
    if isSuggestion {
      switch key {
      case .character, .backspace, .delete: line.replace(with: "")
      default: break
      }
    }
    guard line.handle(key) else { return false }
    isSuggestion = false
    refusal = nil
    return true
  }

  /// The dialog's title.
  public var title: String {
    switch purpose {
    case .rename: "Rename the take"
    case .note: "Note"
    case .tags: "Tags (separated by commas)"
    case .export(let takes):
      takes.count == 1 ? "Export the take to" : "Export \(takes.count) takes to"
    }
  }

  /// Why Enter cannot use the text, or nil when it can.
  public var problem: String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch purpose {
    case .rename: return TakeRenamer.problem(withName: trimmed)
    case .export: return trimmed.isEmpty ? "type a folder first" : nil
    case .note, .tags: return nil
    }
  }

  /// The request Enter sends; nil when the text cannot be used (then the dialog stays, with
  /// the text as typed and `problem` under it).
  public var request: GalleryRequest? {
    guard problem == nil else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch purpose {
    case .rename(let folder):
      return .rename(folder, to: trimmed)
    case .note(let folder):
      return .setNotes(folder, trimmed)
    case .tags(let folder):
      let tags = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return .setTags(folder, tags.filter { !$0.isEmpty })
    case .export(let takes):
      return .export(takes, to: trimmed, container: container)
    }
  }
}
