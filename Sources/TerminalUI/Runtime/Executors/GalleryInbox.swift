import DualCamCore
import Foundation
import Library
import Synchronization

/// Flags shared with the export thread.
final class ExportControl: Sendable {
  /// The user asked to stop the export.
  let cancelled = Atomic<Bool>(false)
  /// An export runs.
  let running = Atomic<Bool>(false)
}

/// Events left by background work for the interface thread, and which take each pending
/// thumbnail belongs to.
final class GalleryInbox: Sendable {
  /// A pthread mutex (`Locked`), which ThreadSanitizer follows: the thumbnail queue, the export
  /// thread and the interface thread all contend for it.
  private let state = Locked<(events: [AppEvent], owners: [String: String])>(([], [:]))

  /// Leaves `event`; a newer export progress replaces an older one not yet taken.
  func post(_ event: AppEvent) {
    state.withLock { state in
      if case .gallery(.exportProgress) = event {
        state.events.removeAll {
          if case .gallery(.exportProgress) = $0 { return true }
          return false
        }
      }
      state.events.append(event)
    }
  }

  /// Remembers that `key`'s picture belongs to the take `id`.
  func expect(_ key: ThumbnailKey, for id: String) {
    state.withLock { $0.owners[key.name] = id }
  }

  /// The thumbnail queue's answer, turned into an event for its take.
  func thumbnailArrived(_ key: ThumbnailKey, _ outcome: ThumbnailQueue.Outcome) {
    let picture: GalleryThumbnail
    switch outcome {
    case .ready(let url):
      picture =
        (try? Data(contentsOf: url)).flatMap(Thumbnail.init(portablePixmap:)).map { .ready($0) }
        ?? .failed("the cached picture could not be read")
    case .failed(let reason):
      picture = .failed(reason)
    }
    state.withLock { state in
      guard let id = state.owners.removeValue(forKey: key.name) else { return }
      state.events.append(.gallery(.thumbnail(id: id, picture)))
    }
  }

  /// Takes every event left so far.
  func take() -> [AppEvent] {
    state.withLock { state in
      defer { state.events.removeAll() }
      return state.events
    }
  }
}
