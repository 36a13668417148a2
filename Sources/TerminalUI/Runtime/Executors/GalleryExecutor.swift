import DualCamCore
import Foundation
import Library

/// Carries out the gallery's requests on the takes in the output folder, as events: listing
/// (`LibraryIndex`), details, thumbnails (`ThumbnailQueue` with `MediaThumbnailMaker`), the
/// Trash, deleting, renaming, notes and tags, opening in the user's player, and — on a thread
/// of their own, because they rewrite or copy whole videos — recovering and exporting.
///
/// Quick file operations answer at once; background work leaves its events in an inbox the
/// runner empties every tick (`collect()`).
final class GalleryExecutor {
  private var index: LibraryIndex?
  private var lastProblems: [String] = []
  private let trash: Trash
  private let indexStore: LibraryIndexStore
  private let processEnvironment: [String: String]
  private let now: @Sendable () -> Date
  let inbox = GalleryInbox()
  private let thumbnails: ThumbnailQueue
  /// Recovery and export, one at a time.
  let work = DispatchQueue(label: "dualcam.gallery", qos: .userInitiated)
  let exportControl = ExportControl()

  /// An executor using `library` for the Trash, the index store and the thumbnail cache,
  /// `process` for the user's player, and `maker` for pictures.
  init(
    library: LibraryEnvironment = .current(),
    process: [String: String] = ProcessInfo.processInfo.environment,
    maker: any ThumbnailMaker = MediaThumbnailMaker(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    trash = Trash(environment: library, now: now)
    indexStore = LibraryIndexStore(environment: library)
    processEnvironment = process
    self.now = now
    let inbox = inbox
    thumbnails = ThumbnailQueue(
      cache: ThumbnailCache(environment: library), maker: maker,
      bounds: ImageSize(width: 96, height: 108)
    ) { key, outcome in
      inbox.thumbnailArrived(key, outcome)
    }
  }

  /// Carries out `request` for the takes in `root` (nil: the output folder is not known yet).
  func perform(_ request: GalleryRequest, root: URL?) -> [AppEvent] {
    switch request {
    case .list: return refresh(root: root, always: true)
    case .refresh: return refresh(root: root, always: false)
    case .loadDetails(let entry): return [details(of: entry)]
    case .thumbnails(let entries): return requestThumbnails(entries)
    case .moveToTrash(let folders):
      return each(folders, verb: "moved to the Trash", title: "Could not move to the Trash") {
        folder throws(DualCamError) in _ = try trash.move(folder)
      } + refresh(root: root, always: true)
    case .deletePermanently(let folders):
      return each(folders, verb: "deleted for good", title: "Could not delete") {
        folder throws(DualCamError) in try Trash.deletePermanently(folder)
      } + refresh(root: root, always: true)
    case .rename(let folder, let name):
      return edit(folder, title: "Could not rename", root: root) { () throws(DualCamError) in
        let renamed = try TakeRenamer.rename(folder, to: name)
        return "Renamed to \(renamed.lastPathComponent)"
      }
    case .setNotes(let folder, let notes):
      return edit(folder, title: "Could not save the note", root: root) {
        () throws(DualCamError) in
        try TakeNotesEditor.setNotes(notes, in: folder)
        return notes.isEmpty ? "Note removed" : "Note saved"
      }
    case .setTags(let folder, let tags):
      return edit(folder, title: "Could not save the tags", root: root) {
        () throws(DualCamError) in
        try TakeNotesEditor.setTags(tags, in: folder)
        return tags.isEmpty ? "Tags removed" : "Tags saved: \(tags.joined(separator: ", "))"
      }
    case .export(let folders, let destination, let container):
      return export(folders, to: destination, container: container)
    case .cancelExport:
      exportControl.cancelled.store(true, ordering: .relaxed)
      return []
    case .openExternally(let folder): return openExternally(folder)
    case .recover(let folder): return recover(folder)
    }
  }

  /// The events background work has left since the last call.
  func collect() -> [AppEvent] { inbox.take() }

  /// Cancels an export and waits for background work (quitting, tests).
  func finish() {
    exportControl.cancelled.store(true, ordering: .relaxed)
    thumbnails.cancelPending()
    work.sync {}
    thumbnails.waitUntilIdle()
  }

  /// Waits for background work without cancelling it (tests).
  func waitUntilIdle() {
    work.sync {}
    thumbnails.waitUntilIdle()
  }

  // MARK: - Listing and details

  private func refresh(root: URL?, always: Bool) -> [AppEvent] {
    guard let root else {
      return [.gallery(.listed([], problems: ["the output folder is not known yet"], now: now()))]
    }
    var first = false
    if index?.roots != [root.standardizedFileURL] {
      index = LibraryIndex(roots: [root], store: indexStore, now: now)
      first = true
    }
    let changes = index!.refresh()
    let problems = index!.unavailableRoots.map(\.reason)
    guard always || first || !changes.isEmpty || problems != lastProblems else { return [] }
    lastProblems = problems
    return [.gallery(.listed(index!.entries, problems: problems, now: now()))]
  }

  private func details(of entry: TakeEntry) -> AppEvent {
    var metadata: TakeMetadata?
    var problem: String?
    do throws(DualCamError) {
      metadata = try TakeMetadataFile.decode(try TakeMetadataFile.data(of: entry))
    } catch {
      problem = error.problem
    }
    var sections = TakeDetails.sections(entry, metadata: metadata)
    if let problem, entry.unreadableReason == nil {
      sections[0].rows.append(("metadata", problem))
    }
    return .gallery(.details(id: entry.id, sections))
  }

  private func requestThumbnails(_ entries: [TakeEntry]) -> [AppEvent] {
    var events: [AppEvent] = []
    var keys: [ThumbnailKey] = []
    for entry in entries {
      guard let key = thumbnails.cache.key(for: entry) else {
        events.append(.gallery(.thumbnail(id: entry.id, .failed("no dual-view file to show"))))
        continue
      }
      if let picture = thumbnails.cache.cached(key) {
        events.append(.gallery(.thumbnail(id: entry.id, .ready(picture))))
        continue
      }
      inbox.expect(key, for: entry.id)
      keys.append(key)
    }
    thumbnails.request(keys)
    return events
  }

  // MARK: - Quick actions

  /// Applies `body` to each folder; one toast for what worked, one dialog for what did not.
  private func each(
    _ folders: [URL], verb: String, title: String,
    _ body: (URL) throws(DualCamError) -> Void
  ) -> [AppEvent] {
    var done: [String] = []
    var failures: [String] = []
    var fix: String?
    for folder in folders {
      do throws(DualCamError) {
        try body(folder)
        done.append(folder.lastPathComponent)
      } catch {
        failures.append("\(folder.lastPathComponent): \(error.problem)")
        fix = fix ?? (error.fix.isEmpty ? nil : error.fix)
      }
    }
    var events: [AppEvent] = []
    if !done.isEmpty {
      let what = done.count == 1 ? done[0] : "\(done.count) takes"
      events.append(.gallery(.done("\(what) \(verb)")))
    }
    if !failures.isEmpty {
      events.append(
        .failed(ErrorReport(title: title, problem: failures.joined(separator: "; "), fix: fix)))
    }
    return events
  }

  private func edit(
    _ folder: URL, title: String, root: URL?, _ body: () throws(DualCamError) -> String
  ) -> [AppEvent] {
    do throws(DualCamError) {
      let message = try body()
      index?.invalidate(folder)
      return [.gallery(.done(message))] + refresh(root: root, always: true)
    } catch {
      return [.failed(ErrorReport(title: title, error: error))]
    }
  }

  /// Starts the user's player on the take's dual view without waiting for it.
  private func openExternally(_ folder: URL) -> [AppEvent] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard let file = files.sorted().first(where: { $0.hasPrefix("dualview_") }) else {
      return [
        .failed(
          ErrorReport(
            title: "Cannot open the take", problem: "\(folder.lastPathComponent) has no dual view",
            fix: nil))
      ]
    }
    let hasDisplay =
      processEnvironment["DISPLAY"] != nil || processEnvironment["WAYLAND_DISPLAY"] != nil
    let player = processEnvironment["DUALCAM_PLAYER"]
    guard hasDisplay || player != nil else {
      return [.notice("No display here (over SSH?): Enter plays the take in the terminal")]
    }
    let process = Process()
    let command = [player ?? "xdg-open", folder.appendingPathComponent(file).path]
    // In a session of its own (`setsid -f`), the player outlives the interface and never
    // gets the terminal's Ctrl-C; without setsid it is at least never waited for.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
      process.arguments = ["-f"] + command
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return [.notice("Opened \(file) in \(player ?? "the default player")")]
    } catch {
      return [.notice("Could not start \(player ?? "xdg-open"): \(error.localizedDescription)")]
    }
  }
}
