public import Foundation

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
  /// The text so far.
  public var text: String
  /// For an export: the container to remux into (nil: as recorded). Tab cycles it.
  public var container: String?
  /// The suggested text is still untouched: for an export folder, typing replaces it and
  /// Backspace clears it (the terminal sends no Ctrl-U to clear a line).
  public var isSuggestion: Bool

  /// Creates an input line.
  public init(purpose: Purpose, text: String, container: String? = nil) {
    self.purpose = purpose
    self.text = text
    self.container = container
    if case .export = purpose { isSuggestion = true } else { isSuggestion = false }
  }

  /// Types `character`.
  mutating func type(_ character: Character) {
    if isSuggestion { text = "" }
    isSuggestion = false
    text.append(character)
  }

  /// Deletes the last character (the whole suggestion while it is untouched).
  mutating func deleteBackward() {
    if isSuggestion { text = "" } else if !text.isEmpty { text.removeLast() }
    isSuggestion = false
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

  /// The request Enter sends; nil when the text cannot be used (then the dialog stays).
  public var request: GalleryRequest? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch purpose {
    case .rename(let folder):
      return trimmed.isEmpty ? nil : .rename(folder, to: trimmed)
    case .note(let folder):
      return .setNotes(folder, trimmed)
    case .tags(let folder):
      let tags = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return .setTags(folder, tags.filter { !$0.isEmpty })
    case .export(let takes):
      return trimmed.isEmpty ? nil : .export(takes, to: trimmed, container: container)
    }
  }
}
