import Foundation
import Library

/// The gallery's typed input (search, dialogs) and the checks before an action.
extension GalleryScreen {
  // MARK: - Search

  mutating func handleSearchKey(_ key: Key, app: inout AppState) -> [AppCommand] {
    guard var line = searchInput else { return [] }
    switch key {
    case .enter, .down:
      searchInput = nil
      return []
    case .escape:
      searchInput = nil
      ignoreTypingUntil = app.uptime + Self.typingAfterCancelSeconds
      return updateSearch("", app)
    default:
      let before = line.text
      guard line.handle(key) else { return [] }
      searchInput = line
      return line.text == before ? [] : updateSearch(line.text, app)
    }
  }

  /// How long after Esc closes a text field the letters typed are still taken for the field's
  /// (and dropped), not for gallery commands: a user still typing must not open, rename or
  /// delete anything by it.
  static let typingAfterCancelSeconds = 0.5

  /// True for a character typed within `typingAfterCancelSeconds` of a field's Esc.
  func isTypingAfterCancel(_ key: Key, app: AppState) -> Bool {
    guard case .character = key else { return false }
    return app.uptime < ignoreTypingUntil
  }

  // MARK: - Dialogs

  mutating func handleDialogKey(_ key: Key, _ dialog: GalleryDialog, app: inout AppState)
    -> [AppCommand]
  {
    switch dialog {
    case .confirm(_, _, _, let request):
      switch key {
      case .character("y"), .character("Y"), .enter:
        self.dialog = nil
        return [.gallery(request)]
      case .character("n"), .character("N"), .escape, .character("q"):
        self.dialog = nil
      default: break
      }
      return []
    case .input(var input):
      switch key {
      case .enter:
        guard let request = input.request else {
          // The text stays as typed, so the user corrects it rather than types it again.
          input.refusal = input.problem
          self.dialog = .input(input)
          return []
        }
        self.dialog = nil
        if case .export = request { self.dialog = .exporting(nil) }
        return [.gallery(request)]
      case .escape:
        self.dialog = nil
        ignoreTypingUntil = app.uptime + Self.typingAfterCancelSeconds
        return []
      case .tab:
        if case .export = input.purpose {
          let choices: [String?] = ["mp4", "mkv", nil]
          let index = choices.firstIndex { $0 == input.container } ?? 0
          input.container = choices[(index + 1) % choices.count]
        }
      default:
        _ = input.edit(key)
      }
      self.dialog = .input(input)
      return []
    case .exporting:
      if [.escape, .character("c"), .character("q")].contains(key) {
        AppUpdate.toast(&app, "Cancelling the export…")
        return [.gallery(.cancelExport)]
      }
      return []
    }
  }

  // MARK: - Checks before an action

  /// Asks before deleting the chosen takes (never one being recorded).
  mutating func askToDelete(permanently: Bool, app: inout AppState) -> [AppCommand] {
    let targets = targets()
    guard !targets.isEmpty else { return nothingSelected(&app) }
    if let busy = targets.first(where: { $0.state == .recording }) {
      AppUpdate.toast(&app, "\(busy.name) is being recorded right now", problem: true)
      return []
    }
    let what = targets.count == 1 ? targets[0].name : "\(targets.count) takes"
    let folders = targets.map(\.folder)
    dialog =
      permanently
      ? .confirm(
        title: "Delete for good?",
        message: "Deletes \(what) and its files permanently. This cannot be undone.",
        confirmLabel: "Delete for good", request: .deletePermanently(folders))
      : .confirm(
        title: "Move to the Trash?",
        message: "Moves \(what) to the Trash; a file manager can restore it from there.",
        confirmLabel: "Move to Trash", request: .moveToTrash(folders))
    return []
  }

  /// The selected take when it can be played or opened; otherwise says why not.
  func usableSelection(app: inout AppState, for verb: String) -> TakeEntry? {
    guard let entry = selected else {
      _ = nothingSelected(&app)
      return nil
    }
    if let reason = entry.unreadableReason {
      AppUpdate.toast(&app, "Cannot \(verb) \(entry.name): \(reason)", problem: true)
      return nil
    }
    if entry.state == .interrupted {
      AppUpdate.toast(&app, "\(entry.name) was interrupted: R recovers it first", problem: true)
      return nil
    }
    if entry.state == .recording {
      AppUpdate.toast(&app, "\(entry.name) is still being recorded", problem: true)
      return nil
    }
    return entry
  }

  /// The selected take when its metadata can be edited or its folder renamed.
  func editableSelection(app: inout AppState) -> TakeEntry? {
    guard let entry = selected else {
      _ = nothingSelected(&app)
      return nil
    }
    guard entry.state == .finished else {
      AppUpdate.toast(&app, "\(entry.name) is not finished: recover it first", problem: true)
      return nil
    }
    guard entry.summary != nil else {
      AppUpdate.toast(
        &app, "\(entry.name)'s metadata.json cannot be read: \(entry.unreadableReason ?? "")",
        problem: true)
      return nil
    }
    return entry
  }

  func nothingSelected(_ app: inout AppState) -> [AppCommand] {
    AppUpdate.toast(&app, "No take here yet: record one with r on the camera screen")
    return []
  }
}
